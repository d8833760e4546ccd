import { generateSm2KeyPair, type Sm2KeyPair } from '@gjj-hall/sdk/crypto';
import type { Db } from '../db/db';
import { openSecret, sealSecret, SecretKeyMismatchError } from './secrets';

const KEY = 'sm2_key_pair';
/** Bound to the sealed private key, so that it opens only as this row. */
const CONTEXT = 'app_meta:sm2_key_pair';

/** The row as kept since issue 18: the private key sealed with the server's secret key (AES-256-GCM). */
interface StoredKeyPair {
  publicKey: string;
  sealedPrivateKey: string;
}

/** The row as the first versions kept it, the private key in clear; sealed at the next start. */
interface ClearKeyPair {
  publicKey: string;
  privateKey: string;
}

export const SM2_KEY_MISMATCH_MESSAGE =
  '无法解开数据库中加密保存的 SM2 私钥：当前的服务端密钥（GJJ_SECRET_KEY 或 GJJ_SECRET_KEY_FILE；开发环境未设置时为数据目录中的 secret.key）不是加密它时用的那一个。请配置原来的密钥后再启动';

/**
 * The server's SM2 key pair: made on first start and kept in app_meta, one row for both halves so that instances
 * starting together on one database agree on a single pair (the first insert wins; everyone reads it back). The
 * private key is kept sealed with `secretKey` (AES-256-GCM); a row from before, with the key in clear, is sealed
 * here. Throws, saying what to do, when the row was sealed with another key.
 */
export async function loadSm2KeyPair(db: Db, secretKey: Uint8Array): Promise<Sm2KeyPair> {
  const read = async () => {
    const [row] = await db.query<{ value: string }>('select value from app_meta where key = $1', [KEY]);
    return row ? { text: row.value, pair: JSON.parse(row.value) as Partial<StoredKeyPair & ClearKeyPair> } : undefined;
  };
  const seal = (pair: Sm2KeyPair): string =>
    JSON.stringify({ publicKey: pair.publicKey, sealedPrivateKey: sealSecret(secretKey, pair.privateKey, CONTEXT) } satisfies StoredKeyPair);

  let stored = await read();
  if (!stored) {
    await db.query('insert into app_meta (key, value) values ($1, $2) on conflict (key) do nothing', [KEY, seal(generateSm2KeyPair())]);
    stored = await read();
    if (!stored) throw new Error('SM2 密钥对保存失败');
  }
  const { publicKey, privateKey, sealedPrivateKey } = stored.pair;
  if (!publicKey) throw new Error('数据库中的 SM2 密钥对不完整（app_meta sm2_key_pair）');
  if (privateKey) {
    // Kept in clear by an earlier version: seal it, unless another instance starting beside this one did first.
    await db.query('update app_meta set value = $3, updated_at = now() where key = $1 and value = $2', [
      KEY,
      stored.text,
      seal({ publicKey, privateKey }),
    ]);
    return loadSm2KeyPair(db, secretKey);
  }
  if (!sealedPrivateKey) throw new Error('数据库中的 SM2 密钥对不完整（app_meta sm2_key_pair）');
  try {
    return { publicKey, privateKey: openSecret(secretKey, sealedPrivateKey, CONTEXT) };
  } catch (error) {
    if (error instanceof SecretKeyMismatchError) throw new Error(SM2_KEY_MISMATCH_MESSAGE, { cause: error });
    throw error;
  }
}
