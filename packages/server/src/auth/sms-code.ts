import { createHash, randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/db';
import { ApiError } from '../http/envelope';
import type { SmsGateway } from '../outbox/outbox';

/** A code is valid this long after it is sent. */
export const SMS_CODE_TTL_MS = 5 * 60_000;
/** Wrong tries after which a code is given up. */
export const SMS_MAX_FAILURES = 5;
/** The code length when the configuration (XT_DXYZMCD) has none: 6 digits (issue 18; the spec's 4 is too few). */
export const DEFAULT_SMS_CODE_LENGTH = 6;
/** After a send the gateway refused, every send answers 503 at once for this long; then the next one tries again. */
export const SMS_GATEWAY_RETRY_MS = 30_000;

/**
 * How many SMS may be asked for (docs/security/enumeration-sms.md). Every call that sends counts here, in table
 * sms_send, so every instance on one database shares the counts; a send the gateway refused counts against none.
 */
export interface SmsLimits {
  /** Least time between two SMS for one subject (what the caller named: a phone, an account, an ID, a unit). @default 60_000 */
  subjectGapMs: number;
  /** SMS per subject in any hour. @default 5 */
  subjectPerHour: number;
  /** SMS per subject in any 24 hours. @default 10 */
  subjectPerDay: number;
  /** SMS asked for by one client address in any hour. @default 10 */
  clientPerHour: number;
  /** SMS asked for by one client address in any 24 hours. @default 30 */
  clientPerDay: number;
  /**
   * SMS to one phone in any 24 hours, whatever asked for them. Beyond it nothing more is sent to that phone, and the
   * answer does not change (it would tell which phone an account has). @default 10
   */
  phonePerDay: number;
}

/** The default limits; a deployment may change them (`buildApp({ smsLimits })`, `SMS_CLIENT_HOURLY_LIMIT`…). */
export const SMS_LIMITS: Readonly<SmsLimits> = Object.freeze({
  subjectGapMs: 60_000,
  subjectPerHour: 5,
  subjectPerDay: 10,
  clientPerHour: 10,
  clientPerDay: 30,
  phonePerDay: 10,
});

export const SMS_TOO_FREQUENT_MESSAGE = '请求过于频繁，请稍后再试';
export const SMS_UNAVAILABLE_MESSAGE = '短信服务暂时不可用，请稍后再试';
export const SMS_CODE_WRONG_MESSAGE = '验证码错误，请重新输入';
export const SMS_CODE_EXPIRED_MESSAGE = '验证码已失效，请重新获取';
/** One answer for a wrong and a missing code, where telling them apart would tell whether an account exists. */
export const SMS_CODE_INVALID_MESSAGE = '验证码错误或已失效，请重新获取';

/** What a code is for: a code sent for one purpose never serves another (`sign:<uuid>`: one QR signing link). */
export type SmsPurpose = 'login' | 'phoneOld' | 'phoneNew' | 'register' | 'unitPassword' | 'otherUnitPassword' | 'recover' | 'updatePwd' | 'unitDeposit' | `sign:${string}` | `two:${string}`;

/** What sends: the gateway and the limits (the Fastify app carries both, as `sms` and `smsLimits`), and a log. */
export interface SmsSender {
  sms: SmsGateway;
  smsLimits: SmsLimits;
  log?: { error: (obj: unknown, msg?: string) => void };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The limits on sending SMS of this server ({@link SMS_LIMITS} unless changed). */
    smsLimits: SmsLimits;
  }
}

/** Who asks for an SMS, about what. */
export interface SmsRequest {
  /**
   * What the caller named, with its kind: `phone:13800138000`, `account:1:110101…`, `zjhm:…`, `dwzh:…`. Limited per
   * subject; kept only as a hash.
   */
  subject: string;
  /** The client address (request.ip). */
  client: string;
  /** The purpose of the code asked for. */
  purpose: SmsPurpose;
  at: Date;
}

/** What goes out: a code for the request's purpose to `phone`, or, with `notice`, that text instead. */
export interface SmsMessage {
  phone: string;
  notice?: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hashCode = (phone: string, purpose: string, code: string) => sha256(`${purpose}:${phone}:${code}`);
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** The configured code length (sys_config XT_DXYZMCD, 4 to 8), else {@link DEFAULT_SMS_CODE_LENGTH}. */
export async function smsCodeLength(db: Queryable): Promise<number> {
  const [row] = await db.query<{ value: string }>(`select value from sys_config where key = 'XT_DXYZMCD' and enable = 1`);
  const n = Number(row?.value);
  return Number.isInteger(n) && n >= 4 && n <= 8 ? n : DEFAULT_SMS_CODE_LENGTH;
}

/** 503 while the newest gateway answer is a failure less than {@link SMS_GATEWAY_RETRY_MS} old. */
async function checkGateway(db: Queryable, at: Date): Promise<void> {
  const [last] = await db.query<{ status: string; done_at: Date }>(
    'select status, done_at from sms_send where done_at is not null order by done_at desc, id desc limit 1',
  );
  if (last?.status === 'failed' && at.getTime() - new Date(last.done_at).getTime() < SMS_GATEWAY_RETRY_MS) {
    throw new ApiError(503, SMS_UNAVAILABLE_MESSAGE);
  }
}

/**
 * Counts a request against the limits and records it: 503 while the gateway is down, 429 over a subject's or a
 * client's limit (nothing recorded then). Over the recipient's daily cap, or without a recipient, the row says
 * 'none' and nothing will be sent.
 */
async function reserve(db: Db, limits: SmsLimits, request: SmsRequest, message: SmsMessage | null, status: 'pending' | 'queued') {
  const { at, client } = request;
  const subject = sha256(request.subject);
  const phone = message?.phone ?? null;
  return db.transaction(async (tx) => {
    // One request per subject, per client and per phone at a time, so two racing (on two instances too) cannot both
    // pass a limit. Always taken in this order, so two requests never wait on each other's.
    for (const key of [`sms:s:${subject}`, `sms:c:${client}`, ...(phone ? [`sms:p:${phone}`] : [])]) {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [key]);
    }
    await checkGateway(tx, at);
    const [c] = await tx.query<{ last: Date | null; subject_hour: number; subject_day: number; client_hour: number; client_day: number; phone_day: number }>(
      `select max(at) filter (where subject = $1) as last,
              count(*) filter (where subject = $1 and at > $4)::int as subject_hour,
              count(*) filter (where subject = $1)::int as subject_day,
              count(*) filter (where client = $2 and at > $4)::int as client_hour,
              count(*) filter (where client = $2)::int as client_day,
              count(*) filter (where phone = $3 and status in ('pending', 'queued', 'sent'))::int as phone_day
         from sms_send
        where at > $5 and status <> 'failed' and (subject = $1 or client = $2 or phone = $3)`,
      [subject, client, phone, new Date(at.getTime() - HOUR), new Date(at.getTime() - DAY)],
    );
    const last = c?.last ? new Date(c.last).getTime() : Number.NEGATIVE_INFINITY;
    if (
      at.getTime() - last < limits.subjectGapMs ||
      (c?.subject_hour ?? 0) >= limits.subjectPerHour ||
      (c?.subject_day ?? 0) >= limits.subjectPerDay ||
      (c?.client_hour ?? 0) >= limits.clientPerHour ||
      (c?.client_day ?? 0) >= limits.clientPerDay
    ) {
      throw new ApiError(429, SMS_TOO_FREQUENT_MESSAGE);
    }
    const sending = phone !== null && (c?.phone_day ?? 0) < limits.phonePerDay;
    const [row] = await tx.query<{ id: string }>(
      'insert into sms_send (subject, client, phone, purpose, status, at) values ($1, $2, $3, $4, $5, $6) returning id::text as id',
      [subject, client, phone, message?.notice === undefined ? request.purpose : 'notice', sending ? status : 'none', at],
    );
    // Housekeeping: nothing older than the longest window is needed.
    await tx.query('delete from sms_send where at < $1', [new Date(at.getTime() - 2 * DAY)]);
    await tx.query('delete from sms_code where sent_at < $1', [new Date(at.getTime() - DAY)]);
    return { id: row!.id, sending };
  });
}

/**
 * Sends a code (or a notice) and records the outcome. A code and a notice take the same statements (a notice's
 * row in sms_code is born spent), so the two cannot be told apart by time. A failed send leaves no code and marks
 * the request 'failed', which frees its place in the limits. Throws what the gateway threw.
 */
async function deliver(db: Db, sender: SmsSender, id: string, request: SmsRequest, message: SmsMessage): Promise<void> {
  const { at } = request;
  const { phone, notice } = message;
  const purpose = notice === undefined ? request.purpose : 'notice';
  const length = await smsCodeLength(db);
  const code = Array.from({ length }, () => String(randomInt(10))).join('');
  const [row] = await db.query<{ id: string }>(
    `insert into sms_code (phone, purpose, code_hash, sent_at, expires_at, used_at) values ($1, $2, $3, $4, $5, $6)
     returning id::text as id`,
    [phone, purpose, hashCode(phone, purpose, code), at, new Date(at.getTime() + SMS_CODE_TTL_MS), notice === undefined ? null : at],
  );
  try {
    if (notice === undefined) await sender.sms.send(phone, code);
    else await sender.sms.notify(phone, notice);
  } catch (error) {
    await db.query('delete from sms_code where id = $1', [row!.id]);
    await db.query(`update sms_send set status = 'failed', done_at = $2 where id = $1`, [id, at]);
    throw error;
  }
  // The earlier codes of this phone and purpose stop working once the new one is out.
  await db.query('update sms_code set used_at = $4 where phone = $1 and purpose = $2 and used_at is null and id <> $3', [phone, purpose, row!.id, at]);
  await db.query(`update sms_send set status = 'sent', done_at = $2 where id = $1`, [id, at]);
}

/** The gateway's own ApiError (it says what is wrong), else 503 短信服务暂时不可用，请稍后再试. */
const unavailable = (error: unknown) => (error instanceof ApiError ? error : new ApiError(503, SMS_UNAVAILABLE_MESSAGE));

/**
 * Sends now, to a phone the caller named or the session's own (the answer may depend on it: it tells nothing the
 * caller did not type). 503 while the gateway is down or when this send fails (then nothing is counted); 429 over a
 * limit of {@link SmsLimits}.
 *
 * @example
 * await sendSms(db, app, { subject: `phone:${phone}`, client: request.ip, purpose: 'login', at: now() },
 *   user ? { phone } : { phone, notice: NO_LOGIN_NOTICE })
 */
export async function sendSms(db: Db, sender: SmsSender, request: SmsRequest, message: SmsMessage): Promise<void> {
  const { id, sending } = await reserve(db, sender.smsLimits, request, message, 'pending');
  if (!sending) return;
  try {
    await deliver(db, sender, id, request, message);
  } catch (error) {
    sender.log?.error({ err: error }, '短信发送失败');
    throw unavailable(error);
  }
}

/**
 * Makes a code for `phone` and `purpose` and sends it now (see {@link sendSms}); the subject is the phone. The
 * earlier codes of the same phone and purpose stop working once it is out.
 *
 * @example
 * await sendSmsCode(db, app, { phone: '13800138000', purpose: 'login', client: request.ip, at: now() })
 */
export async function sendSmsCode(db: Db, sender: SmsSender, input: { phone: string; purpose: SmsPurpose; client: string; at: Date }): Promise<void> {
  const { phone, purpose, client, at } = input;
  await sendSms(db, sender, { subject: `phone:${phone}`, client, purpose, at }, { phone });
}

/**
 * For a call that names an account, an ID number or a unit: counts the request now (503 while the gateway is down,
 * 429 over a limit, both whatever the account) and returns the send, to run after the reply
 * ({@link sendAfterReply}); `message` null (no such account) sends nothing. So the answer, and the time it takes,
 * is the same whether the account exists or not. A send that fails then is logged, counts against nothing, and
 * makes the next requests answer 503 for {@link SMS_GATEWAY_RETRY_MS}.
 *
 * @example
 * const send = await queueSms(db, app, { subject: `account:${type}:${account}`, client: request.ip, purpose: 'recover', at }, user && { phone: user.phone })
 * sendAfterReply(request, send)
 */
export async function queueSms(db: Db, sender: SmsSender, request: SmsRequest, message: SmsMessage | null): Promise<() => Promise<void>> {
  const { id, sending } = await reserve(db, sender.smsLimits, request, message, 'queued');
  return async () => {
    if (!sending || !message) return;
    try {
      await deliver(db, sender, id, request, message);
    } catch (error) {
      sender.log?.error({ err: error }, '短信发送失败（已答复之后）');
    }
  };
}

const afterReply = new WeakMap<FastifyRequest, () => void>();
const AFTER_REPLY_FALLBACK_MS = 10_000;
const inFlight = new Set<Promise<void>>();

/**
 * Runs `task` once the reply to `request` has gone out; the route needs `onResponse: runAfterReply`.
 *
 * @example
 * app.get(path, { onResponse: runAfterReply }, async (request) => { sendAfterReply(request, await queueSms(…)); return ok(null, msg) })
 */
export function sendAfterReply(request: FastifyRequest, task: () => Promise<void>): void {
  let start: () => void = () => {};
  const started = new Promise<void>((resolve) => (start = resolve));
  const done: Promise<void> = started.then(task).finally(() => inFlight.delete(done));
  inFlight.add(done);
  afterReply.set(request, start);
  // Should the reply never finish (the connection dropped), the send still goes, and nothing waits for it forever.
  setTimeout(start, AFTER_REPLY_FALLBACK_MS).unref();
}

/**
 * The `onResponse` hook of a route that uses {@link sendAfterReply}. The send starts on a later turn of the event
 * loop: an embedded database (PGlite) works on this thread, and the reply must be on its way first.
 */
export async function runAfterReply(request: FastifyRequest): Promise<void> {
  const start = afterReply.get(request);
  afterReply.delete(request);
  if (start) setTimeout(start, 0);
}

/** Resolves once every send started after a reply has finished (tests; closing the server). */
export async function smsSettled(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

/**
 * Checks and spends the code sent to `phone` for `purpose`. Throws 428 with 验证码错误，请重新输入 for a wrong code,
 * and 428 with 验证码已失效，请重新获取 when there is no live code (never sent, used, expired, or given up after five
 * wrong tries). With `uniform`, both say 验证码错误或已失效，请重新获取, and `phone` null (no such account) runs the
 * same query and is refused the same way: where the account is named by the caller, the answer must not tell
 * whether it exists.
 */
export async function useSmsCode(
  db: Queryable,
  input: { phone: string | null; purpose: SmsPurpose; code: string; at: Date; uniform?: boolean },
): Promise<void> {
  const { purpose, code, at } = input;
  // '' is no phone: the same query finds nothing.
  const phone = input.phone ?? '';
  const wrongMessage = input.uniform ? SMS_CODE_INVALID_MESSAGE : SMS_CODE_WRONG_MESSAGE;
  const expiredMessage = input.uniform ? SMS_CODE_INVALID_MESSAGE : SMS_CODE_EXPIRED_MESSAGE;
  const [live] = await db.query<{ id: string; code_hash: string }>(
    `select id::text as id, code_hash from sms_code
      where phone = $1 and purpose = $2 and used_at is null and expires_at > $3 and failures < $4
      order by sent_at desc limit 1`,
    [phone, purpose, at, SMS_MAX_FAILURES],
  );
  if (!live) throw new ApiError(428, expiredMessage);
  if (live.code_hash !== hashCode(phone, purpose, code)) {
    await db.query('update sms_code set failures = failures + 1 where id = $1', [live.id]);
    throw new ApiError(428, wrongMessage);
  }
  // Spent in the same statement that checks it is still unused, so two requests racing cannot both use it.
  const spent = await db.query('update sms_code set used_at = $2 where id = $1 and used_at is null returning id', [live.id, at]);
  if (!spent.length) throw new ApiError(428, expiredMessage);
}
