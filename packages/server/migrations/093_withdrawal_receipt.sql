-- Issue 33, the withdrawal receipt (提取回单, docs/api-withdrawals.md): what it says, frozen at completion in the
-- transaction that posts the money (the PDF is drawn again from it; the public check shows it masked), and its
-- verification code (16 random characters, unrelated to the business number).
alter table withdrawal add column if not exists receipt jsonb;
alter table withdrawal add column if not exists receipt_code text unique;
