-- Issue 24, GJ0302 and GJ0313 (docs/api-personal.md › 信息变更与手机号码变更).

-- GJ0302: the spouse (配偶姓名, 配偶证件号码) beside the other details that complete at once.
alter table person_detail add column poxm text not null default '';
alter table person_detail add column pozjhm text not null default '';

-- GJ0313: a phone change the applicant has proved (codes to the old number, or the login password, and to the new
-- one), spent by the completion that changes the phone. Only live rows are looked up, through the partial index.
create table phone_change_check (
  id          bigserial primary key,
  user_id     bigint not null references app_user (id) on delete cascade,
  account_id  bigint not null references user_account (id) on delete cascade,
  new_phone   text not null check (new_phone ~ '^1[3-9][0-9]{9}$'),
  -- 'old': a code sent to the old number; 'password': the old number is out of use, the login password instead.
  mode        text not null check (mode in ('old', 'password')),
  verified_at timestamptz not null,
  expires_at  timestamptz not null,
  used_at     timestamptz,
  ywbh        text,
  -- The session that proved it: it goes on after the change, every other session of the login is ended.
  keep_session text not null
);
create index phone_change_check_live on phone_change_check (user_id, new_phone, expires_at desc) where used_at is null;
create index phone_change_check_expiry on phone_change_check (expires_at);

-- Why a session was ended, told to it at its next request ('phoneChanged': 您的手机号码已变更，请重新登录).
alter table user_session add column revoked_reason text;

-- SMS sign-in, recovery and "is this number another login's phone" find a login by its phone: one index read.
create index app_user_phone on app_user (login_type, phone);
