-- The unit, withdrawal and loan businesses' parameters join the centre's one parameter table (issue 30,
-- docs/parameters.md): every number a centre sets is a row of centre_parameter, read through readParameters
-- (src/params/centre.ts). The values are the constants those businesses held until now; the unit businesses read the
-- same base, ratio and rounding rows as the personal and flexible ones (no rows of their own for those).
-- Yes/no and choice rows are numeric codes: rentQuotaPerHousehold 1 per household / 0 per person; baseOutOfBounds
-- 0 refuse / 1 clamp. The value column is numeric, so loanOverdueFactor 1.5 is exact.
insert into centre_parameter (key, value, min_value, max_value, unit, title) values
  -- 单位业务
  ('baseOutOfBounds',             0,       0,  1,          'code',  '缴存基数调整：基数超出上下限时 0 拒绝该申请、1 按较近的上下限调整'),
  ('adjustMaxRows',               5000,    1,  100000,     'count', '缴存基数调整：一次申请至多调整的职工人数'),
  -- 提取
  ('rentYearQuotaSingleYuan',     21600,   0,  1000000,    'yuan',  '租房提取：未婚职工每年额度'),
  ('rentYearQuotaHouseholdYuan',  43200,   0,  1000000,    'yuan',  '租房提取：已婚职工家庭每年额度（配偶提取的计入）'),
  ('rentQuotaPerHousehold',       1,       0,  1,          'code',  '租房提取：已婚职工的额度 1 按家庭合计、0 按个人'),
  ('rentPerQuarter',              1,       0,  12,         'count', '租房提取：每个自然季度至多提取次数'),
  ('rentMinMonths',               3,       0,  120,        'month', '租房提取：须连续缴存的月数（截至本月或上月）'),
  ('purchaseWindowMonths',        12,      1,  120,        'month', '购房、建造提取：购房（或建造许可）后可提取的月数'),
  ('purchaseMinMonths',           3,       0,  120,        'month', '购房提取：须连续缴存的月数'),
  ('retireAgeMale',               60,      40, 80,         'year',  '离退休提取：男职工法定退休年龄'),
  ('retireAgeFemale',             55,      40, 80,         'year',  '离退休提取：女职工法定退休年龄'),
  ('repayPerYear',                1,       0,  12,         'count', '还贷提取：同一笔贷款 12 个月内至多提取次数'),
  ('repayWindowMonths',           12,      1,  120,        'month', '还贷提取：可提取近多少个月的还款'),
  -- 贷款
  ('loanMinContinuousMonths',     6,       0,  120,        'month', '贷款：须连续足额缴存的月数'),
  ('loanBalanceMultiple',         30,      1,  100,        'times', '贷款：可贷额度按账户余额的倍数'),
  ('loanCapacityPercent',         40,      1,  100,        'pct',   '贷款：首期月还款额不超过月缴存基数的比例'),
  ('loanDownPaymentPercentFirst', 20,      0,  100,        'pct',   '贷款：首套住房最低首付比例'),
  ('loanDownPaymentPercentSecond',25,      0,  100,        'pct',   '贷款：第二套住房最低首付比例'),
  ('loanCeilingSingleFirstYuan',  1000000, 0,  100000000,  'yuan',  '贷款：一名借款人首套住房最高贷款额度'),
  ('loanCeilingSingleSecondYuan', 800000,  0,  100000000,  'yuan',  '贷款：一名借款人第二套住房最高贷款额度'),
  ('loanCeilingCoupleFirstYuan',  2000000, 0,  100000000,  'yuan',  '贷款：两名借款人首套住房最高贷款额度'),
  ('loanCeilingCoupleSecondYuan', 1600000, 0,  100000000,  'yuan',  '贷款：两名借款人第二套住房最高贷款额度'),
  ('loanRoundingYuan',            100,     1,  10000,      'yuan',  '贷款：可贷额度向下取整到的单位'),
  ('loanMinAmountYuan',           10000,   0,  10000000,   'yuan',  '贷款：最低贷款金额'),
  ('loanMaxMonths',               360,     1,  600,        'month', '贷款：最长贷款期限'),
  ('loanMinMonths',               12,      1,  600,        'month', '贷款：最短贷款期限'),
  ('loanMaxAgeAtEnd',             65,      18, 100,        'year',  '贷款：贷款到期时借款人的最大年龄'),
  ('loanMinAge',                  18,      16, 100,        'year',  '贷款：借款人的最小年龄'),
  ('loanOverdueFactor',           1.5,     1,  5,          'times', '贷款：逾期罚息日利率 = 年利率 ÷ 360 × 该系数')
on conflict (key) do nothing;
