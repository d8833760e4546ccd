-- Reference data every centre needs, installed by migration rather than by the demo seed (issue 30): the published
-- loan rates, so a production database started empty (NODE_ENV=production, no demo) lists them on /loanRate and the
-- calculator computes with them. The deposit rates (019), the holiday calendar (030) and the deposit bounds and
-- rounding (071) are migrations already. The demo seed's step 1 inserts the same rows with `on conflict do nothing`.
--
-- Provident fund (个人住房公积金贷款): the national rates from 2024-05-18 and 2025-05-08 (current: 2.1 % / 2.6 %, second
-- home at least 2.525 % / 3.075 %; /work/shared/reference/business-rules.md › loan rates). Commercial: the loan prime
-- rate (1-year for terms up to 5 years, 5-year for longer) from 2024-10-21 and 2025-05-20; the second-home codes carry
-- the same LPR. A centre adds a row with its effective date when a rate changes; the newest row whose date has come is
-- the one in force.
insert into loan_rate (category, code, description, rate, effective_date) values
  ('provident', '01', '首套住房，贷款期限五年以下（含五年）', 2.35, '2024-05-18'),
  ('provident', '02', '首套住房，贷款期限五年以上', 2.85, '2024-05-18'),
  ('provident', '71', '第二套住房，贷款期限五年以下（含五年）', 2.775, '2024-05-18'),
  ('provident', '72', '第二套住房，贷款期限五年以上', 3.325, '2024-05-18'),
  ('provident', '01', '首套住房，贷款期限五年以下（含五年）', 2.1, '2025-05-08'),
  ('provident', '02', '首套住房，贷款期限五年以上', 2.6, '2025-05-08'),
  ('provident', '71', '第二套住房，贷款期限五年以下（含五年）', 2.525, '2025-05-08'),
  ('provident', '72', '第二套住房，贷款期限五年以上', 3.075, '2025-05-08'),
  ('commercial', '21', '首套住房，贷款期限五年以下（含五年）', 3.1, '2024-10-21'),
  ('commercial', '22', '首套住房，贷款期限五年以上', 3.6, '2024-10-21'),
  ('commercial', '23', '第二套住房，贷款期限五年以下（含五年）', 3.1, '2024-10-21'),
  ('commercial', '24', '第二套住房，贷款期限五年以上', 3.6, '2024-10-21'),
  ('commercial', '21', '首套住房，贷款期限五年以下（含五年）', 3.0, '2025-05-20'),
  ('commercial', '22', '首套住房，贷款期限五年以上', 3.5, '2025-05-20'),
  ('commercial', '23', '第二套住房，贷款期限五年以下（含五年）', 3.0, '2025-05-20'),
  ('commercial', '24', '第二套住房，贷款期限五年以上', 3.5, '2025-05-20')
on conflict (code, effective_date) do nothing;
