-- GD0602 银行卡提前还款 (issue 38, docs/api-loans.md › 提前还款): its two numbers join the centre's one parameter
-- table. /work/shared/reference/business-rules.md §4 found no published minimum or frequency ([I]: "keep as
-- parameters"); the demo centre's values are the common practice of the centres' notices: at least 10 000 yuan
-- (a repayment that settles the loan may be less) and at most twice per calendar year.
insert into centre_parameter (key, value, min_value, max_value, unit, title) values
  ('loanPrepayMinYuan',   10000, 0, 10000000, 'yuan',  '提前还款：每次最低金额（一次结清的不受此限）'),
  ('loanPrepayPerYear',   2,     0, 12,       'count', '提前还款：每个自然年度至多办理次数')
on conflict (key) do nothing;
