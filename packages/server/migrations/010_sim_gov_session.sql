-- The simulated government platform's own sign-in sessions (development stand-in; issue 8, docs/api-sso.md): the
-- platform page keeps an opaque token in an HttpOnly cookie, this table only its SHA-256. 30 minutes from sign-in;
-- signing out deletes the row, expired rows are deleted as new sessions are made.
create table sim_gov_session (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  id_number  text not null references sim_gov_citizen (id_number) on delete cascade,
  expires_at timestamptz not null
);
create index sim_gov_session_expiry on sim_gov_session (expires_at);
