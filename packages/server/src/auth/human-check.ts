import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/envelope';
import { CAPTCHA_ALPHABET, CAPTCHA_TTL_MS } from './captcha';
import { createRateLimiter, type RateLimiter } from './rate-limit';

/**
 * The check before sign-in that is not a puzzle (issue 18's picture captcha stays, as an escalation; issue 37).
 *
 * The browser solves a proof of work (ALTCHA, `altcha-lib` here and `altcha` in the page) and redeems the solution
 * for a captcha row that is already answered; every call that takes `uuid` and `code` spends that row as it spends
 * a picture's (single use, 2 minutes). The row is bound to the action the work was done for. While the client's
 * address has failed checks or sign-ins recently ({@link PICTURE_AFTER_FAILURES} in {@link ABUSE_WINDOW_MS}), no
 * challenge is handed out and no solution redeemed: the page shows the picture captcha instead.
 */

/** What a proof of work may be spent on: the password sign-in, or sending an SMS code. */
export type HumanCheckAction = 'login' | 'sms';
export const HUMAN_CHECK_ACTIONS: readonly HumanCheckAction[] = ['login', 'sms'];

/** The key derivation each attempt runs (WebCrypto's PBKDF2 in the browser, Node's on the server). */
export const POW_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per attempt. */
export const POW_COST = 1_000;
/**
 * The counter the solver must reach is drawn uniformly from this range (deterministic mode: the server derives one
 * key, the browser tries every counter from 0 up). Measured in docs/security/human-check.md: about 0.4 s on a
 * desktop and 1.5 s on a phone profile (4 × CPU slowdown) at the mean.
 */
export const POW_COUNTER_MIN = 300;
export const POW_COUNTER_MAX = 1_000;
/** How long a challenge may be solved and redeemed. */
export const POW_TTL_MS = 5 * 60_000;

/** Failed checks and sign-ins from one client address after which the picture comes back. */
export const PICTURE_AFTER_FAILURES = 3;
/** The window of {@link PICTURE_AFTER_FAILURES} (sliding). */
export const ABUSE_WINDOW_MS = 15 * 60_000;
/** The limiter bucket of the abuse signal. */
export const ABUSE_BUCKET = 'check-failure';

/** Answered (428) by the redemption when the address must solve the picture; the page then shows it. */
export const PICTURE_REQUIRED_MESSAGE = '为保护账号安全，请输入图形验证码';
/** Answered (428) for a solution that is wrong, expired, for another action or already used. */
export const POW_INVALID_MESSAGE = '安全验证未通过，请重试';

/** The app_meta key of the HMAC secret that signs challenges (made once, shared by every instance). */
export const POW_SECRET_META_KEY = 'human_check_secret';

async function loadSecret(db: Queryable): Promise<string> {
  const read = async () => (await db.query<{ value: string }>('select value from app_meta where key = $1', [POW_SECRET_META_KEY]))[0]?.value;
  const existing = await read();
  if (existing) return existing;
  await db.query('insert into app_meta (key, value) values ($1, $2) on conflict (key) do nothing', [
    POW_SECRET_META_KEY,
    randomBytes(32).toString('base64'),
  ]);
  const stored = await read();
  if (!stored) throw new Error('安全验证密钥保存失败');
  return stored;
}

export interface HumanCheck {
  /** Whether `address` must solve the picture captcha now. */
  pictureNeeded(address: string): Promise<boolean>;
  /** Counts a failed check or sign-in of `address` towards the abuse signal. */
  failed(address: string): Promise<void>;
  /** A signed challenge for `action`. */
  challenge(action: HumanCheckAction): Promise<Challenge>;
  /**
   * Verifies `payload` (base64 of `{ challenge, solution }`, as the page sends it) for `action` and spends it;
   * answers a captcha `{ uuid, code }` the next call sends. Throws 428 when it is not good, or when the address must
   * solve the picture.
   */
  redeem(payload: string, action: HumanCheckAction, address: string): Promise<{ uuid: string; code: string }>;
}

/** @example const check = createHumanCheck(db, now); const c = await check.challenge('login'); */
export function createHumanCheck(db: Queryable, now: () => Date, pictureAfter: number = PICTURE_AFTER_FAILURES): HumanCheck {
  const failures: RateLimiter = createRateLimiter(db, ABUSE_BUCKET, Math.max(1, pictureAfter), ABUSE_WINDOW_MS);
  let secret: Promise<string> | undefined;
  const key = () => {
    secret ??= loadSecret(db).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
  const invalid = () => new ApiError(428, POW_INVALID_MESSAGE);
  // 0: a centre (or a test harness signing everybody in from one address) that wants the picture every time.
  const pictureNeeded = async (address: string) => pictureAfter === 0 || (await failures.count(address, now().getTime())) >= pictureAfter;

  return {
    pictureNeeded,
    async failed(address) {
      await failures.hit(address, now().getTime());
    },
    async challenge(action) {
      const s = await key();
      const expires = Math.floor((now().getTime() + POW_TTL_MS) / 1000);
      return createChallenge({
        algorithm: POW_ALGORITHM,
        cost: POW_COST,
        counter: randomInt(POW_COUNTER_MIN, POW_COUNTER_MAX + 1),
        deriveKey,
        // Our own expiry, read against the server's clock (altcha-lib's expiresAt reads Date.now()).
        data: { action, exp: expires },
        hmacSignatureSecret: s,
        hmacKeySignatureSecret: s,
      });
    },
    async redeem(payload, action, address) {
      if (await pictureNeeded(address)) throw new ApiError(428, PICTURE_REQUIRED_MESSAGE);
      let parsed: { challenge?: Challenge; solution?: Solution };
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as typeof parsed;
      } catch {
        throw invalid();
      }
      const { challenge, solution } = parsed;
      if (!challenge?.parameters || typeof challenge.parameters !== 'object' || !solution) throw invalid();
      const s = await key();
      const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: s, hmacKeySignatureSecret: s }).catch(() => null);
      if (!result?.verified) throw invalid();
      // Signed, so these are the server's own values.
      const { data, nonce } = challenge.parameters;
      const at = now();
      if (data?.action !== action || typeof data.exp !== 'number' || data.exp * 1000 <= at.getTime()) throw invalid();
      await db.query('delete from human_check_spent where expires_at < $1', [at]);
      const spent = await db.query('insert into human_check_spent (nonce, expires_at) values ($1, $2) on conflict do nothing returning nonce', [
        nonce,
        new Date(data.exp * 1000),
      ]);
      if (spent.length === 0) throw invalid();
      const uuid = randomUUID();
      let code = '';
      for (let i = 0; i < 6; i++) code += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
      await db.query('insert into captcha (uuid, answer, expires_at, action) values ($1, $2, $3, $4)', [
        uuid,
        code,
        new Date(at.getTime() + CAPTCHA_TTL_MS),
        action,
      ]);
      return { uuid, code };
    },
  };
}
