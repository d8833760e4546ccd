-- Issue 33, rent by standing order (按月/按季租房提取, docs/api-withdrawals.md › 按月/按季租房提取): the depositor signs
-- once (lease, card, monthly or quarterly, the amount a period); the centre's command pays each period for every
-- active agreement in one set-based statement, idempotently (one payment per agreement and period).
create table if not exists rent_standing_order (
  id          bigint generated always as identity primary key,
  grzh        text not null references personal_account (grzh),
  zlht        text not null,
  -- The lease's last day: the agreement stops by itself after it.
  zlzzrq      date not null,
  -- M: every month; Q: in the first month of each quarter.
  pl          char(1) not null check (pl in ('M', 'Q')),
  amount_fen  bigint not null check (amount_fen > 0),
  skyh        text not null,
  skzh        text not null,
  skrxm       text not null,
  state       text not null default 'active' check (state in ('active', 'stopped')),
  -- applicant (stopped by the depositor), lease_end, sealed (the account is not normal), quota (the year's used up).
  stop_reason text check (stop_reason in ('applicant', 'lease_end', 'sealed', 'quota')),
  created_at  timestamptz not null,
  stopped_at  timestamptz
);
-- One active agreement per account; the command reads the active ones through it.
create unique index if not exists rent_standing_order_active on rent_standing_order (grzh) where state = 'active';

create table if not exists rent_standing_payment (
  order_id    bigint not null references rent_standing_order (id),
  -- YYYYMM of the run.
  period      text not null,
  ywbh        text not null unique,
  amount_fen  bigint not null check (amount_fen > 0),
  paid_on     date not null,
  primary key (order_id, period)
);

-- Notices (SMS) written by set-based work, sent by the SMS gateway's sender after the commit.
create table if not exists sms_notice_queue (
  id         bigint generated always as identity primary key,
  phone      text not null,
  text       text not null,
  created_at timestamptz not null,
  sent_at    timestamptz
);
create index if not exists sms_notice_queue_unsent on sms_notice_queue (id) where sent_at is null;
