-- Issue 35: the public reads (rates, policies, the centre's introduction) are answered from each instance's memory,
-- with an ETag and a Cache-Control a CDN can use. A change the centre makes to their tables, by whatever program,
-- bumps the topic's version here in the same transaction and notifies every instance on the database
-- (NOTIFY public_data_changed, payload the topic): each drops its copies, and the next read is computed anew.
create table public_data_version (
  topic   text primary key,
  version bigint not null default 0
);
insert into public_data_version (topic) values ('rates'), ('policies'), ('intro');

create function bump_public_data_version() returns trigger language plpgsql as $$
begin
  update public_data_version set version = version + 1 where topic = tg_argv[0];
  perform pg_notify('public_data_changed', tg_argv[0]);
  return null;
end
$$;

create trigger loan_rate_changed after insert or update or delete or truncate on loan_rate
  for each statement execute function bump_public_data_version('rates');
create trigger policy_changed after insert or update or delete or truncate on policy
  for each statement execute function bump_public_data_version('policies');
create trigger policy_category_changed after insert or update or delete or truncate on policy_category
  for each statement execute function bump_public_data_version('policies');
create trigger centre_intro_changed after insert or update or delete or truncate on centre_intro
  for each statement execute function bump_public_data_version('intro');
