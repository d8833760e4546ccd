-- 批量修改职工手机号码 (GJ0311, issue 34; docs/api-unit-business.md › 批量修改职工手机号码): the contact phone on an
-- employee's account record, which the unit keeps (GJ0301 sets it, GJ0311 changes it). It is NOT the phone the
-- person signs in with (app_user.phone, changed only by the person through GJ0313 个人手机号码变更).
-- Nullable without a default: adding it rewrites no row of a table of millions; the backfill is one statement.
alter table personal_account add column sjhm text check (sjhm is null or sjhm ~ '^1[3-9][0-9]{9}$');
-- From the centre's record of the person, else from the person's login details (depositors seeded with a login only).
update personal_account a set sjhm = d.sjhm from depositor_record d where d.zjhm = a.zjhm and d.sjhm ~ '^1[3-9][0-9]{9}$';
update personal_account a set sjhm = p.sjhm
  from (select distinct on (zjhm) zjhm, sjhm from person_info where sjhm ~ '^1[3-9][0-9]{9}$' order by zjhm, account_id) p
 where p.zjhm = a.zjhm and a.sjhm is null;
