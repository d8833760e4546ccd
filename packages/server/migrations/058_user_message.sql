-- The signed-in user's messages (消息中心, /sysMsg/msgHome of spec 2.1; issue 23, docs/api-messages.md): one row per
-- message to one login. Business status changes write one (applications/model.ts notify); the centre may write others.
create table user_message (
  id         bigserial primary key,
  user_id    bigint not null references app_user (id),
  -- ywbl: a business of the user's changed status; xttz: a notice of the centre; zhaq: the account's security.
  category   text not null check (category in ('ywbl', 'xttz', 'zhaq')),
  title      text not null,
  body       text not null,
  -- A hall path the message opens (the business's detail), '' for none.
  link       text not null default '',
  created_at timestamptz not null,
  read_at    timestamptz
);
-- The list: one login's messages newest first (ids come from the sequence in the order messages are written), read a
-- page at a time by keyset on id.
create index user_message_list on user_message (user_id, id desc);
-- The unread count in the header of the page: only unread rows are in this index.
create index user_message_unread on user_message (user_id) where read_at is null;
