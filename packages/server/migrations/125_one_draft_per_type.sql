-- One draft (zt 00) per login, account and business type (issue 31 item 7; docs/security.md): ywsq/saveDraft answers
-- the existing draft of the type instead of making another, and this index holds it under any concurrency.
--
-- Drafts made before the rule are merged first, deterministically: of each login, account and type the newest draft
-- (the highest id) is kept; the files of the others move to it (nothing the applicant uploaded is lost), the kept
-- draft's finished collection is forgotten (its materials changed), a wizard draft that named a removed number forgets
-- it, and the other drafts go with their events and signing links.
create temporary table draft_merge on commit drop as
  select id, ywbh, keep
    from (select id, ywbh, max(id) over (partition by user_id, account_id, ywlx) as keep from application where zt = '00') d
   where id <> keep;

update archive_file f set application_id = m.keep from draft_merge m where f.application_id = m.id;
delete from archive_collection where application_id in (select keep from draft_merge);
update draftbox set payload = payload - '_ywbh' where payload ->> '_ywbh' in (select ywbh from draft_merge);
delete from application where id in (select id from draft_merge);

create unique index application_one_draft on application (user_id, account_id, ywlx) where zt = '00';
