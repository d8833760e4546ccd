-- QR login (issue 6; spec 2.7, 3.7, 4.4; docs/api-qr.md). A code is asked for by a browser (getQrCode), opened on
-- the confirmation page by a person signed in there (scanned), then confirmed or refused by that person, and turned
-- into a session once (used) by the browser that asked for it: it alone holds the key whose SHA-256 is kept here.
-- Expiry is expires_at, not a status. Rows go ten minutes after they expire (on the next getQrCode).
create table qr_login (
  code_id      uuid primary key,
  key_hash     text not null check (key_hash ~ '^[0-9a-f]{64}$'),
  login_type   smallint not null check (login_type in (1, 2, 3)),
  status       text not null default 'waiting' check (status in ('waiting', 'scanned', 'confirmed', 'refused', 'used')),
  requester_ip text not null default '',
  created_at   timestamptz not null,
  expires_at   timestamptz not null,
  scanned_at   timestamptz,
  decided_at   timestamptz,
  used_at      timestamptz,
  -- Who confirmed (or refused): the login and the account the confirming session was on.
  user_id      bigint references app_user (id) on delete cascade,
  account_id   bigint references user_account (id) on delete cascade
);
create index qr_login_expiry on qr_login (expires_at);
