-- Deposit certificates (缴存证明, issue 24 item 3; docs/api-personal.md › 缴存证明): one row per certificate a login
-- issued. What the certificate said is frozen in `facts` at issue time (the PDF is drawn again from it, and the public
-- verification page shows it masked); nothing is read live afterwards.
create sequence deposit_certificate_no;

create table deposit_certificate (
  id          bigserial primary key,
  -- 证明编号: JCZM + issue date (centre time) + 6 digits of the sequence.
  zmbh        text not null unique,
  -- 验证码: random (16 characters of an unambiguous alphabet, 80 bits), never derived from the number.
  code        text not null unique,
  user_id     bigint not null references app_user (id),
  grzh        text not null,
  issued_at   timestamptz not null,
  -- The last day it verifies as valid (centre date).
  valid_until date not null,
  revoked_at  timestamptz,
  facts       jsonb not null
);
-- The issuing login's list, newest first, read a page at a time by keyset on id.
create index deposit_certificate_user on deposit_certificate (user_id, id desc);
