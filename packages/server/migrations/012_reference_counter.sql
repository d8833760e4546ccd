-- Business reference numbers (issue 18, item 4): one counter row per prefix and centre day, taken in the same
-- transaction as the row it numbers (insert … on conflict do update … returning), never max() of the text. A
-- number is the prefix, the day yyyymmdd and the counter in six digits (TS20261124000001): every number has the
-- same length, so the text order is the order of submission, up to 999,999 a day (docs/api-public.md).
create table reference_counter (
  prefix text    not null check (prefix ~ '^[A-Z]{2}$'),
  day    text    not null check (day ~ '^[0-9]{8}$'),
  last   integer not null check (last between 1 and 999999),
  primary key (prefix, day)
);

-- Numbers given before this migration (four digits and more after the date) go on from where they stopped.
insert into reference_counter (prefix, day, last)
select 'TS', substr(sqbh, 3, 8), least(max(substr(sqbh, 11)::integer), 999999)
  from complaint where sqbh ~ '^TS[0-9]{12,}$' group by substr(sqbh, 3, 8);
insert into reference_counter (prefix, day, last)
select 'PJ', substr(pjbh, 3, 8), least(max(substr(pjbh, 11)::integer), 999999)
  from evaluation where pjbh ~ '^PJ[0-9]{12,}$' group by substr(pjbh, 3, 8);
