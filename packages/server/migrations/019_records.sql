-- The centre's records (issue 20, docs/api-records.md): personal and unit accounts, the money journal, the centre's
-- own accounts, the dated deposit rate, interest runs and developers' projects. Money is bigint fen throughout.

-- The centre's own accounts: the other side of every journal entry (convention 13).
create table centre_account (
  code        text primary key,
  name        text not null,
  balance_fen bigint not null default 0
);
insert into centre_account (code, name) values
  ('C100', '归集银行存款'),
  ('C200', '利息支出'),
  ('C300', '转移过渡户'),
  ('C400', '贷款回收户');

-- Personal accounts (个人账户). The truth for an account's status and balance; depositor_record and person_info
-- keep the person (and a stale grzhye nobody reads).
create table personal_account (
  grzh                text primary key,
  zjhm                text not null,
  xingming            text not null,
  -- The employer's unit account; null for flexible employment (kind lhjy).
  dwzh                text,
  dwmc                text not null default '',
  kind                text not null default 'gr' check (kind in ('gr', 'lhjy')),
  -- Dictionary GRZHZT: 01 正常, 02 封存, 03 冻结, 99 销户.
  grzhzt              text not null default '01' check (grzhzt in ('01', '02', '03', '99')),
  close_reason        text check (close_reason in ('withdrawal', 'transfer', 'merge')),
  khrq                date not null,
  xhrq                date,
  jcjs_fen            bigint not null default 0 check (jcjs_fen >= 0),
  dwjcbl              numeric(5, 2) not null default 0 check (dwjcbl between 0 and 100),
  grjcbl              numeric(5, 2) not null default 0 check (grjcbl between 0 and 100),
  -- Unit part + personal part, each rounded by the centre's rule before adding.
  yjce_fen            bigint not null default 0 check (yjce_fen >= 0),
  balance_fen         bigint not null default 0 check (balance_fen >= 0),
  -- The date of the newest entry: a movement is never dated before it, so balance_after runs in date order.
  last_value_date     date,
  -- Interest has been paid up to this date (a 30 June, the closing date, or the opening date for a new account).
  interest_settled_to date not null,
  check ((grzhzt = '99') = (xhrq is not null))
);
create index personal_account_holder on personal_account (zjhm);
create index personal_account_unit on personal_account (dwzh, grzh);

-- Unit accounts (单位账户): the account terms of a unit_record (name, credit code, handler and status stay there).
create table unit_account (
  dwzh      text primary key references unit_record (dwzh),
  khrq      date not null,
  jkyhmc    text not null default '',
  jkyhzh    text not null default '',
  dwjcbl    numeric(5, 2) not null check (dwjcbl between 0 and 100),
  grjcbl    numeric(5, 2) not null check (grjcbl between 0 and 100)
);

-- The money journal: one immutable row per movement on a personal account, double entry against a centre account
-- (the personal account gets amount_fen, contra_no gets -amount_fen). Never updated or deleted: a correction is a
-- new entry. (ywbh, line) is the business that caused it, so a replay cannot post twice.
create table journal_entry (
  id                bigint generated always as identity primary key,
  account_no        text not null references personal_account (grzh),
  -- One of centre_account's codes; a check rather than a foreign key, whose per-row trigger would cost every posting.
  contra_no         text not null check (contra_no in ('C100', 'C200', 'C300', 'C400')),
  amount_fen        bigint not null check (amount_fen <> 0),
  -- 01 汇缴, 02 补缴, 09 年度结息, 10 销户结息, 11 部分提取, 12 销户提取, 21 转入, 22 转出, 31 冲还贷, 41 错账更正.
  kind              text not null check (kind in ('01', '02', '09', '10', '11', '12', '21', '22', '31', '41')),
  ywbh              text not null,
  line              integer not null check (line >= 1),
  value_date        date not null,
  -- The month a remittance or supplementary payment is for (YYYYMM).
  period            text check (period ~ '^\d{4}(0[1-9]|1[0-2])$'),
  balance_after_fen bigint not null check (balance_after_fen >= 0),
  note              text not null default '',
  posted_at         timestamptz not null default now(),
  unique (ywbh, line)
);
-- An account's journal by date (the detail page, keyset on value_date, id; interest).
create index journal_entry_account on journal_entry (account_no, value_date, id);

-- Deposit rates (% a year) by effective date: this year's deposits (当年缴存) and the balance carried over (上年结转).
create table deposit_rate (
  effective_date date primary key,
  current_rate   numeric(7, 4) not null check (current_rate >= 0),
  carried_rate   numeric(7, 4) not null check (carried_rate >= 0),
  note           text not null default ''
);
insert into deposit_rate (effective_date, current_rate, carried_rate, note) values
  -- The first row covers every earlier date: a centre loads its own older rates in front of it.
  ('2000-01-01', 0.35, 1.10, '2016-02-21 之前：当年缴存按活期 0.35%，上年结转按三个月定期 1.10%'),
  ('2016-02-21', 1.50, 1.50, '统一按一年期定期存款基准利率 1.50%');

-- Yearly interest settlements: progress of each run, so a crashed run resumes after its last committed batch.
create table interest_run (
  year           integer primary key,
  status         text not null check (status in ('running', 'done')),
  last_grzh      text not null default '',
  accounts       bigint not null default 0,
  interest_fen   bigint not null default 0,
  batches        integer not null default 0,
  started_at     timestamptz not null,
  finished_at    timestamptz
);

-- Developers' projects (楼盘), for loans on them.
create table developer_project (
  id          bigint generated always as identity primary key,
  dwzh        text not null references unit_record (dwzh),
  xmbh        text not null unique,
  xmmc        text not null,
  xmdz        text not null,
  ysxkzh      text not null,
  zts         integer not null check (zts > 0),
  kpsj        date not null,
  zt          text not null default '01' check (zt in ('01', '02', '03'))
);
create index developer_project_unit on developer_project (dwzh, id);
