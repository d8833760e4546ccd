-- 单位补缴 (GJ0202, issue 34; docs/api-unit-business.md › 补缴): a unit may close one past month by several 补缴
-- (the employees found missing it at different times), so only the 汇缴 (kind 01) stays one per unit and month. An
-- employee is paid a month once: the 补缴 list leaves out any account with a 汇缴 or 补缴 entry for the month (index
-- journal_entry_paid_period), checked again in the transaction of the payment.
alter table unit_remittance drop constraint unit_remittance_dwzh_period_kind_key;
create unique index unit_remittance_one_remittance on unit_remittance (dwzh, period, kind) where kind = '01';
