-- Sign-in and the hall shell (docs/api-shell.md): accounts of a login, sessions, captchas, lockout, menus,
-- dictionary, system configuration, notices, the service switch and the per-account information the shell reads.
-- The SM2 key pair, the configuration version and the service switch live in app_meta
-- (keys sm2_key_pair, config_common_version, config_version, qdzt).

-- The accounts of one login (spec 3.3, 4.12): 张三 signs in once and holds a personal and a flexible-employment
-- account. `account` is the login's account (both of 张三's show his ID number); the id tells them apart, the type
-- names them. The primary account is the one a fresh sign-in lands on.
create table user_account (
  id           bigserial primary key,
  user_id      bigint not null references app_user (id) on delete cascade,
  account      text not null,
  account_type text not null default '',
  nik_name     text not null default '',
  company_name text not null default '',
  user_status  text not null default '01',
  roles        text[] not null default '{}',
  group_bh     text not null default '0',
  is_primary   boolean not null default false,
  sort         integer not null default 0
);
create index user_account_user on user_account (user_id);
create unique index user_account_one_primary on user_account (user_id) where is_primary;

-- Sessions: only the SHA-256 of the token is kept. The current account can change (account switch) within a session.
create table user_session (
  token_hash   text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  user_id      bigint not null references app_user (id) on delete cascade,
  account_id   bigint not null references user_account (id) on delete cascade,
  -- How the user signed in: 100 account and password, 400 face (spec 4.2).
  login_method text not null default '100',
  created_at   timestamptz not null,
  last_used_at timestamptz not null,
  revoked_at   timestamptz
);
create index user_session_user on user_session (user_id);

-- Picture captchas: single use, short-lived.
create table captcha (
  uuid       uuid primary key,
  answer     text not null,
  expires_at timestamptz not null,
  used_at    timestamptz
);
create index captcha_expiry on captcha (expires_at);

-- Consecutive sign-in failures by account text (known or not, so the answers do not tell which accounts exist).
create table login_lock (
  account      text primary key,
  failures     integer not null default 0 check (failures >= 0),
  locked_until timestamptz,
  updated_at   timestamptz not null
);

-- Menu entries of spec 3.2, a tree through parent_id; which roles see an entry is in menu_role.
create table menu (
  id          integer primary key,
  parent_id   integer references menu (id) on delete cascade,
  sort        integer not null default 0,
  path        text not null,
  name        text not null default '',
  component   text not null default '',
  menu_type   smallint not null,
  enable      smallint not null default 1,
  bz          text not null default '',
  hidden      boolean not null default false,
  title       text not null,
  icon        text not null default '',
  no_cache    boolean not null default false,
  breadcrumb  boolean not null default true,
  affix       boolean not null default false,
  active_menu text not null default '',
  main_path   text not null default '',
  href_type   smallint not null default 0,
  base_path   text not null default '',
  redirect    text not null default '',
  always_show boolean not null default false,
  icon_pic    text not null default '',
  buttons     text[] not null default '{}'
);
create index menu_parent on menu (parent_id);

create table menu_role (
  role    text not null,
  menu_id integer not null references menu (id) on delete cascade,
  primary key (role, menu_id)
);

-- Menu icons (SVG markup; answered as data URLs).
create table menu_icon (
  icon text primary key,
  svg  text not null
);

-- The public right-hand quick menu of spec 2.3.
create table pub_menu (
  id         serial primary key,
  sort       integer not null,
  title      text not null,
  path       text not null,
  need_login boolean not null
);

-- The data dictionary (spec 3.10, 3.11): disabled entries are kept and answered with enable 0.
create table dict_entry (
  type   text not null,
  value  text not null,
  title  text not null,
  enable smallint not null default 1,
  sort   integer not null default 0,
  primary key (type, value)
);

-- System configuration (spec 3.5).
create table sys_config (
  key          text primary key,
  enable       smallint not null default 1,
  value        text not null default '',
  source_value text not null default '',
  json_value   jsonb,
  title        text not null default '',
  sort         integer not null default 0
);

-- Notices (spec 3.5): fbzt 1 is published.
create table notice (
  id      serial primary key,
  tgmc    text not null,
  tgnr    text not null,
  startsj timestamptz not null,
  fbzt    smallint not null default 0 check (fbzt in (0, 1))
);

-- Business handling restriction by user (spec 7.3): page paths a login may not use.
create table user_forbidden_path (
  user_id bigint not null references app_user (id) on delete cascade,
  path    text not null,
  primary key (user_id, path)
);

-- Development only: captchas and SMS codes "sent", for the tests to read (GET /dev/outbox).
create table dev_outbox (
  id        bigserial primary key,
  kind      text not null check (kind in ('captcha', 'sms')),
  recipient text not null,
  code      text not null,
  at        timestamptz not null
);

-- What grxx/loginGrxx answers for an individual account.
create table person_info (
  account_id bigint primary key references user_account (id) on delete cascade,
  xingming   text not null,
  zjhm       text not null,
  grzh       text not null,
  grzhzt     text not null,
  grzhye     numeric(15, 2) not null default 0,
  dwmc       text not null default '',
  sjhm       text not null
);

-- What dwxx/dwxxUser answers for a unit or developer account.
create table unit_info (
  account_id bigint primary key references user_account (id) on delete cascade,
  dwmc       text not null,
  dwzh       text not null,
  dwzhzt     text not null,
  jbrxm      text not null,
  jbrsjhm    text not null
);

-- Information completeness (spec 4.3): 0 complete; 1 and 3 prompt; 2 key information at the counter.
create table info_check (
  account_id bigint primary key references user_account (id) on delete cascade,
  status     smallint not null check (status in (0, 1, 2, 3)),
  type       text not null
);

-- Unit interest statement confirmations, one per unit account and year (spec 4.3).
create table unit_statement_confirm (
  account_id   bigint not null references user_account (id) on delete cascade,
  year         integer not null,
  confirmed_at timestamptz not null,
  primary key (account_id, year)
);
