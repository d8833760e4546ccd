-- Rate limits shared by every server instance on one database (issue 18: a limit kept in one process's memory is a
-- limit per instance). One row per limiter, key and fixed window; the sliding window is estimated from the current
-- and the previous window (docs/security.md). Unlogged: a counter lost in a crash costs nothing, and a write here
-- must not wait on the disk.
create unlogged table rate_limit_hit (
  bucket       text not null,
  key          text not null,
  window_start timestamptz not null,
  hits         integer not null,
  primary key (bucket, key, window_start)
);
create index rate_limit_hit_window on rate_limit_hit (window_start);
