-- What one login may store (issue 31 item 7; applications/quotas.ts): the counts read through these indexes, never
-- by scanning a table. Live number reservations of an account, and its drafts.
create index ywbh_reservation_account on ywbh_reservation (account_id, reserved_at);
create index application_account_drafts on application (account_id) where zt = '00';
