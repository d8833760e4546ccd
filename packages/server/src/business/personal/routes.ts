import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Sm2KeyPair } from '@gjj-hall/sdk/crypto';
import { maskIdCard, maskPhone } from '@gjj-hall/sdk/format';
import type { Db } from '../../db/db';
import { ApiError, ok } from '../../http/envelope';
import { ZHFW_PREFIX } from '../../routes/shell';
import { decrypt } from '../../routes/auth';
import { CAPTCHA_FIELDS, requireCaptcha } from '../../auth/require-captcha';
import { sendSms, useSmsCode } from '../../auth/sms-code';
import { verifyPassword } from '../../auth/password';
import { currentDetails } from './person-details';
import { PHONE_CHANGE_PARAMS, PHONE_TAKEN_MESSAGE, phoneTaken } from './gj0313';
import { object, okAnswer } from '../../http/answers';

/** Words of the phone-change calls (docs/api-personal.md › 信息变更与手机号码变更). */
export const PHONE_CHANGE_MESSAGES = {
  sent: '验证码发送成功',
  same: '新手机号码与原手机号码相同，无需变更',
  noPhone: '当前账号没有登记手机号码，请选择“原手机号码已停用”，验证登录密码',
  wrongPassword: '登录密码不正确。为保护账号安全，新手机号码的验证码已失效，请重新获取',
  verified: '验证通过，请在 10 分钟内提交申请',
} as const;

const tags = ['个人信息变更'] as const;
const envelope = (data: Record<string, unknown>) => okAnswer(data);
const sjhm = { type: 'string', pattern: '^1[3-9]\\d{9}$', description: '新手机号码', 'x-msg': '请输入正确的 11 位手机号码', 'x-required-msg': '请输入新手机号码' } as const;
const smsCode = (label: string) =>
  ({ type: 'string', pattern: '^\\d{4,8}$', description: label, 'x-msg': `请输入正确的${label}`, 'x-required-msg': `请输入${label}` }) as const;
const text = { type: 'string' } as const;

export interface PersonalChangeRouteOptions {
  db: Db;
  now: () => Date;
  keys: Sm2KeyPair;
}

/**
 * The calls of GJ0302 and GJ0313 besides the applications spine: the details the change form starts from, and the
 * phone change's two codes and their proof. Each for a signed-in, verified individual; none takes an id (the session's
 * login and account are the subject), so no other login's data can be named.
 */
export function personalChangeRoutes(app: FastifyInstance, options: PersonalChangeRouteOptions): void {
  const { db, now, keys } = options;
  const pre = { preHandler: app.requireVerified };
  const individual = (request: FastifyRequest) => {
    const session = request.session!;
    if (session.loginType !== 1) throw new ApiError(403, '本业务仅限个人办理');
    return session;
  };
  const phoneOf = async (userId: string) =>
    (await db.query<{ phone: string }>('select phone from app_user where id = $1', [userId]))[0]?.phone ?? '';

  app.get(
    `${ZHFW_PREFIX}/grzhxxbg/current`,
    {
      ...pre,
      schema: {
        summary: '个人账户信息变更：现有登记信息（表单的初始值；证件号码按规范 5.6 掩码）',
        tags,
        response: envelope({
          type: 'object',
          properties: { xingming: text, zjhm: text, txdz: text, yzbm: text, hyzk: text, poxm: text, pozjhm: text, gzdh: text, dzyx: text, zy: text, xl: text },
        }),
      },
    },
    async (request) => {
      const session = individual(request);
      const now = await currentDetails(db, session.accountId);
      if (!now) throw new ApiError(404, '未找到个人账户信息');
      return ok({ ...now, zjhm: maskIdCard(now.zjhm), pozjhm: now.pozjhm ? maskIdCard(now.pozjhm) : '' });
    },
  );

  app.get(
    `${ZHFW_PREFIX}/sjhbg/current`,
    {
      ...pre,
      schema: { summary: '手机号码变更：当前登录绑定的手机号码（掩码）', tags, response: envelope(object({ sjhm: text })) },
    },
    async (request) => {
      const phone = await phoneOf(individual(request).userId);
      return ok({ sjhm: phone ? maskPhone(phone) : '' });
    },
  );

  app.post<{ Body: { uuid?: string; code?: string } }>(
    `${ZHFW_PREFIX}/sjhbg/sendOldCode`,
    {
      ...pre,
      schema: {
        summary: '手机号码变更：向原手机号码发送验证码（需图形验证码；与全站短信同一限额）',
        tags,
        body: { type: 'object', additionalProperties: false, properties: { ...CAPTCHA_FIELDS } },
        response: envelope({ type: 'null' }),
      },
    },
    async (request) => {
      const session = individual(request);
      const at = now();
      await requireCaptcha(db, request.body, at);
      const phone = await phoneOf(session.userId);
      if (!phone) throw new ApiError(400, PHONE_CHANGE_MESSAGES.noPhone);
      // Subjects of their own (as recovery's `account:` is beside sign-in's `phone:`): one code a minute each, while
      // the phone's daily cap and the client's limits count every SMS of the server together.
      await sendSms(db, app, { subject: `sjhbg-old:${session.userId}`, client: request.ip, purpose: PHONE_CHANGE_PARAMS.oldPurpose, at }, { phone });
      return ok(null, PHONE_CHANGE_MESSAGES.sent);
    },
  );

  app.post<{ Body: { sjhm: string; uuid?: string; code?: string } }>(
    `${ZHFW_PREFIX}/sjhbg/sendNewCode`,
    {
      ...pre,
      schema: {
        summary: '手机号码变更：向新手机号码发送验证码（需图形验证码；新号码不能是其他登录账号的号码）',
        tags,
        body: { type: 'object', required: ['sjhm'], additionalProperties: false, properties: { sjhm, ...CAPTCHA_FIELDS } },
        response: envelope({ type: 'null' }),
      },
    },
    async (request) => {
      const session = individual(request);
      const at = now();
      // The captcha first: each look-up of "is this number taken" costs one picture.
      await requireCaptcha(db, request.body, at);
      const phone = request.body.sjhm;
      if (phone === (await phoneOf(session.userId))) throw new ApiError(400, PHONE_CHANGE_MESSAGES.same);
      if (await phoneTaken(db, session.userId, phone)) throw new ApiError(400, PHONE_TAKEN_MESSAGE);
      await sendSms(db, app, { subject: `sjhbg-new:${phone}`, client: request.ip, purpose: PHONE_CHANGE_PARAMS.newPurpose, at }, { phone });
      return ok(null, PHONE_CHANGE_MESSAGES.sent);
    },
  );

  app.post<{ Body: { mode: 'old' | 'password'; sjhm: string; newCode: string; oldCode?: string; pwdDec?: string } }>(
    `${ZHFW_PREFIX}/sjhbg/verify`,
    {
      ...pre,
      schema: {
        summary: '手机号码变更：核验原号码验证码（或登录密码）和新号码验证码，10 分钟内可提交申请',
        tags,
        body: {
          type: 'object',
          required: ['mode', 'sjhm', 'newCode'],
          additionalProperties: false,
          properties: {
            mode: { type: 'string', enum: ['old', 'password'], description: '原手机号码：old 仍在使用，password 已停用（验证登录密码）', 'x-msg': '请选择原手机号码是否仍在使用' },
            sjhm,
            newCode: smsCode('新手机号码验证码'),
            oldCode: smsCode('原手机号码验证码'),
            pwdDec: { type: 'string', minLength: 1, maxLength: 2048, pattern: '^[0-9a-fA-F]+$', description: '登录密码（SM2 密文）', 'x-msg': '请输入登录密码' },
          },
        },
        response: envelope({ type: 'object', properties: { expiresAt: text } }),
      },
    },
    async (request) => {
      const session = individual(request);
      const at = now();
      const { mode, newCode, oldCode, pwdDec } = request.body;
      const phone = request.body.sjhm;
      if (await phoneTaken(db, session.userId, phone)) throw new ApiError(400, PHONE_TAKEN_MESSAGE);
      if (mode === 'old') {
        if (!oldCode) throw new ApiError(400, '请输入原手机号码验证码');
        const old = await phoneOf(session.userId);
        if (!old) throw new ApiError(400, PHONE_CHANGE_MESSAGES.noPhone);
        await useSmsCode(db, { phone: old, purpose: PHONE_CHANGE_PARAMS.oldPurpose, code: oldCode, at });
        await useSmsCode(db, { phone, purpose: PHONE_CHANGE_PARAMS.newPurpose, code: newCode, at });
      } else {
        if (!pwdDec) throw new ApiError(400, '请输入登录密码');
        const password = decrypt(pwdDec, keys);
        // Each guess of the password costs a new code to the new number (a picture captcha and the SMS limits): the
        // code is spent before the password is judged (one statement that only an unused code passes), so guesses
        // sent at once find it spent and are never judged (issue 31 item 5).
        await useSmsCode(db, { phone, purpose: PHONE_CHANGE_PARAMS.newPurpose, code: newCode, at });
        const [user] = await db.query<{ password_hash: string }>('select password_hash from app_user where id = $1', [session.userId]);
        if (!user || !(await verifyPassword(password, user.password_hash))) throw new ApiError(400, PHONE_CHANGE_MESSAGES.wrongPassword);
      }
      const expiresAt = new Date(at.getTime() + PHONE_CHANGE_PARAMS.proofTtlMs);
      await db.transaction(async (tx) => {
        // One live proof per login: an earlier one (another number) no longer counts; old rows go through the index.
        await tx.query('update phone_change_check set used_at = $2 where user_id = $1 and used_at is null', [session.userId, at]);
        await tx.query(
          `insert into phone_change_check (user_id, account_id, new_phone, mode, verified_at, expires_at, keep_session) values ($1, $2, $3, $4, $5, $6, $7)`,
          [session.userId, session.accountId, phone, mode, at, expiresAt, session.tokenHash],
        );
        await tx.query('delete from phone_change_check where id in (select id from phone_change_check where expires_at < $1 order by expires_at limit 1000)', [
          new Date(at.getTime() - 86_400_000),
        ]);
      });
      return ok({ expiresAt: expiresAt.toISOString() }, PHONE_CHANGE_MESSAGES.verified);
    },
  );
}
