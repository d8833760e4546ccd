import type { Queryable } from '../db/db';

/**
 * Where file content lives (docs/api-archive.md › Storage interface). The metadata row (archive_file) is always in
 * the database; the content goes through this interface, keyed by the row's id, so a centre can move it to an
 * S3-compatible object store without touching the routes.
 */
export interface FileStore {
  /** What the store is, for the health of a deployment and the docs. */
  readonly kind: string;
  /**
   * Keeps `bytes` under `key`. `tx` is the transaction writing the metadata row: a database store writes in it (both
   * or neither); an object store writes before it commits and sweeps objects no row names.
   */
  put(tx: Queryable, key: string, bytes: Uint8Array): Promise<void>;
  /** The content under `key`, or null when there is none. */
  get(q: Queryable, key: string): Promise<Uint8Array | null>;
  /** Removes the content (a database store has nothing to do: the row's delete cascades). */
  remove(tx: Queryable, key: string): Promise<void>;
}

/**
 * The default store: content in table archive_blob, written in the transaction of its metadata row, so a file is
 * never half saved nor a row without content.
 *
 * @example
 * await db.transaction(async (tx) => { const id = await insertRow(tx); await databaseStore.put(tx, id, bytes) })
 */
export const databaseStore: FileStore = {
  kind: 'database',
  // Through Base64 text, not a bytea parameter: PGlite turns a 10 MB bytea into hex and back in JavaScript (25 s in,
  // 10 s out, measured), while decode()/encode() run inside the database (about 1 s and 0.3 s); on PostgreSQL it costs
  // little either way.
  async put(tx, key, bytes) {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
    await tx.query(`insert into archive_blob (file_id, content) values ($1, decode($2, 'base64'))`, [key, text]);
  },
  async get(q, key) {
    const [row] = await q.query<{ content: string }>(`select encode(content, 'base64') as content from archive_blob where file_id = $1`, [key]);
    // encode() breaks lines every 76 characters; Buffer's decoder skips them.
    return row ? new Uint8Array(Buffer.from(row.content, 'base64')) : null;
  },
  async remove(tx, key) {
    await tx.query('delete from archive_blob where file_id = $1', [key]);
  },
};
