-- SMS sign-in, password recovery and password change (issue 6).
-- The password status of spec 3.1: '0' the password is an initial one (set by the centre), which the hall asks to
-- change right after sign-in; '1' the user has set it. Existing logins have set theirs.
alter table app_user add column pwd_status text not null default '1' check (pwd_status in ('0', '1'));

-- Password recovery (/forgotPwd): checking the SMS code spends it and hands out a ticket, which sets the new
-- password once. Only the SHA-256 of the ticket is kept; it is valid 10 minutes.
create table pwd_recover_ticket (
  ticket_hash text primary key check (ticket_hash ~ '^[0-9a-f]{64}$'),
  user_id     bigint not null references app_user (id) on delete cascade,
  expires_at  timestamptz not null,
  used_at     timestamptz
);
create index pwd_recover_ticket_expiry on pwd_recover_ticket (expires_at);
