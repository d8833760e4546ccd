-- Issue 33, rent by standing order at scale (docs/api-withdrawals.md › 按月/按季租房提取).
-- The hall reads an account's agreements (the one in force, else the last) and their payments through this index.
create index if not exists rent_standing_order_account on rent_standing_order (grzh, id desc);
-- The command and the notices find a deposit account's login by its number (person_info had no index on grzh: each
-- payment's SMS scanned the table).
create index if not exists person_info_grzh on person_info (grzh);
-- The command reads what a period already paid through this index (once, into a table of its own), whatever the
-- table's statistics say: with stale ones the anti-join against rent_standing_payment was a scan per agreement.
create index if not exists rent_standing_payment_period on rent_standing_payment (period, order_id);
