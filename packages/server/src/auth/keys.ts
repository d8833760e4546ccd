import { generateSm2KeyPair, type Sm2KeyPair } from '@gjj-hall/sdk/crypto';
import type { Db } from '../db/db';

const KEY = 'sm2_key_pair';

/**
 * The server's SM2 key pair: made on first start and kept in app_meta, one row for both halves so that instances
 * starting together on one database agree on a single pair (the first insert wins; everyone reads it back).
 */
export async function loadSm2KeyPair(db: Db): Promise<Sm2KeyPair> {
  const read = async () => {
    const [row] = await db.query<{ value: string }>('select value from app_meta where key = $1', [KEY]);
    return row ? (JSON.parse(row.value) as Sm2KeyPair) : undefined;
  };
  const existing = await read();
  if (existing) return existing;
  await db.query('insert into app_meta (key, value) values ($1, $2) on conflict (key) do nothing', [KEY, JSON.stringify(generateSm2KeyPair())]);
  const stored = await read();
  if (!stored) throw new Error('SM2 密钥对保存失败');
  return stored;
}
