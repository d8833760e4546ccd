-- Electronic archive (电子档案, issue 22; docs/api-archive.md): the files of an application's materials, their
-- content (the database storage of archive/storage.ts), finished collections, and the QR signing links.

-- One row per stored file. file_id is what the API names (random, so numbers reveal nothing); the name is a label,
-- never a path. Deleting the application (a draft) deletes its files.
create table archive_file (
  id             bigserial primary key,
  file_id        uuid not null unique,
  application_id bigint not null references application (id) on delete cascade,
  clbh           text not null check (clbh ~ '^[A-Z0-9]{1,20}$'),
  file_name      text not null check (length(file_name) between 1 and 120),
  mime_type      text not null check (mime_type in ('image/jpeg', 'image/png', 'application/pdf')),
  size           integer not null check (size > 0),
  sha256         text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  -- A PDF's page count; an image's size in pixels.
  pages          integer,
  width          integer,
  height         integer,
  -- Who stored it: the applicant, the centre (x-centre-key) or the QR signing.
  source         text not null check (source in ('applicant', 'centre', 'signing')),
  uploaded_at    timestamptz not null
);
-- The materials of one application, oldest file first, through the index.
create index archive_file_of on archive_file (application_id, clbh, id);

-- The content of a file (FileStore 'database'), written in the transaction that writes its row.
create table archive_blob (
  file_id bigint primary key references archive_file (id) on delete cascade,
  content bytea not null
);

-- A finished collection (cjtj); any later change of the materials deletes the row.
create table archive_collection (
  application_id bigint primary key references application (id) on delete cascade,
  completed_at   timestamptz not null,
  materials      integer not null,
  files          integer not null
);

-- QR signing links of the authorisation letter: the uuid is the capability of the phone, single use, expiring.
create table sign_request (
  uuid           uuid primary key,
  application_id bigint not null references application (id) on delete cascade,
  -- waiting (0), opened (1), signed (10), failed (11); expired (9) is read from expires_at.
  status         text not null check (status in ('waiting', 'opened', 'signed', 'failed', 'replaced')),
  created_at     timestamptz not null,
  expires_at     timestamptz not null,
  opened_at      timestamptz,
  signed_at      timestamptz,
  failures       integer not null default 0 check (failures >= 0),
  -- The signed letter (archive_file.file_id) once signed.
  file_id        uuid
);
create index sign_request_of on sign_request (application_id, created_at desc);
-- Old links are deleted as new ones are made.
create index sign_request_age on sign_request (expires_at);
