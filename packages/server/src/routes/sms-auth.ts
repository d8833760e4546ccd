import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Sm2KeyPair } from '@gjj-hall/sdk/crypto';
import { maskPhone } from '@gjj-hall/sdk/format';
import { isMobile, isPassword, rules } from '@gjj-hall/sdk/validate';
import type { Db, Queryable } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { createSignInGuard, type SignInGuard } from '../auth/device';
import { clearFailures } from '../auth/lockout';
import { configuredPasswordPattern, hashPassword } from '../auth/password';
import { createRateLimiter, limitByAddress, type RateLimiter } from '../auth/rate-limit';
import { signInSession } from '../auth/session';
import { CAPTCHA_FIELDS, requireCaptcha } from '../auth/require-captcha';
import { queueSms, runAfterReply, sendAfterReply, sendSms, sendSmsCode, SMS_CODE_INVALID_MESSAGE, useSmsCode } from '../auth/sms-code';
import { AUTH_PREFIX, decrypt } from './auth';
import { okAnswer } from '../http/answers';

/** Login method of a sign-in by SMS code (ours: the spec names only 100 account and password, 400 face). */
export const SMS_LOGIN_METHOD = '200';
/** A recovery ticket (handed out once the SMS code is checked) sets the new password within this time. */
export const RECOVER_TICKET_TTL_MS = 10 * 60_000;

export const SMS_SENT_MESSAGE = '验证码发送成功';
/** The one answer of sendLoginSmsCode, whether the phone signs a login in or not (issue 18, item 3). */
export const LOGIN_CODE_SENT_MESSAGE = '如该手机号码已绑定登录账号，验证码已发送，请注意查收';
/** What the owner of a phone that signs in no login is told by SMS, instead of telling whoever typed it (spec 8.2's 417). */
export const NO_LOGIN_NOTICE =
  '【住房公积金网上业务大厅】您的手机号码未绑定该类型的登录账号，不能用短信验证码登录，请使用账号密码登录后再绑定。如非本人操作，请忽略本短信。';
/** The one answer of sendRecoverPwdSmsCode, whether the account exists or not. */
export const RECOVER_CODE_SENT_MESSAGE = '如该账号存在并已绑定手机号码，验证码已发送至预留手机，请注意查收';
/** What recoverPwdPhone answers now that it shows no phone (it would tell whether an account exists). */
export const RECOVER_PHONE_HIDDEN_MESSAGE = '为保护账号安全，不再显示预留手机号码；验证码将发送至该账号绑定的手机号码';
export const PASSWORD_CHANGED_MESSAGE = '密码修改成功';
export const PASSWORD_RECOVERED_MESSAGE = '密码重置成功，请使用新密码登录';
export const RECOVER_TICKET_EXPIRED_MESSAGE = '验证已失效，请重新获取验证码';
export const PHONE_MISMATCH_MESSAGE = '手机号码与当前账号绑定的不一致';
/** The new-password message (spec 5.2's placeholder): 8-16 characters with letters and digits. */
export const NEW_PASSWORD_MESSAGE = rules.newPassword()('x');

export interface SmsAuthRouteOptions {
  db: Db;
  now: () => Date;
  keys: Sm2KeyPair;
  /** The per-address sign-in counter the account login uses too. */
  loginLimiter: RateLimiter;
  /** Code sends (and recovery look-ups) allowed per client address and minute, on top of the per-phone limits. @default 20 */
  sendRateLimit?: number | undefined;
  /** The device rule of every sign-in (auth/device.ts). @default a new one on `db` */
  signInGuard?: SignInGuard;
}

const tags = ['短信登录与密码'] as const;
const envelope = (data: Record<string, unknown>) => okAnswer(data);

// Every credential travels SM2-encrypted ('04' + C1C3C2 hex); the schema only bounds its size.
const cipher = (description: string, empty: string) =>
  ({ type: 'string', minLength: 1, maxLength: 2048, pattern: '^[0-9a-fA-F]+$', description, 'x-msg': empty, 'x-required-msg': empty }) as const;
const loginType = { type: 'integer', enum: [1, 2, 3], description: '登录类型', 'x-msg': '请选择登录类型', 'x-required-msg': '请选择登录类型' } as const;
const phoneDec = cipher('手机号码（SM2 密文）', '请输入手机号码');
const usernameDec = cipher('账号（SM2 密文）', '请输入账号');
const smsCodeDec = cipher('短信验证码（SM2 密文）', '请输入短信验证码');
const pwdDec = cipher('新密码（SM2 密文）', '请输入新密码');
const loginQuery = {
  type: 'object',
  properties: {
    grant_type: { type: 'string', enum: ['password'], description: '授权类型' },
    scope: { type: 'string', enum: ['server'], description: '授权范围' },
  },
} as const;

interface LoginRow {
  id: string;
  account: string;
  phone: string;
}

/** The login a phone signs in (an individual's own phone, a unit's or developer's handler phone); the oldest if several. */
async function loginByPhone(db: Queryable, type: number, phone: string): Promise<LoginRow | undefined> {
  const [row] = await db.query<LoginRow>(
    'select id::text as id, account, phone from app_user where login_type = $1 and phone = $2 order by id limit 1',
    [type, phone],
  );
  return row;
}

async function loginByAccount(db: Queryable, type: number, account: string): Promise<LoginRow | undefined> {
  const [row] = await db.query<LoginRow>('select id::text as id, account, phone from app_user where login_type = $1 and account = $2', [
    type,
    account,
  ]);
  return row && isMobile(row.phone) ? row : undefined;
}

/** A new password must be 8-16 characters with letters and digits (spec 5.2, 9) and match XT_MMZZ when configured. */
async function checkNewPassword(db: Queryable, password: string): Promise<void> {
  const pattern = await configuredPasswordPattern(db);
  if (rules.newPassword()(password) || (pattern && !isPassword(password, pattern))) throw new ApiError(400, NEW_PASSWORD_MESSAGE);
}

/** Sets a login's password (scrypt) and marks it as set by the user. */
async function setPassword(db: Queryable, userId: string, password: string): Promise<void> {
  await db.query(`update app_user set password_hash = $2, pwd_status = '1' where id = $1`, [userId, await hashPassword(password)]);
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * Sign-in by SMS code, password recovery and password change (spec 2.9, 3.8, 7.2, 7.8; docs/api-sms.md).
 */
export function smsAuthRoutes(app: FastifyInstance, options: SmsAuthRouteOptions): void {
  const { db, now, keys, loginLimiter } = options;
  const sendLimiter = createRateLimiter(db, 'sms-send', options.sendRateLimit ?? 20, 60_000);
  const limit = (limiter: RateLimiter) => limitByAddress(limiter, now);
  const guard = options.signInGuard ?? createSignInGuard(db, now);
  const open = (value: string) => decrypt(value, keys).trim();
  const code = (value: string) => {
    const text = open(value);
    if (!/^\d{4,8}$/.test(text)) throw new ApiError(428);
    return text;
  };
  const phone = (value: string) => {
    const text = open(value);
    if (!isMobile(text) || text.includes('*')) throw new ApiError(400, '请输入正确的手机号码');
    return text.replace(/^\+86/, '');
  };

  // ---- Sign-in by SMS code (issue 6.1) ----

  app.get<{ Querystring: { loginType: number; phoneDec: string; uuid?: string; code?: string } }>(
    `${AUTH_PREFIX}/sendLoginSmsCode`,
    {
      onRequest: limit(sendLimiter),
      schema: {
        summary: '发送短信登录验证码（先过图形验证码；手机号码为 SM2 密文；号码未绑定登录账号时改为通知机主，答复相同）',
        tags,
        querystring: { type: 'object', required: ['loginType', 'phoneDec'], properties: { loginType, phoneDec, ...CAPTCHA_FIELDS } },
        response: envelope({ type: 'null' }),
      },
    },
    async (request) => {
      const at = now();
      await requireCaptcha(db, request.query, at);
      const to = phone(request.query.phoneDec);
      const user = await loginByPhone(db, request.query.loginType, to);
      // Spec 8.2's 417 (no login for this phone) goes to the phone's owner, not to whoever typed the number: the
      // answer is the same either way, and so is the work (a notice is sent like a code).
      await sendSms(db, app, { subject: `phone:${to}`, client: request.ip, purpose: 'login', at }, user ? { phone: to } : { phone: to, notice: NO_LOGIN_NOTICE });
      return ok(null, LOGIN_CODE_SENT_MESSAGE);
    },
  );

  app.post<{ Body: { loginType: 1 | 2 | 3; phoneDec: string; smsCodeDec: string } }>(
    `${AUTH_PREFIX}/otherAuth/smsCodeLogin`,
    {
      onRequest: limit(loginLimiter),
      config: { signsIn: true },
      schema: {
        summary: '短信验证码登录（手机号码、验证码为 SM2 密文）',
        tags,
        querystring: loginQuery,
        body: { type: 'object', required: ['loginType', 'phoneDec', 'smsCodeDec'], properties: { loginType, phoneDec, smsCodeDec } },
        response: envelope({ type: 'object', properties: { token: { type: 'string' }, loginType: { type: 'integer' } } }),
      },
    },
    async (request, reply) => {
      const { body } = request;
      const at = now();
      const to = phone(body.phoneDec);
      const user = await loginByPhone(db, body.loginType, to);
      // The login's own count (shared with its password sign-in); a phone that signs nothing in is counted too.
      const attempt = await guard.begin(request, reply, user?.account ?? `sms:${body.loginType}:${to}`);
      // One refusal for a wrong code, no live code and a phone that signs nothing in (no code was ever sent to it: its
      // owner got a notice), so the answer never tells whether the phone has a login (issue 18, item 3).
      try {
        await useSmsCode(db, { phone: user ? to : null, purpose: 'login', code: code(body.smsCodeDec), at, uniform: true });
      } catch (error) {
        throw attempt.failed(error);
      }
      if (!user) throw attempt.failed(new ApiError(428, SMS_CODE_INVALID_MESSAGE));
      await attempt.succeeded();
      const [first] = await db.query<{ id: string }>(
        'select id::text as id from user_account where user_id = $1 order by is_primary desc, sort, id limit 1',
        [user.id],
      );
      if (!first) throw new ApiError(403);
      const token = await signInSession(reply, db, user.id, first.id, at, SMS_LOGIN_METHOD);
      return ok({ token, loginType: body.loginType }, '登录成功');
    },
  );

  // ---- Password change (spec 2.9, 3.8, 7.8): the session's own phone ----

  const sessionPhone = async (request: FastifyRequest) => {
    const [row] = await db.query<{ phone: string }>('select phone from app_user where id = $1', [request.session!.userId]);
    if (!row || !isMobile(row.phone)) throw new ApiError(400, '当前账号未绑定手机号码，请到柜台办理');
    return row.phone;
  };

  app.get<{ Querystring: { phoneDec?: string } }>(
    `${AUTH_PREFIX}/sendUpPwdSmsCode`,
    {
      // The session before the schema, so a signed-out caller hears 401 whatever it sent.
      onRequest: [app.requireSession, limit(sendLimiter)],
      // Changing an initial password is what such a login must do first (spec 4.1).
      config: { initialPassword: true },
      schema: {
        summary: '发送修改密码验证码（发往当前登录绑定的手机号码；phoneDec 可带可不带，只作核对）',
        tags,
        querystring: { type: 'object', properties: { phoneDec } },
        response: envelope({ type: 'null' }),
      },
    },
    async (request) => {
      const to = await sessionPhone(request);
      if (request.query.phoneDec) {
        const shown = open(request.query.phoneDec);
        if (shown !== to && shown !== maskPhone(to)) throw new ApiError(400, PHONE_MISMATCH_MESSAGE);
      }
      await sendSmsCode(db, app, { phone: to, purpose: 'updatePwd', client: request.ip, at: now() });
      return ok(null, SMS_SENT_MESSAGE);
    },
  );

  app.post<{ Body: { phoneDec: string; smsCodeDec: string; pwdDec: string } }>(
    `${AUTH_PREFIX}/updatePwdByPhone`,
    {
      onRequest: app.requireSession,
      config: { initialPassword: true },
      schema: {
        summary: '用短信验证码修改密码（三项均为 SM2 密文）；成功后本登录的其他会话失效',
        tags,
        body: { type: 'object', required: ['phoneDec', 'smsCodeDec', 'pwdDec'], properties: { phoneDec, smsCodeDec, pwdDec } },
        response: envelope({ type: 'null' }),
      },
    },
    async (request) => {
      const session = request.session!;
      const at = now();
      const to = await sessionPhone(request);
      const shown = open(request.body.phoneDec);
      if (shown !== to && shown !== maskPhone(to)) throw new ApiError(400, PHONE_MISMATCH_MESSAGE);
      const password = decrypt(request.body.pwdDec, keys);
      // Checked before the code is spent, so a refused password does not cost a new code.
      await checkNewPassword(db, password);
      await useSmsCode(db, { phone: to, purpose: 'updatePwd', code: code(request.body.smsCodeDec), at });
      await db.transaction(async (tx) => {
        await setPassword(tx, session.userId, password);
        // The other sessions of this login end; the one that changed the password goes on.
        await tx.query('update user_session set revoked_at = $3 where user_id = $1 and token_hash <> $2 and revoked_at is null', [
          session.userId,
          session.tokenHash,
          at,
        ]);
      });
      return ok(null, PASSWORD_CHANGED_MESSAGE);
    },
  );

  // ---- Password recovery (/forgotPwd): who, code to the phone on file, check, new password ----

  const recoverLogin = async (type: number, cipherText: string) => {
    const account = open(cipherText);
    return { account, user: await loginByAccount(db, type, account) };
  };

  type RecoverQuery = { loginType: number; usernameDec: string; uuid?: string; code?: string };
  const recoverSendQuery = {
    type: 'object',
    required: ['loginType', 'usernameDec'],
    properties: { loginType, usernameDec, ...CAPTCHA_FIELDS },
  } as const;

  app.get<{ Querystring: RecoverQuery }>(
    `${AUTH_PREFIX}/recoverPwdPhone`,
    {
      onRequest: limit(sendLimiter),
      schema: {
        summary: '找回密码：已停用的预留手机号码查询（ours；先过图形验证码；不再显示号码，答复与账号是否存在无关）',
        tags,
        querystring: recoverSendQuery,
        response: envelope({ type: 'object', properties: { phone: { type: 'string' } } }),
      },
    },
    async (request) => {
      await requireCaptcha(db, request.query, now());
      open(request.query.usernameDec);
      return ok({ phone: '' }, RECOVER_PHONE_HIDDEN_MESSAGE);
    },
  );

  app.get<{ Querystring: RecoverQuery }>(
    `${AUTH_PREFIX}/sendRecoverPwdSmsCode`,
    {
      onRequest: limit(sendLimiter),
      // The code goes out after the reply, so the reply is the same, and as quick, whether the account exists or not.
      onResponse: runAfterReply,
      schema: {
        summary: '找回密码：先过图形验证码，向账号绑定的手机号码发送验证码（答复与账号是否存在无关）',
        tags,
        querystring: recoverSendQuery,
        response: envelope({ type: 'null' }),
      },
    },
    async (request) => {
      const at = now();
      await requireCaptcha(db, request.query, at);
      const { loginType: type } = request.query;
      const account = open(request.query.usernameDec);
      const user = await loginByAccount(db, type, account);
      const subject = { subject: `account:${type}:${account}`, client: request.ip, purpose: 'recover' as const, at };
      sendAfterReply(request, await queueSms(db, app, subject, user ? { phone: user.phone } : null));
      return ok(null, RECOVER_CODE_SENT_MESSAGE);
    },
  );

  app.post<{ Body: { loginType: number; usernameDec: string; smsCodeDec: string } }>(
    `${AUTH_PREFIX}/checkRecoverPwdSmsCode`,
    {
      onRequest: limit(loginLimiter),
      schema: {
        summary: '找回密码：核对验证码（验证码就此用掉），换得 10 分钟内有效、一次有效的重置凭证',
        tags,
        body: {
          type: 'object',
          required: ['loginType', 'usernameDec', 'smsCodeDec'],
          properties: { loginType, usernameDec, smsCodeDec },
        },
        response: envelope({ type: 'object', properties: { ticket: { type: 'string' } } }),
      },
    },
    async (request, reply) => {
      const at = now();
      const { account, user } = await recoverLogin(request.body.loginType, request.body.usernameDec);
      // The same count as the login's sign-ins: recovery is no way round a lock (auth/device.ts).
      const attempt = await guard.begin(request, reply, user?.account ?? `recover:${request.body.loginType}:${account}`);
      // An account that does not exist is refused exactly like a wrong code (issue 18, item 3).
      try {
        await useSmsCode(db, { phone: user?.phone ?? null, purpose: 'recover', code: code(request.body.smsCodeDec), at, uniform: true });
      } catch (error) {
        throw attempt.failed(error);
      }
      if (!user) throw attempt.failed(new ApiError(428, SMS_CODE_INVALID_MESSAGE));
      await attempt.succeeded({ cookie: false });
      const ticket = randomBytes(32).toString('hex');
      await db.query('delete from pwd_recover_ticket where expires_at < $1', [at]);
      await db.query('insert into pwd_recover_ticket (ticket_hash, user_id, expires_at) values ($1, $2, $3)', [
        hashTicket(ticket),
        user.id,
        new Date(at.getTime() + RECOVER_TICKET_TTL_MS),
      ]);
      return ok({ ticket }, '验证通过');
    },
  );

  app.post<{ Body: { ticket: string; pwdDec: string } }>(
    `${AUTH_PREFIX}/recoverPwd`,
    {
      schema: {
        summary: '找回密码：设置新密码（新密码为 SM2 密文）；账号解锁，全部会话失效',
        tags,
        body: {
          type: 'object',
          required: ['ticket', 'pwdDec'],
          properties: {
            ticket: {
              type: 'string',
              pattern: '^[0-9a-f]{64}$',
              description: '重置凭证',
              'x-msg': RECOVER_TICKET_EXPIRED_MESSAGE,
              'x-required-msg': RECOVER_TICKET_EXPIRED_MESSAGE,
            },
            pwdDec,
          },
        },
        response: envelope({ type: 'null' }),
      },
    },
    async (request) => {
      const at = now();
      const password = decrypt(request.body.pwdDec, keys);
      await checkNewPassword(db, password);
      const account = await db.transaction(async (tx) => {
        const [row] = await tx.query<{ user_id: string; account: string }>(
          `update pwd_recover_ticket t set used_at = $2 from app_user u
            where t.ticket_hash = $1 and t.used_at is null and t.expires_at > $2 and u.id = t.user_id
            returning t.user_id::text as user_id, u.account`,
          [hashTicket(request.body.ticket), at],
        );
        if (!row) throw new ApiError(400, RECOVER_TICKET_EXPIRED_MESSAGE);
        await setPassword(tx, row.user_id, password);
        await tx.query('update user_session set revoked_at = $2 where user_id = $1 and revoked_at is null', [row.user_id, at]);
        return row.account;
      });
      // A recovery also ends a lockout from wrong passwords.
      await clearFailures(db, account);
      return ok(null, PASSWORD_RECOVERED_MESSAGE);
    },
  );
}
