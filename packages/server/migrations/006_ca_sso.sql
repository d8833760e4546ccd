-- CA certificate login and government single sign-on (issue 6, docs/api-ca.md and docs/api-sso.md).

-- The public keys of the certificates registered for units and developers (login types 2 and 3). A login may hold
-- several (renewal); only those within their validity and not revoked sign a login in.
create table ca_certificate (
  serial      text primary key,
  user_id     bigint not null references app_user (id) on delete cascade,
  subject     text not null,
  public_key  text not null check (public_key ~ '^04[0-9a-f]{128}$'),
  not_before  timestamptz not null,
  not_after   timestamptz not null,
  revoked_at  timestamptz,
  check (not_after > not_before)
);
create index ca_certificate_user on ca_certificate (user_id);

-- The randoms a certificate signs to sign in: single use, valid 2 minutes; expired rows are removed as new ones
-- are made.
create table ca_random (
  random     text primary key check (random ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null,
  used_at    timestamptz
);
create index ca_random_expiry on ca_random (expires_at);

-- One-time authCodes of the government service platform: only the SHA-256 of the code, the citizen's ID number it
-- is bound to, 60 seconds, single use. In development the simulated platform (/sim/gov) issues them.
create table sso_auth_code (
  code_hash  text primary key check (code_hash ~ '^[0-9a-f]{64}$'),
  id_number  text not null,
  name       text not null,
  expires_at timestamptz not null,
  used_at    timestamptz
);
create index sso_auth_code_expiry on sso_auth_code (expires_at);

-- The simulated government platform's own citizens (development stand-in; a real platform keeps its own).
create table sim_gov_citizen (
  id_number     text primary key,
  name          text not null,
  password_hash text not null
);
