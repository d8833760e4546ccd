-- Issue 30: the public calculator's bounds are rows of the centre's parameter table (docs/parameters.md). A change to
-- centre_parameter, by whatever program, bumps the topic 'parameters' and notifies every instance (as the public
-- reads of migration 082 do): each recomputes its bounds and drops the calculations it kept.
insert into public_data_version (topic) values ('parameters') on conflict do nothing;

create trigger centre_parameter_changed after insert or update or delete or truncate on centre_parameter
  for each statement execute function bump_public_data_version('parameters');
