-- Registration of individuals and account switching (issue 6, docs/api-person.md).

-- The centre's records of depositors (spec 1): people who hold a provident fund account here, whether or not they
-- have a login of the hall yet. /userRegister finds a person here by name and ID number and sends the code to the
-- phone on file; `kind` tells an employee's account (gr) from a flexible-employment one (lhjy).
create table depositor_record (
  zjhm     text primary key,
  xingming text not null,
  sjhm     text not null,
  grzh     text not null unique,
  grzhzt   text not null default '01',
  grzhye   numeric(15, 2) not null default 0,
  dwmc     text not null default '',
  kind     text not null default 'gr' check (kind in ('gr', 'lhjy'))
);

-- Flexible-employment setups (灵活就业人员设立, /lhjyrysl): what the person declared, one per account.
create table flexible_setup (
  account_id bigint primary key references user_account (id) on delete cascade,
  jcjs       numeric(12, 2) not null check (jcjs > 0),
  jcbl       smallint not null check (jcbl between 5 and 12),
  hjszd      text not null,
  txdz       text not null,
  yzbm       text not null default '',
  created_at timestamptz not null
);

-- Out-of-area loan registrations (异地贷款人员注册, /yddkryzc): where the person's provident fund account is.
create table remote_loan_person (
  account_id bigint primary key references user_account (id) on delete cascade,
  jcdcs      text not null,
  jczx       text not null,
  ydgrzh     text not null,
  dwmc       text not null default '',
  created_at timestamptz not null
);

-- Numbers of the personal accounts the hall opens (flexible employment): 2010 0100 0000 onwards.
create sequence flexible_grzh_seq start 201001000000;
