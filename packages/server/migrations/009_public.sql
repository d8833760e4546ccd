-- Public services (issue 7, docs/api-public.md): introduction, policies, partner developments, downloads, guidance
-- videos, smart push, complaints and satisfaction evaluations, and the idempotency keys of submissions.

-- The centre introduction: one row, rich HTML as the centre published it (the hall sanitizes it).
create table centre_intro (
  id         smallint primary key default 1 check (id = 1),
  title      text not null,
  body       text not null,
  updated_at timestamptz not null
);

create table policy_category (
  code text primary key,
  name text not null,
  sort integer not null default 0
);

-- Policies (zcxx). body is HTML stored as the centre published it; status 'withdrawn' hides it from the public.
create table policy (
  id           bigserial primary key,
  title        text not null,
  category     text not null references policy_category (code),
  doc_no       text not null default '',
  source       text not null default '',
  body         text not null,
  publish_date date not null,
  status       text not null default 'published' check (status in ('published', 'withdrawn'))
);
create index policy_list on policy (status, publish_date desc, id desc);

-- Partner housing developments (kfslpxx): projects whose buyers may use a provident fund loan.
create table partner_development (
  id         bigserial primary key,
  xmmc       text not null,
  kfsmc      text not null,
  xmdz       text not null,
  qy         text not null,
  ysxkzh     text not null,
  hzyh       text not null,
  lxdh       text not null,
  hzrq       date not null,
  sort       integer not null default 0
);

-- Common downloads (cyxz): the real file bytes.
create table download_file (
  id           bigserial primary key,
  title        text not null,
  file_name    text not null,
  content_type text not null,
  content      bytea not null,
  publish_date date not null,
  sort         integer not null default 0
);

-- Guidance videos: the poster is an image kept here; video_url is null where no file has been published.
create table guide_video (
  id                bigserial primary key,
  title             text not null,
  description       text not null,
  poster_type       text not null,
  poster            bytea not null,
  video_url         text,
  duration_seconds  integer,
  publish_date      date not null,
  sort              integer not null default 0
);

-- Smart push (znts / intellect): short reminders and guides.
create table znts_item (
  id           bigserial primary key,
  title        text not null,
  summary      text not null,
  body         text not null,
  tag          text not null,
  publish_date date not null
);

create table complaint_type (
  code text primary key,
  name text not null,
  sort integer not null default 0
);

create table complaint_dept (
  code text primary key,
  name text not null,
  sort integer not null default 0
);

-- Complaints and suggestions (tsjy). user_id null: sent without signing in. status 0 pending, 1 in hand, 2 replied.
-- gkbz 1: the centre published it (and its reply) for everyone; the contact phone is never shown publicly.
create table complaint (
  id         bigserial primary key,
  sqbh       text not null unique,
  user_id    bigint references app_user (id),
  type_code  text not null references complaint_type (code),
  dept_code  text not null references complaint_dept (code),
  content    text not null,
  lxdh       text not null default '',
  status     smallint not null default 0 check (status in (0, 1, 2)),
  reply      text not null default '',
  replied_at timestamptz,
  gkbz       smallint not null default 0 check (gkbz in (0, 1)),
  created_at timestamptz not null
);
create index complaint_user on complaint (user_id, created_at desc);

-- Satisfaction levels and the business items people evaluate (hcp).
create table evaluation_level (
  code text primary key,
  name text not null,
  sort integer not null default 0
);

create table evaluation_item (
  code     text primary key,
  name     text not null,
  category text not null,
  sort     integer not null default 0
);

create table evaluation (
  id         bigserial primary key,
  pjbh       text not null unique,
  user_id    bigint not null references app_user (id),
  item_code  text not null references evaluation_item (code),
  level_code text not null references evaluation_level (code),
  content    text not null default '',
  created_at timestamptz not null
);
create index evaluation_user on evaluation (user_id, created_at desc);

-- Idempotency keys of submissions: (scope, owner, key) stores the request's hash and the first answer; kept 24 h.
create table idempotency_key (
  scope        text not null,
  owner        text not null,
  key          text not null,
  request_hash text not null,
  response     jsonb not null,
  created_at   timestamptz not null,
  primary key (scope, owner, key)
);
create index idempotency_key_created on idempotency_key (created_at);
