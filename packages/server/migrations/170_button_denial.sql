-- Button permissions taken from one account (spec 5.5, 6; docs/api-unit-business.md › 按钮权限). A page's buttons are
-- the `buttons` of its menu entry (menu.buttons), granted to every account whose roles see the entry; a row here takes
-- one of them, by its key (the page's path, a slash, the button: '/dwwt/jcyw/dw_huij/submit'), from one account: the
-- menu answer leaves it out and the server refuses the operation behind it (403).
create table account_button_denial (
  account_id bigint not null references user_account (id) on delete cascade,
  button_key text not null check (button_key ~ '^/[A-Za-z0-9_/]+/[A-Za-z0-9_]+$'),
  primary key (account_id, button_key)
);
