-- Identity of individuals and the single sign-on code's binding (issue 18, items 18 and 19; docs/security/identity-sso.md).

-- How a login's person was shown to be who they say:
--   'records' the centre's own records (a depositor registering with the code sent to the phone on file, a unit's
--             registration, the demo and counter logins): every login made before this migration but the two below;
--   'gov'     the government service platform's verified identity (registration through its sign-in);
--   'face'    a face check, where a centre runs one (not in the reference server);
--   'self'    nothing but a name and an ID number typed in (异地贷款人员注册 and 灵活就业人员设立 before this change).
-- An unverified login ('self') may sign in and read its own information, but does no business, and the platform's
-- verified identity takes its ID number over (the login is closed, closed_at set).
alter table app_user add column identity_source text not null default 'records'
  check (identity_source in ('records', 'gov', 'face', 'self'));
alter table app_user add column identity_verified boolean generated always as (identity_source <> 'self') stored;
alter table app_user add column closed_at timestamptz;

-- The logins self-registered so far proved nothing: those holding an out-of-area loan registration or a flexible
-- setup (a depositor on file who registered through /userRegister has neither).
update app_user u set identity_source = 'self'
 where u.login_type = 1
   and exists (
     select 1 from user_account a
      where a.user_id = u.id
        and (exists (select 1 from remote_loan_person r where r.account_id = a.id)
             or exists (select 1 from flexible_setup f where f.account_id = a.id)));

-- Unverified logins closed because the platform vouched for their ID number: who, which number, the phone told,
-- when, and the verified login that took the number over (null until the citizen registers). Kept for the centre.
create table identity_takeover (
  id            bigserial primary key,
  closed_user   bigint not null references app_user (id) on delete cascade,
  id_number     text not null,
  phone         text not null,
  closed_at     timestamptz not null,
  verified_user bigint references app_user (id) on delete set null
);
create index identity_takeover_id_number on identity_takeover (id_number);

-- A verified identity for registering (/zw/identity): the platform vouched for this citizen; the ticket lets the
-- citizen register as that person once, within 15 minutes. Only the SHA-256 of the ticket is kept.
create table gov_identity_ticket (
  ticket_hash text primary key check (ticket_hash ~ '^[0-9a-f]{64}$'),
  id_number   text not null,
  name        text not null,
  expires_at  timestamptz not null,
  used_at     timestamptz
);
create index gov_identity_ticket_expiry on gov_identity_ticket (expires_at);

-- An authCode is bound to the client it was issued for, the exact return address and a PKCE challenge (S256), as
-- OpenID Connect binds its codes; a code exchanged with any other is refused. Codes issued before this migration
-- (60 seconds at most) carry '' and match nothing.
alter table sso_auth_code add column client_id text not null default '';
alter table sso_auth_code add column redirect_uri text not null default '';
alter table sso_auth_code add column code_challenge text not null default '';
