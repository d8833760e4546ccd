-- Developers' projects (楼盘) registered and changed through the hall (issue 38, docs/api-developer.md): KH0201 楼盘登记
-- creates a project waiting for the centre (spzt 01) when it is submitted, and its completion approves it (spzt 02)
-- and publishes it on the partner list (/cooperation); KH0202 楼盘信息变更 rewrites an approved project on completion.
-- Money is bigint fen: the price range is yuan per square metre, kept in fen.

-- 楼盘编号 LP + the year + the sequence (6 digits, more after the millionth): from a sequence, never max(). The
-- demo's numbers end at 000201; the hall's start at 001001.
create sequence developer_project_seq start 1001;

alter table developer_project
  -- 所在区域 (the partner list's 区域).
  add column qy          text not null default '',
  -- 楼栋: the buildings of the project, as the pre-sale permits name them.
  add column lds         text[] not null default '{}',
  -- 参考价格区间 (元/㎡) in fen; null on the rows from before this migration (jgqj, text, is what they show).
  add column jg_min_fen  bigint check (jg_min_fen > 0),
  add column jg_max_fen  bigint check (jg_max_fen >= jg_min_fen),
  -- Whether the developer gives buyers' provident fund loans its staged guarantee (阶段性担保) until the mortgage is
  -- registered.
  add column jdxdb       boolean not null default false,
  -- The pre-sale funds escrow account (预售资金监管账户): bank and account number.
  add column jgyh        text not null default '',
  add column jgzh        text not null default '',
  -- 售楼电话 (the partner list's 联系电话).
  add column lxdh        text not null default '',
  -- The registration (KH0201) that made it; null for the centre's own rows.
  add column ywbh        text unique,
  add column approved_on date;

-- The partner list's row of an approved project: one per project, rewritten by a change.
alter table partner_development add column xmbh text unique references developer_project (xmbh);

-- The developer's view of loan applications on its projects (GD0101 in progress, by project, newest first).
create index application_gd0101_project on application ((payload ->> 'xmbh'), submitted_at desc, id desc)
  where ywlx = 'GD0101' and zt in ('01', '02', '04');
