-- Issue 33, TQ0106 偿还住房贷款提取 (docs/api-withdrawals.md): the centre's own provident-fund loans as its loan
-- records hold them (借款合同), enough for the repayment withdrawal: the borrower, the monthly instalment, the
-- dates and what is still owed. A later loan issue owns this table and may widen it.
create table if not exists loan_contract (
  jkhtbh          text primary key,
  zjhm            text not null,
  xingming        text not null,
  dkje_fen        bigint not null check (dkje_fen > 0),
  yhke_fen        bigint not null check (yhke_fen > 0),
  -- 放款日期 and 到期日期
  ffrq            date not null,
  dqrq            date not null,
  dkye_fen        bigint not null check (dkye_fen >= 0),
  fwzl            text not null default ''
);
create index if not exists loan_contract_zjhm on loan_contract (zjhm);
