-- Token refresh (issue 23; docs/api-shell.md, 令牌续期). A session keeps its id, token_hash (the hash of its first access
-- token, which two-check grants and the account switch refer to), while its access token changes at each refresh.
alter table user_session add column access_hash text;
update user_session set access_hash = token_hash;
alter table user_session alter column access_hash set not null;
alter table user_session add constraint user_session_access_hash_check check (access_hash ~ '^[0-9a-f]{64}$');
create unique index user_session_access on user_session (access_hash);
-- When the current access token stops opening the session; null for sessions opened before this (they end by the
-- idle limit and the maximum age, as before).
alter table user_session add column access_expires_at timestamptz;

-- Every refresh token a session was given, by its SHA-256. The one without used_at is the current one; presenting a
-- used one again means it was copied, and the session is revoked (rotation with reuse detection). Gone with the session.
create table session_refresh (
  token_hash   text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  session_hash text not null references user_session (token_hash) on delete cascade,
  issued_at    timestamptz not null,
  used_at      timestamptz
);
create index session_refresh_session on session_refresh (session_hash);
