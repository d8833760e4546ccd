-- 保证金 (issue 38, docs/api-developer.md › 保证金): the deposit a developer keeps with the centre for the staged
-- guarantees (阶段性担保) of its projects. It is the developer's money held by the centre, not a provident account:
-- a ledger of its own (not journal_entry / records.postMovement). Each guaranteed loan (担保方式 72 on a project that
-- gives the guarantee) holds a share of its amount (the parameter below) once; the share is released when the
-- loan's mortgage is registered. A developer's balance is Σ holds − Σ releases of its entries. Money in bigint fen.
insert into centre_parameter (key, value, min_value, max_value, unit, title) values
  ('developerDepositPercent', 5, 0, 100, 'pct', '阶段性担保保证金：每笔担保贷款按贷款金额缴存的比例（%）')
on conflict (key) do nothing;

create table developer_deposit_entry (
  id          bigint generated always as identity primary key,
  dwzh        text not null references unit_record (dwzh),
  dkzh        text not null references loan (dkzh),
  -- hold 缴存（担保贷款发放）, release 释放（抵押登记办妥）.
  kind        text not null check (kind in ('hold', 'release')),
  amount_fen  bigint not null check (amount_fen >= 0),
  value_date  date not null,
  created_at  timestamptz not null,
  -- One hold and at most one release per loan: the commands are idempotent.
  unique (dkzh, kind)
);
-- The developer's entries, newest first (保证金查询), and its balance.
create index developer_deposit_unit on developer_deposit_entry (dwzh, id desc);

-- A loan's mortgage registered (抵押登记办妥), as the centre records it; releases the loan's share.
create table loan_mortgage (
  dkzh           text primary key references loan (dkzh),
  registered_on  date not null,
  operator       text not null,
  created_at     timestamptz not null
);
