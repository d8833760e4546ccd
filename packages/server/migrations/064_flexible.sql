-- Flexible employment (灵活就业, issue 24 item 6; docs/api-personal.md › 灵活就业): what the centre keeps about a
-- flexible account besides its terms in personal_account (base, ratios, monthly amount, status): the bank account
-- the monthly deposit is deducted from, the household registration, and why it was sealed. One row per flexible
-- account, written by the businesses GJ0801, GJ0802, GJ0805, GJ0810 (and seed step 17 for the demo accounts).
create table flexible_account (
  grzh          text primary key references personal_account (grzh),
  -- 扣款银行 and 扣款账号: the deduction agreement's bank account ('' while none is on file).
  kkyh          text not null default '',
  kkzh          text not null default '',
  -- 户籍所在地
  hjszd         text not null default '',
  -- 封存原因 of the last GJ0810 (dictionary of business/flexible/params.ts), '' when never sealed.
  fcyy          text not null default '',
  updated_at    timestamptz not null,
  -- The business that last changed the row.
  ywbh          text not null default ''
);

-- 灵活就业人员财政补贴 (GJ0814): one approved subsidy per account and year, written when the centre completes it.
create table flexible_subsidy (
  ywbh        text primary key,
  grzh        text not null references personal_account (grzh),
  nd          integer not null,
  btlb        text not null,
  approved_at timestamptz not null,
  unique (grzh, nd)
);

-- Which months an account has paid (汇缴 01 or 补缴 02, by period): the unpaid months of a 补缴 are read through it.
create index journal_entry_paid_period on journal_entry (account_no, period) where kind in ('01', '02');
