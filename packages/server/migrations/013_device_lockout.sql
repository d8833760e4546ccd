-- Sign-in lockout by device (issue 18 item 2, OWASP's device cookies; docs/security/lockout.md).
-- login_lock now counts the failures of clients WITHOUT a valid device cookie, per login (every way in that takes a
-- secret): from the third on, each further attempt waits 1, 2, 4, … s (next_attempt_at); the tenth locks such
-- clients out for 15 minutes. A browser where the owner signed in before is not held by these.
alter table login_lock add column next_attempt_at timestamptz;

-- Failures of one device cookie (its random nonce; the cookie is bound to one login by its HMAC): the fifth within
-- 15 minutes refuses that cookie for 15 minutes, and only that cookie. A row exists only after a failure; a
-- successful sign-in replaces the cookie and removes the row.
create table device_lock (
  nonce        text primary key check (nonce ~ '^[A-Za-z0-9_-]{22}$'),
  account      text not null,
  failures     integer not null default 0 check (failures >= 0),
  locked_until timestamptz,
  updated_at   timestamptz not null
);
create index device_lock_updated on device_lock (updated_at);
create index login_lock_updated on login_lock (updated_at);
