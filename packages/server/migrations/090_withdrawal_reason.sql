-- Issue 33 (and issue 30, which may add the same column: hence "if not exists"): the withdrawal reason (提取原因,
-- dictionary TQYY) of a 部分提取 (11) or 销户提取 (12) journal line. Null on every other kind.
alter table journal_entry add column if not exists tqyy char(2);
