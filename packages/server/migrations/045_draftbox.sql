-- Draftbox (草稿箱, issue 21; docs/api-wizard.md): what the user typed in a business's wizard, one row per login,
-- account and business type, kept until it is submitted, deleted, or 30 days (DRAFT_TTL_DAYS) after its last save.
-- Separate from the applications' status 00: a draft here has no business number and no schema check; it is the
-- wizard's working copy (which step, every field, even half-typed ones).
create table draftbox (
  user_id     bigint not null references app_user (id) on delete cascade,
  account_id  bigint not null references user_account (id) on delete cascade,
  ywlx        text not null,
  step        smallint not null check (step between 0 and 50),
  payload     jsonb not null,
  saved_at    timestamptz not null,
  expires_at  timestamptz not null,
  primary key (user_id, account_id, ywlx)
);
-- The purge deletes expired drafts a batch at a time through this index.
create index draftbox_expires_at on draftbox (expires_at);
