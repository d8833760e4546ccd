-- Unit registrations and unit passwords (issue 6, docs/api-unit.md).

-- The centre's own records of the units it holds accounts for: deposit units (jcdw) and other-category units
-- (qtdw: real-estate developers). The handler on file is whom the hall trusts: the SMS code goes to the handler's
-- phone, and the handler's name and ID number must match before a login is made or its password set.
-- Whether a unit has a hall login is app_user (account = dwzh), not a flag here.
create table unit_record (
  dwzh      text primary key,
  dwmc      text not null,
  tyshxydm  text not null unique,
  -- jcdw: deposit unit (login type 2); qtdw: other category, a developer (login type 3).
  category  text not null check (category in ('jcdw', 'qtdw')),
  jbrxm     text not null,
  jbrzjhm   text not null,
  jbrsjhm   text not null,
  -- The unit account status (dictionary DWZHZT): 04 sealed and 05 closed may not register.
  dwzhzt    text not null default '01',
  group_bh  text not null default '0'
);

-- Unit deposit registrations (/UnitDeposit): a new employer asks to open a deposit account. The centre reviews
-- it (status 0 pending, 1 approved, 2 refused); no login is made here. The reference number is what the
-- applicant quotes at the counter.
create table unit_deposit_application (
  id         bigserial primary key,
  sqbh       text not null unique,
  dwmc       text not null,
  tyshxydm   text not null,
  dwdz       text not null,
  yzbm       text not null,
  fddbr      text not null,
  jbrxm      text not null,
  jbrzjhm    text not null,
  jbrsjhm    text not null,
  jcqsny     text not null check (jcqsny ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  dwjcbl     numeric(4, 2) not null check (dwjcbl >= 5 and dwjcbl <= 12),
  zgrs       integer not null check (zgrs >= 1),
  status     smallint not null default 0 check (status in (0, 1, 2)),
  created_at timestamptz not null
);
-- One live application per credit code: a second while the first is pending is refused.
create unique index unit_deposit_application_pending on unit_deposit_application (tyshxydm) where status = 0;
