-- SMS verification codes (issue 6): sign-in by phone, registration, password recovery and change. Only a hash of
-- the code is kept; a code is for one phone and one purpose, single use, valid 5 minutes, and given up after five
-- wrong tries. Sending is limited per phone: one code a minute, five an hour (counted here, so every server instance
-- on this database shares the count).
create table sms_code (
  id         bigserial primary key,
  phone      text not null,
  purpose    text not null,
  code_hash  text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  sent_at    timestamptz not null,
  expires_at timestamptz not null,
  used_at    timestamptz,
  failures   integer not null default 0 check (failures >= 0)
);
create index sms_code_phone on sms_code (phone, sent_at desc);
