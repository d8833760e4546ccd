-- The centre's parameters (issue 30, docs/parameters.md): one table of every number a centre sets for the deposit
-- rules, read through one function (src/params/centre.ts › readParameters). The rows below are the defaults, after
-- what centres publish (/work/shared/reference/business-rules.md); a centre changes a row's value, never the code.
create table centre_parameter (
  key        text primary key,
  value      numeric not null,
  -- The allowed range of the value (the function refuses a row outside it and falls back to nothing: it throws).
  min_value  numeric not null,
  max_value  numeric not null,
  unit       text not null,
  title      text not null,
  updated_at timestamptz not null default now(),
  check (value between min_value and max_value)
);

insert into centre_parameter (key, value, min_value, max_value, unit, title) values
  ('roundingFen',          100,  1,   100,        'fen',   '月缴存额每一部分（单位、个人）四舍五入到的单位：100 元、10 角、1 分'),
  ('baseMinYuan',          2200, 0,   1000000,    'yuan',  '月缴存基数下限（当地最低工资标准）'),
  ('baseMaxYuan',          33000, 1,  1000000,    'yuan',  '月缴存基数上限（上年职工月平均工资的 3 倍）'),
  ('ratioMin',             5,    1,   100,        'pct',   '缴存比例下限（每一部分）'),
  ('ratioMax',             12,   1,   100,        'pct',   '缴存比例上限（每一部分）'),
  ('monthlyMaxYuan',       0,    0,   1000000,    'yuan',  '月缴存额上限（单位和个人合计；0 表示不设，以基数上限为准）'),
  ('adjustmentsPerYear',   1,    0,   12,         'count', '灵活就业月缴存额调整每个自然年可办次数'),
  ('backPayWindowMonths',  24,   1,   120,        'month', '补缴：最早可补缴的月份（含本月往前数）'),
  ('backPayMaxMonths',     12,   1,   120,        'month', '补缴：一次至多补缴的月数'),
  ('subsidyMinMonths',     12,   0,   120,        'month', '财政补贴：申请前须已缴存的月数'),
  ('subsidyYearsBack',     1,    0,   10,         'year',  '财政补贴：可申请本年度及此前的年数'),
  ('interestDivisor',      360,  360, 365,        'day',   '结息：日利率 = 年利率 ÷ 该天数（360 或 365）');

-- The sign-up's own copy of the ratio bounds (5–12) gives way to the table: the server checks the bounds.
alter table flexible_setup drop constraint if exists flexible_setup_jcbl_check;
alter table flexible_setup add constraint flexible_setup_jcbl_check check (jcbl between 1 and 100);
