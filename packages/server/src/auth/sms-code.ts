import { createHash, randomInt } from 'node:crypto';
import type { Db } from '../db/db';
import { ApiError } from '../http/envelope';
import type { SmsGateway } from '../outbox/outbox';

/** A code is valid this long after it is sent. */
export const SMS_CODE_TTL_MS = 5 * 60_000;
/** One code per phone in this window. */
export const SMS_RESEND_MS = 60_000;
/** At most this many codes per phone in an hour. */
export const SMS_PER_HOUR = 5;
/** Wrong tries after which a code is given up. */
export const SMS_MAX_FAILURES = 5;
/** The code length when the configuration (XT_DXYZMCD) has none (spec 9). */
export const DEFAULT_SMS_CODE_LENGTH = 4;

export const SMS_TOO_FREQUENT_MESSAGE = '请求过于频繁，请稍后再试';
export const SMS_CODE_WRONG_MESSAGE = '验证码错误，请重新输入';
export const SMS_CODE_EXPIRED_MESSAGE = '验证码已失效，请重新获取';

/** What a code is for: a code sent for one purpose never serves another. */
export type SmsPurpose = 'login' | 'register' | 'unitPassword' | 'otherUnitPassword' | 'recover' | 'updatePwd' | 'unitDeposit';

const hashCode = (phone: string, purpose: string, code: string) => createHash('sha256').update(`${purpose}:${phone}:${code}`).digest('hex');

/** The configured code length (sys_config XT_DXYZMCD, 4 to 8), else 4. */
export async function smsCodeLength(db: Db): Promise<number> {
  const [row] = await db.query<{ value: string }>(`select value from sys_config where key = 'XT_DXYZMCD' and enable = 1`);
  const n = Number(row?.value);
  return Number.isInteger(n) && n >= 4 && n <= 8 ? n : DEFAULT_SMS_CODE_LENGTH;
}

/**
 * Makes a code for `phone` and `purpose` and sends it through the gateway. Answers 429 (the catalogue message) when
 * the phone had a code in the last 60 s or five in the last hour; the earlier codes of the same purpose stop working.
 *
 * @example
 * await sendSmsCode(db, app.sms, { phone: '13800138000', purpose: 'login', at: now() })
 */
export async function sendSmsCode(db: Db, sms: SmsGateway, input: { phone: string; purpose: SmsPurpose; at: Date }): Promise<void> {
  const { phone, purpose, at } = input;
  const [recent] = await db.query<{ last: Date | null; hour: number }>(
    `select max(sent_at) as last, count(*)::int as hour from sms_code where phone = $1 and sent_at > $2`,
    [phone, new Date(at.getTime() - 3_600_000)],
  );
  const last = recent?.last ? new Date(recent.last).getTime() : 0;
  if (at.getTime() - last < SMS_RESEND_MS || (recent?.hour ?? 0) >= SMS_PER_HOUR) throw new ApiError(429, SMS_TOO_FREQUENT_MESSAGE);

  const length = await smsCodeLength(db);
  const code = Array.from({ length }, () => String(randomInt(10))).join('');
  await db.query('update sms_code set used_at = $3 where phone = $1 and purpose = $2 and used_at is null', [phone, purpose, at]);
  await db.query('delete from sms_code where sent_at < $1', [new Date(at.getTime() - 86_400_000)]);
  await db.query(
    'insert into sms_code (phone, purpose, code_hash, sent_at, expires_at) values ($1, $2, $3, $4, $5)',
    [phone, purpose, hashCode(phone, purpose, code), at, new Date(at.getTime() + SMS_CODE_TTL_MS)],
  );
  await sms.send(phone, code);
}

/**
 * Checks and spends the code sent to `phone` for `purpose`. Throws 428 with 验证码错误，请重新输入 for a wrong code,
 * and 428 with 验证码已失效，请重新获取 when there is no live code (never sent, used, expired, or given up after five
 * wrong tries).
 */
export async function useSmsCode(db: Db, input: { phone: string; purpose: SmsPurpose; code: string; at: Date }): Promise<void> {
  const { phone, purpose, code, at } = input;
  const [live] = await db.query<{ id: string; code_hash: string }>(
    `select id::text as id, code_hash from sms_code
      where phone = $1 and purpose = $2 and used_at is null and expires_at > $3 and failures < $4
      order by sent_at desc limit 1`,
    [phone, purpose, at, SMS_MAX_FAILURES],
  );
  if (!live) throw new ApiError(428, SMS_CODE_EXPIRED_MESSAGE);
  if (live.code_hash !== hashCode(phone, purpose, code)) {
    await db.query('update sms_code set failures = failures + 1 where id = $1', [live.id]);
    throw new ApiError(428, SMS_CODE_WRONG_MESSAGE);
  }
  // Spent in the same statement that checks it is still unused, so two requests racing cannot both use it.
  const spent = await db.query('update sms_code set used_at = $2 where id = $1 and used_at is null returning id', [live.id, at]);
  if (!spent.length) throw new ApiError(428, SMS_CODE_EXPIRED_MESSAGE);
}
