-- Housing provident fund loans (issue 38, docs/api-loans.md): the contract, its schedule from the sdk engine, the
-- repayments, and the approval of developers' projects a loan may be applied for on. Money is bigint fen throughout.

-- Numbers come from sequences, never max(): 贷款账号 80 + yyMMdd + the sequence, 借款合同编号 90 + yyMMdd + the
-- sequence (at least 5 digits: the reference's 13 digits until the 100,000th loan, one digit more after, never a
-- truncated duplicate).
create sequence loan_account_seq;
create sequence loan_contract_seq;

create table loan (
  dkzh          text primary key,
  jkhtbh        text not null unique,
  -- The application (GD0101) whose completion created it: one loan per application.
  ywbh          text not null unique,
  -- The borrower (ID number, name) and the provident account the application was made on.
  zjhm          text not null,
  xingming      text not null,
  grzh          text not null references personal_account (grzh),
  -- The co-borrower's ID number, '' when none.
  gtjkr_zjhm    text not null default '',
  amount_fen    bigint not null check (amount_fen > 0),
  months        integer not null check (months between 1 and 999),
  -- Annual rate in percent, as loan_rate keeps it, and the code it was read from (01/02 first home, 71/72 second).
  annual_rate   numeric(8, 4) not null check (annual_rate >= 0),
  rate_code     text not null,
  -- Dictionary 还款方式: 01 等额本息, 02 等额本金.
  method        text not null check (method in ('01', '02')),
  issue_date    date not null,
  -- Dictionary 贷款状态 (spec 3.11): 1 正常, 2 逾期, 3 结清.
  status        text not null default '1' check (status in ('1', '2', '3')),
  -- The principal still owed: amount less the principal of every repayment.
  balance_fen   bigint not null check (balance_fen >= 0),
  -- The property: 01 a developer's project (xmbh), 02 a resale home.
  fwlx          text not null check (fwlx in ('01', '02')),
  xmbh          text,
  fwdz          text not null,
  fwmj          numeric(10, 2) not null,
  fwzj_fen      bigint not null check (fwzj_fen > 0),
  second_home   boolean not null default false,
  -- Dictionary 担保方式 (spec 3.11): 01 抵押 … 72 抵押加阶段性担保 … 99 其他.
  dbfs          text not null,
  -- The repayment bank card (kept whole; every answer masks it).
  hkyh          text not null,
  hkzh          text not null,
  settled_date  date,
  -- The simulated bank's answer to the monthly card debit (the reference server has no bank): true, the card pays nothing.
  card_debit_fails boolean not null default false,
  created_at    timestamptz not null,
  check ((status = '3') = (settled_date is not null))
);
-- A borrower's loans (getLoanOf, the loan pages, the "no unsettled loan" rule).
create index loan_holder on loan (zjhm, issue_date desc);
create index loan_coborrower on loan (gtjkr_zjhm) where gtjkr_zjhm <> '';
-- The loans on a developer's project (the developer's list).
create index loan_project on loan (xmbh, issue_date desc) where xmbh is not null;

-- One row per period of the plan, as the engine computed it; paid_* record what repayments took.
create table loan_schedule (
  dkzh                 text not null references loan (dkzh),
  period               integer not null check (period >= 1),
  due_date             date not null,
  principal_fen        bigint not null check (principal_fen >= 0),
  interest_fen         bigint not null check (interest_fen >= 0),
  payment_fen          bigint not null check (payment_fen >= 0),
  balance_fen          bigint not null check (balance_fen >= 0),
  paid_principal_fen   bigint not null default 0 check (paid_principal_fen >= 0),
  paid_interest_fen    bigint not null default 0 check (paid_interest_fen >= 0),
  -- 0 未还, 1 已还, 2 逾期.
  status               text not null default '0' check (status in ('0', '1', '2')),
  primary key (dkzh, period)
);
-- The monthly command: the periods falling due, set-based.
create index loan_schedule_due on loan_schedule (due_date) where status <> '1';

-- Every repayment: what it paid of which period, from where (card, offset from a provident account, prepayment).
create table loan_repayment (
  id                    bigint generated always as identity primary key,
  dkzh                  text not null references loan (dkzh),
  period                integer,
  ywbh                  text not null,
  line                  integer not null,
  pay_date              date not null,
  principal_fen         bigint not null check (principal_fen >= 0),
  interest_fen          bigint not null check (interest_fen >= 0),
  overdue_interest_fen  bigint not null default 0 check (overdue_interest_fen >= 0),
  -- card 银行卡代扣, offset 冲还贷 (journal kind 31 into C400), prepay 提前还款.
  source                text not null check (source in ('card', 'offset', 'prepay')),
  unique (ywbh, line)
);
create index loan_repayment_history on loan_repayment (dkzh, pay_date desc, id desc);

-- 签约冲还贷 (GD0601): each instalment is taken first from these provident accounts (the borrower's, the spouse's),
-- by journal kind 31 into the loan-recovery account C400; stopped agreements keep their row (stopped_at).
create table loan_offset (
  id          bigint generated always as identity primary key,
  dkzh        text not null references loan (dkzh),
  grzh        text not null references personal_account (grzh),
  -- The order the accounts are drawn from (1: the borrower's).
  seq         integer not null default 1,
  ywbh        text not null,
  started_on  date not null,
  stopped_on  date
);
create unique index loan_offset_active on loan_offset (dkzh, grzh) where stopped_on is null;

-- The monthly command's runs (one per month; a second run of a month collects only what is still due).
create table loan_collection_run (
  month        text primary key check (month ~ '^[0-9]{6}$'),
  runs         integer not null default 0,
  last_run_at  timestamptz not null
);

-- A developer's project is approved by the centre before a loan may be applied for on it (spec 7.3 kfslpxx):
-- spzt 01 待审核, 02 已通过, 03 已退回. The projects on file before this migration were approved.
alter table developer_project add column spzt text not null default '02' check (spzt in ('01', '02', '03'));
alter table developer_project add column jgqj text not null default '';
create index developer_project_approved on developer_project (id) where spzt = '02';
