-- Issue 33, withdrawals (docs/api-withdrawals.md).

-- One row per withdrawal application (TQ01xx), written in the transaction that submits or resubmits it: the amount
-- it holds on the account (for a closing kind, the balance at submission), the receiving bank card and the facts the
-- receipt is drawn from. The hold counts while the application is 已提交 or 已受理 (application.zt 01/02): withdrawn
-- (06), returned (04) or rejected (05) releases it without a write, completion (03) replaces it by the journal line.
create table if not exists withdrawal (
  ywbh        text primary key references application (ywbh) on delete cascade,
  ywlx        text not null,
  grzh        text not null references personal_account (grzh),
  tqyy        char(2) not null,
  amount_fen  bigint not null check (amount_fen > 0),
  closing     boolean not null default false,
  -- What the amount was checked against (a purchase contract, a loan contract): later withdrawals for it count.
  ref         text not null default '',
  skyh        text not null,
  skyhmc      text not null,
  skzh        text not null,
  skrxm       text not null,
  -- Completion: what was paid (a closing kind: balance plus interest to the day) and when.
  paid_fen    bigint,
  paid_on     date,
  created_at  timestamptz not null,
  updated_at  timestamptz not null
);
create index if not exists withdrawal_grzh on withdrawal (grzh, created_at desc);
create index if not exists withdrawal_ref on withdrawal (ref) where ref <> '';

-- The payment to the depositor's bank card, as the centre's bank interface would carry it: one instruction per
-- completed withdrawal (or standing-order period), pending until the bank answers.
create table if not exists payment_instruction (
  id          bigint generated always as identity primary key,
  ywbh        text not null unique,
  grzh        text not null,
  amount_fen  bigint not null check (amount_fen > 0),
  skyh        text not null,
  skzh        text not null,
  skrxm       text not null,
  state       text not null default 'pending' check (state in ('pending', 'sent', 'paid', 'failed')),
  created_at  timestamptz not null,
  settled_at  timestamptz
);
create index if not exists payment_instruction_pending on payment_instruction (created_at) where state = 'pending';

-- Homes on the city's property register (住房产权登记) by owner: renting is for those who own none.
create table if not exists property_record (
  zjhm          text not null,
  fwzl          text not null,
  registered_on date not null,
  primary key (zjhm, fwzl)
);

-- Banks the hall pays to (spec 7.3 basic bank list).
create table if not exists bank (
  code text primary key,
  name text not null,
  sort integer not null default 0
);
insert into bank (code, name, sort) values
  ('102', '中国工商银行', 1), ('103', '中国农业银行', 2), ('104', '中国银行', 3), ('105', '中国建设银行', 4),
  ('301', '交通银行', 5), ('308', '招商银行', 6), ('403', '中国邮政储蓄银行', 7)
on conflict (code) do nothing;
