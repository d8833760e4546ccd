-- 结清证明 (issue 38 item 7, docs/api-loans.md › 结清证明): the settlement certificate of a settled loan, one per loan,
-- issued when the borrower first asks for it. What it says is frozen in `facts` (the PDF is drawn again from it and
-- the public check shows it masked); nothing is read live afterwards. The number comes from a sequence, never max().
create sequence loan_settlement_no;

create table loan_settlement_certificate (
  dkzh       text primary key references loan (dkzh),
  -- 证明编号: JQZM + issue date (centre time) + 6 digits of the sequence.
  zmbh       text not null unique,
  -- 验证码: random (certificate/facts.ts newCode, 80 bits), never derived from the number. Unique: the public check
  -- reads one row through it.
  code       text not null unique,
  issued_at  timestamptz not null,
  facts      jsonb not null
);
