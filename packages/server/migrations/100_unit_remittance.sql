-- Unit business (issue 34, docs/api-unit-business.md): the unit's remittances (汇缴, GJ0201) and what the unit
-- keeps about its employees' accounts.

-- 缴至年月: the newest month the unit has paid (YYYYMM), null before its first remittance. Months are paid in order
-- from it: the next remittance is for the month after it.
alter table unit_account add column jzny text check (jzny ~ '^\d{4}(0[1-9]|1[0-2])$');

-- One paid remittance of a unit for a month: the payment row the centre's bank collection writes (the reference server
-- writes it when the remittance is settled). (dwzh, period) is unique: a month cannot be paid twice.
create table unit_remittance (
  ywbh        text primary key,
  dwzh        text not null references unit_record (dwzh),
  period      text not null check (period ~ '^\d{4}(0[1-9]|1[0-2])$'),
  kind        text not null default '01' check (kind in ('01', '02')),
  persons     integer not null check (persons >= 0),
  -- The unit's total: the sum of its lines to the fen (checked when it is written).
  total_fen   bigint not null check (total_fen >= 0),
  paid_at     timestamptz not null,
  unique (dwzh, period, kind)
);
-- A unit's remittances newest first (the records page, keyset on period).
create index unit_remittance_unit on unit_remittance (dwzh, period desc);

-- Its lines: one per employee credited, with the base and ratios it was computed from. (ywbh, line) is the journal
-- entry's key.
create table unit_remittance_line (
  ywbh        text not null references unit_remittance (ywbh),
  line        integer not null check (line >= 1),
  grzh        text not null references personal_account (grzh),
  jcjs_fen    bigint not null check (jcjs_fen >= 0),
  dwjcbl      numeric(5, 2) not null,
  grjcbl      numeric(5, 2) not null,
  dwyje_fen   bigint not null check (dwyje_fen >= 0),
  gryje_fen   bigint not null check (gryje_fen >= 0),
  amount_fen  bigint not null check (amount_fen > 0 and amount_fen = dwyje_fen + gryje_fen),
  primary key (ywbh, line),
  unique (ywbh, grzh)
);

-- Why the unit sealed an employee's account (封存原因, GJ0305; changed by GJ0312), and the business that did it.
create table employee_seal (
  grzh        text primary key references personal_account (grzh),
  fcyy        text not null,
  ywbh        text not null,
  sealed_at   timestamptz not null
);

-- Personal account numbers the units open (GJ0301): from a sequence, never max().
create sequence unit_grzh_seq start 201002100000;
