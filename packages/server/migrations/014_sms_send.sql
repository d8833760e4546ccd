-- Every SMS asked for before (or without) sign-in, sent or not (issue 18, items 3, 8, 16; docs/security/enumeration-sms.md).
-- The limits per subject (what the caller named: a phone, an account, an ID number, a unit account), per client
-- address and per recipient phone are counted here, so every server instance on this database shares them. A send
-- the gateway refused stays as 'failed' and counts against nothing; the newest gateway answer says whether the
-- gateway is down. Rows older than two days are deleted as new ones come.
create table sms_send (
  id       bigserial primary key,
  -- SHA-256 (hex) of the subject, so the ID numbers and accounts strangers type are not kept in clear.
  subject  text not null check (subject ~ '^[0-9a-f]{64}$'),
  client   text not null,
  -- The recipient; null when there is none (an unknown account: nothing is sent).
  phone    text,
  -- A code's purpose (sms_code.purpose), or 'notice' for a message without a code.
  purpose  text not null,
  -- pending: being sent now; queued: to be sent after the reply; sent; failed (the gateway refused); none: nothing to
  -- send (no such account, or the recipient's daily cap reached).
  status   text not null check (status in ('pending', 'queued', 'sent', 'failed', 'none')),
  at       timestamptz not null,
  -- When the gateway answered (sent or failed).
  done_at  timestamptz
);
create index sms_send_subject on sms_send (subject, at desc);
create index sms_send_client on sms_send (client, at desc);
create index sms_send_phone on sms_send (phone, at desc) where phone is not null;
create index sms_send_at on sms_send (at);
create index sms_send_done on sms_send (done_at desc) where done_at is not null;

-- Development outbox: messages without a code (a notice to a phone's owner) are kept as 'notice', their text in `code`.
alter table dev_outbox drop constraint dev_outbox_kind_check;
alter table dev_outbox add constraint dev_outbox_kind_check check (kind in ('captcha', 'sms', 'notice'));
