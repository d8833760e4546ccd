-- Issue 38 item 4 (docs/api-loans.md › 公积金提前还贷; docs/decisions.md › 贷款合同一处读): the centre's loans are the
-- loan ledger (table loan, migration 110), which GD0101 writes and the loan pages read. TQ0106 偿还住房贷款提取 read
-- a table of its own (loan_contract, migration 092), written only by seed step 22 (钱找回's contract, taken over from
-- before the ledger). Both are read through this one view now: every ledger loan as its contract (the instalment is
-- the payment of its next unpaid period, or of its last when all are paid; its end the last period's due date; its
-- balance the ledger's), and the contracts of loan_contract that the ledger does not hold. No code writes
-- loan_contract any more; a released seed step still does, so the table stays.
create view centre_loan_contract as
  select l.jkhtbh, l.dkzh, l.zjhm, l.gtjkr_zjhm, l.xingming,
         coalesce(
           (select s.payment_fen from loan_schedule s where s.dkzh = l.dkzh and s.status <> '1' order by s.period limit 1),
           (select s.payment_fen from loan_schedule s where s.dkzh = l.dkzh order by s.period desc limit 1),
           0) as yhke_fen,
         l.issue_date as ffrq,
         coalesce((select max(s.due_date) from loan_schedule s where s.dkzh = l.dkzh), l.issue_date) as dqrq,
         l.balance_fen as dkye_fen
    from loan l
  union all
  select c.jkhtbh, null, c.zjhm, '', c.xingming, c.yhke_fen, c.ffrq, c.dqrq, c.dkye_fen
    from loan_contract c
   where not exists (select 1 from loan l where l.jkhtbh = c.jkhtbh);
