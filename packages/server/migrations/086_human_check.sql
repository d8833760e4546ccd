-- Issue 37: the sign-in check that is not a puzzle (docs/security/human-check.md). A proof of work solved by the
-- browser is redeemed for a captcha row that is already answered: the calls that take `uuid` and `code` spend it as
-- they spend a picture's, single use, 2 minutes. Such a row is bound to the action it was solved for ('login' for the
-- password sign-in, 'sms' for sending a code); a picture's row (action null) is good for any of them.
alter table captcha add column action text check (action in ('login', 'sms'));

-- Proofs of work already redeemed, by the challenge's nonce, kept until the challenge would have expired anyway.
create table human_check_spent (
  nonce      text primary key,
  expires_at timestamptz not null
);
create index human_check_spent_expiry on human_check_spent (expires_at);
