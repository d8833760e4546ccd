-- 单位缴存证明 (GJ0209, issue 34; docs/api-unit-business.md › 单位缴存证明): one row per certificate a unit issued.
-- As the personal certificate (062): what it said is frozen in `facts` when issued (the PDF is drawn again from it,
-- the public check shows it masked); nothing is read live afterwards. Numbers come from a sequence.
create sequence unit_certificate_no;

create table unit_certificate (
  id          bigserial primary key,
  -- 证明编号: DWJCZM + issue date (centre time) + 6 digits of the sequence.
  zmbh        text not null unique,
  -- 验证码: random (16 characters of an unambiguous alphabet, 80 bits), never derived from the number.
  code        text not null unique,
  -- The application (GJ0209) whose completion issued it.
  ywbh        text not null unique,
  dwzh        text not null references unit_record (dwzh),
  issued_at   timestamptz not null,
  -- The last day it verifies as valid (centre date).
  valid_until date not null,
  revoked_at  timestamptz,
  facts       jsonb not null
);
-- The unit's list, newest first, a page at a time by keyset on id.
create index unit_certificate_unit on unit_certificate (dwzh, id desc);
