-- 职工批量导入 (GJ0301 by file, issue 34, docs/api-unit-business.md › 批量导入): the rows one import file and one
-- application may carry, a row of the centre's one parameter table (docs/parameters.md), read through readParameters.
insert into centre_parameter (key, value, min_value, max_value, unit, title) values
  ('importMaxRows', 5000, 1, 100000, 'count', '职工批量导入：一个文件（一次申请）至多的职工人数')
on conflict (key) do nothing;
