-- Key/value facts about this database: seed version, generated key material, ...
create table app_meta (
  key        text primary key,
  value      text not null,
  updated_at timestamptz not null default now()
);

-- Published loan rates. The rate in force for a code is the newest row whose effective date has come.
create table loan_rate (
  id             serial primary key,
  category       text not null check (category in ('provident', 'commercial')),
  code           text not null,
  description    text not null,
  rate           numeric(7, 4) not null check (rate >= 0 and rate <= 100),
  effective_date date not null,
  unique (code, effective_date)
);

-- Everyone who signs in: individuals (1), units (2), developers (3).
create table app_user (
  id            bigserial primary key,
  login_type    smallint not null check (login_type in (1, 2, 3)),
  account       text not null unique,
  phone         text not null,
  display_name  text not null,
  password_hash text not null,
  status        text not null default '01',
  created_at    timestamptz not null default now()
);
