-- Second check of menus with enable 10 (issue 21, spec 2.7, 4.2, 4.4; docs/api-qr.md "Second check (enable 10)").
-- A signed-in session asks for a code for one menu (twoCheck/getQrCode); the same login, signed in on a phone,
-- opens the code's confirmation page and confirms or refuses it. Confirming records a grant for that session and
-- menu in the same transaction; the grant lets the session open the menu until it expires. The code is bound to the
-- session that asked (its token hash) and to the login (user_id): every other login gets 403.
create table two_check (
  code_id           uuid primary key,
  token_hash        text not null references user_session (token_hash) on delete cascade,
  user_id           bigint not null references app_user (id) on delete cascade,
  menu_id           integer not null references menu (id) on delete cascade,
  status            text not null default 'waiting' check (status in ('waiting', 'scanned', 'confirmed', 'refused')),
  requester_ip      text not null default '',
  requester_browser text not null default '',
  created_at        timestamptz not null,
  expires_at        timestamptz not null,
  decided_at        timestamptz
);
create index two_check_expiry on two_check (expires_at);
create index two_check_session on two_check (token_hash);

-- One grant per session and menu; a later confirmation moves its expiry. Gone with the session.
create table two_check_grant (
  token_hash text not null references user_session (token_hash) on delete cascade,
  menu_id    integer not null references menu (id) on delete cascade,
  code_id    uuid not null,
  granted_at timestamptz not null,
  expires_at timestamptz not null,
  primary key (token_hash, menu_id)
);
create index two_check_grant_expiry on two_check_grant (expires_at);
