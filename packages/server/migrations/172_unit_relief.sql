-- 降低缴存比例 (GJ0205) and 单位缓缴 (GJ0206), issue 34 (docs/api-unit-business.md › 降低缴存比例 and 缓缴): the two
-- numbers a centre sets for them, rows of the one parameter table (docs/parameters.md), and the deferrals the centre
-- granted.
insert into centre_parameter (key, value, min_value, max_value, unit, title) values
  ('reducedRatioMin', 5, 1, 100, 'pct', '降低缴存比例：降低后单位和个人缴存比例的下限（%）'),
  ('deferMaxMonths', 12, 1, 60, 'month', '单位缓缴：一次缓缴至多的月数')
on conflict (key) do nothing;

-- A deferral the centre granted (GJ0206): the unit pays nothing for the months qsny … zzny while its status is 03
-- 缓缴; the months are paid afterwards (汇缴 from 缴至年月 on, as ever).
create table unit_deferral (
  ywbh        text primary key,
  dwzh        text not null references unit_record (dwzh),
  qsny        text not null check (qsny ~ '^\d{4}(0[1-9]|1[0-2])$'),
  zzny        text not null check (zzny ~ '^\d{4}(0[1-9]|1[0-2])$' and zzny >= qsny),
  granted_at  timestamptz not null
);
create index unit_deferral_unit on unit_deferral (dwzh, qsny desc);
