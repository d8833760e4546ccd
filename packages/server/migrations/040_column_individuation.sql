-- Table column settings of a user (issue 21; spec 3.10, 7.4; docs/api-table.md): per login, account, page path and
-- table name (navName) the columns in their order, each shown or hidden. The server does not know a page's
-- columns: it stores what the hall sends, validated in shape, and the hall keeps only the props it knows.
create table column_individuation (
  user_id     bigint not null references app_user (id) on delete cascade,
  account_id  bigint not null references user_account (id) on delete cascade,
  path        text not null,
  nav_name    text not null,
  name        text not null default '',
  rule        jsonb not null,
  updated_at  timestamptz not null,
  primary key (user_id, account_id, path, nav_name)
);
