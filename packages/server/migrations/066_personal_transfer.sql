-- Personal transfer between units of the centre (同城转移, issue 24; docs/api-personal.md › 同城转移). The account keeps
-- its number and moves from the old unit to the new one; its money moves through the records (转出 22 and 转入 21
-- against C300, records/transfer.ts). One row per completed move: the account's history of units.
create table personal_transfer (
  id           bigint generated always as identity primary key,
  -- The application that moved it (GJ0314 by the person; the unit's GJ0306 when it is built).
  ywbh         text not null unique,
  grzh         text not null references personal_account (grzh),
  from_dwzh    text not null,
  from_dwmc    text not null,
  to_dwzh      text not null references unit_record (dwzh),
  to_dwmc      text not null,
  -- The balance that moved (fen): out of the old unit's list and into the new one's on value_date.
  amount_fen   bigint not null check (amount_fen >= 0),
  value_date   date not null,
  completed_at timestamptz not null
);
-- An account's moves, oldest first.
create index personal_transfer_account on personal_transfer (grzh, id);

-- "No other transfer in progress for this account", whoever applied (the person, or the new unit): the open transfer
-- applications by the account they move, so the rule reads one index entry, not every application.
create index application_transfer_open on application ((payload ->> 'grzh'))
  where ywlx in ('GJ0314', 'GJ0306') and zt in ('01', '02', '04');

-- "No withdrawal in progress on this account": the open applications by the account number they were made on.
create index application_open_zh on application (zh) where zt in ('01', '02', '04');
