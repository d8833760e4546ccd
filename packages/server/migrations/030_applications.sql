-- Applications (办件, issue 20; docs/api-applications.md): one table for every business code of spec 2.4, an event
-- row per status change, business numbers from a sequence, the holiday calendar for promised dates, per-user
-- business blocks, and the person's details an information change completes into.

-- Business numbers: ywlx + the centre's day (yyyymmdd, Asia/Shanghai) + this sequence in eight digits, e.g.
-- GJ03022026112600000042. One sequence for every type, so two numbers never share their tail on the same day.
create sequence application_ywbh_seq start 1;

-- Numbers handed out by id/getYthptYwbh before anything is saved: only the account that reserved one may use it.
create table ywbh_reservation (
  ywbh        text primary key,
  ywlx        text not null,
  account_id  bigint not null references user_account (id) on delete cascade,
  reserved_at timestamptz not null
);
-- Reservations not used within RESERVATION_TTL are dropped, set-based, as new ones are made.
create index ywbh_reservation_age on ywbh_reservation (reserved_at);

-- Status (zt): 00 草稿, 01 已提交, 02 已受理, 03 已办结, 04 已退回, 05 不予受理, 06 已撤回.
create table application (
  id             bigserial primary key,
  ywbh           text not null unique,
  ywlx           text not null check (ywlx ~ '^[A-Z]{2}[0-9]{4}$'),
  zt             text not null check (zt in ('00', '01', '02', '03', '04', '05', '06')),
  -- The applicant: the login, the account the session was on, and its account number (grzh, dwzh) as text.
  user_id        bigint not null references app_user (id) on delete cascade,
  account_id     bigint not null references user_account (id) on delete cascade,
  login          text not null,
  zh             text not null default '',
  payload        jsonb not null,
  created_at     timestamptz not null,
  submitted_at   timestamptz,
  -- The promised completion day (承诺办结日期): time_limit_days working days after the day of submission.
  promised_date  date,
  time_limit_days integer not null check (time_limit_days >= 0),
  updated_at     timestamptz not null
);
-- The applicant's list, newest (last made) first, one page through the index.
create index application_account_list on application (account_id, id desc);
-- The centre's queue (zt 01, then 02) in order of business number.
create index application_status_queue on application (zt, ywbh);
-- Restrictions: what is in progress for an account, by type.
create index application_account_open on application (account_id, ywlx) where zt in ('01', '02', '04');

-- One row per status change: when, by whom (applicant, centre operator, automatic rule), the note and reasons.
create table application_event (
  id             bigserial primary key,
  application_id bigint not null references application (id) on delete cascade,
  at             timestamptz not null,
  from_zt        text,
  zt             text not null,
  actor_kind     text not null check (actor_kind in ('applicant', 'centre', 'system')),
  actor          text not null,
  actor_name     text not null default '',
  note           text not null default '',
  reasons        text[] not null default '{}'
);
create index application_event_of on application_event (application_id, id);

-- The centre's working-day calendar: days that differ from the week (holiday: a weekday off; workday: a weekend
-- day worked, 调休上班). Any other Saturday and Sunday is off, any other weekday is worked.
create table holiday_day (
  day  date primary key,
  kind text not null check (kind in ('holiday', 'workday')),
  name text not null default ''
);

-- China's official arrangement for 2026 (国务院办公厅关于2026年部分节假日安排的通知).
insert into holiday_day (day, kind, name) values
  ('2026-01-01', 'holiday', '元旦'), ('2026-01-02', 'holiday', '元旦'), ('2026-01-03', 'holiday', '元旦'),
  ('2026-01-04', 'workday', '元旦调休上班'),
  ('2026-02-14', 'workday', '春节调休上班'),
  ('2026-02-15', 'holiday', '春节'), ('2026-02-16', 'holiday', '春节'), ('2026-02-17', 'holiday', '春节'),
  ('2026-02-18', 'holiday', '春节'), ('2026-02-19', 'holiday', '春节'), ('2026-02-20', 'holiday', '春节'),
  ('2026-02-21', 'holiday', '春节'), ('2026-02-22', 'holiday', '春节'), ('2026-02-23', 'holiday', '春节'),
  ('2026-02-28', 'workday', '春节调休上班'),
  ('2026-04-04', 'holiday', '清明节'), ('2026-04-05', 'holiday', '清明节'), ('2026-04-06', 'holiday', '清明节'),
  ('2026-05-01', 'holiday', '劳动节'), ('2026-05-02', 'holiday', '劳动节'), ('2026-05-03', 'holiday', '劳动节'),
  ('2026-05-04', 'holiday', '劳动节'), ('2026-05-05', 'holiday', '劳动节'),
  ('2026-05-09', 'workday', '劳动节调休上班'),
  ('2026-06-19', 'holiday', '端午节'), ('2026-06-20', 'holiday', '端午节'), ('2026-06-21', 'holiday', '端午节'),
  ('2026-09-20', 'workday', '国庆节调休上班'),
  ('2026-09-25', 'holiday', '中秋节'), ('2026-09-26', 'holiday', '中秋节'), ('2026-09-27', 'holiday', '中秋节'),
  ('2026-10-01', 'holiday', '国庆节'), ('2026-10-02', 'holiday', '国庆节'), ('2026-10-03', 'holiday', '国庆节'),
  ('2026-10-04', 'holiday', '国庆节'), ('2026-10-05', 'holiday', '国庆节'), ('2026-10-06', 'holiday', '国庆节'),
  ('2026-10-07', 'holiday', '国庆节'),
  ('2026-10-10', 'workday', '国庆节调休上班');

-- Business blocks by user (业务办理限制 by user): the centre stops one login from one business type ('*' every
-- type) with its own message, e.g. while a case about the account is open.
create table business_block (
  user_id    bigint not null references app_user (id) on delete cascade,
  ywlx       text not null check (ywlx = '*' or ywlx ~ '^[A-Z]{2}[0-9]{4}$'),
  msg        text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, ywlx)
);

-- The person's details of an individual account that 个人账户信息变更 (GJ0302) changes besides the name and ID
-- number: address, marital status, work phone and the like. A row appears on the first completed change.
create table person_detail (
  account_id bigint primary key references user_account (id) on delete cascade,
  txdz       text not null default '',
  yzbm       text not null default '',
  hyzk       text not null default '',
  gzdh       text not null default '',
  dzyx       text not null default '',
  zy         text not null default '',
  xl         text not null default '',
  updated_at timestamptz not null,
  -- The application that last changed the row.
  ywbh       text not null
);
