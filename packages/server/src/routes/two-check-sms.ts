import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { maskPhone } from '@gjj-hall/sdk/format';
import { isMobile } from '@gjj-hall/sdk/validate';
import type { Db } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { sendSmsCode, smsCodeLength, useSmsCode, type SmsPurpose } from '../auth/sms-code';
import type { SessionUser } from '../auth/session';
import { AUTH_PREFIX } from './auth';
import { menuFor, needsTwoCheck, TWO_CHECK_ENABLE, TWO_CHECK_FACE_MESSAGE, TWO_CHECK_GRANT_MS, TWO_CHECK_MENU_MESSAGE, TWO_CHECK_NOT_NEEDED_MESSAGE } from './two-check';
import { okAnswer } from '../http/answers';

/**
 * The second way to the second check of an enable-10 menu (issue 37, item 2): an SMS code to the login's phone on
 * record, on the device the person holds. It records the same grant as a confirmed QR code (two_check_grant, for this
 * session and menu, TWO_CHECK_GRANT_MS), so every check of the grant (ywbl/check, twoCheck/grant, and the calls
 * behind the menu) takes either. Sending is throttled like every SMS (sms-code.ts: per phone, subject and address).
 */

/** Answered when the login has no mobile phone on record. */
export const TWO_CHECK_NO_PHONE_MESSAGE = '您的账号未登记手机号码，请使用扫码验证，或到柜台登记手机号码';
/** Answered after a code was sent. */
export const twoCheckSentMessage = (masked: string): string => `验证码已发送至 ${masked}，请注意查收`;
/** Answered when the code opened the menu. */
export const TWO_CHECK_SMS_DONE_MESSAGE = '验证通过';

const tags = ['二次验证'] as const;
const PREFIX = `${AUTH_PREFIX}/twoCheck`;
const menuId = { type: 'integer', minimum: 1, maximum: 2147483647, description: '菜单标识', 'x-msg': '菜单标识不正确', 'x-required-msg': '缺少菜单标识' } as const;
const envelope = (data: Record<string, unknown>) => okAnswer(data);

/** A code serves one session and one menu: another session, or another menu, cannot spend it. */
const purposeOf = (session: SessionUser, menu: number): SmsPurpose => `two:${menu}:${session.tokenHash.slice(0, 32)}`;

export function twoCheckSmsRoutes(app: FastifyInstance, options: { db: Db; now: () => Date }): void {
  const { db, now } = options;

  /** The menu, checked as getQrCode checks it; the login's phone on record. */
  const prepare = async (session: SessionUser, id: number) => {
    const menu = await menuFor(db, id, session.roles);
    if (!menu || !menu.visible) throw new ApiError(403, TWO_CHECK_MENU_MESSAGE);
    if (menu.enable !== TWO_CHECK_ENABLE) throw new ApiError(409, TWO_CHECK_NOT_NEEDED_MESSAGE);
    if (!needsTwoCheck(menu.enable, session.loginMethod)) throw new ApiError(409, TWO_CHECK_FACE_MESSAGE);
    const [user] = await db.query<{ phone: string | null }>('select phone from app_user where id = $1', [session.userId]);
    const phone = user?.phone ?? '';
    if (!isMobile(phone)) throw new ApiError(409, TWO_CHECK_NO_PHONE_MESSAGE);
    return { menu, phone };
  };

  app.post<{ Body: { menuId: number } }>(
    `${PREFIX}/sendSmsCode`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '二次验证：向本账号登记的手机发送验证码（与扫码验证二选一；须登录；与其他短信同样限频）',
        tags,
        body: { type: 'object', required: ['menuId'], additionalProperties: false, properties: { menuId } },
        response: envelope({
          type: 'object',
          required: ['phone', 'length'],
          properties: { phone: { type: 'string', description: '接收验证码的手机号码（脱敏）' }, length: { type: 'integer', description: '验证码位数' } },
        }),
      },
    },
    async (request) => {
      const session = request.session!;
      const { menu, phone } = await prepare(session, request.body.menuId);
      await sendSmsCode(db, app, { phone, purpose: purposeOf(session, menu.id), client: request.ip, at: now() });
      const masked = maskPhone(phone);
      return ok({ phone: masked, length: await smsCodeLength(db) }, twoCheckSentMessage(masked));
    },
  );

  app.post<{ Body: { menuId: number; code: string } }>(
    `${PREFIX}/checkSmsCode`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '二次验证：核对短信验证码，通过后本会话可在有效期内打开该菜单（与扫码确认相同的授权）',
        tags,
        body: {
          type: 'object',
          required: ['menuId', 'code'],
          additionalProperties: false,
          properties: {
            menuId,
            code: { type: 'string', pattern: '^[0-9]{4,8}$', description: '短信验证码', 'x-msg': '请输入正确的验证码', 'x-required-msg': '验证码不能为空' },
          },
        },
        response: envelope({
          type: 'object',
          required: ['expiresAt'],
          properties: { expiresAt: { type: 'string', description: '验证有效期至（ISO 8601）' } },
        }),
      },
    },
    async (request) => {
      const session = request.session!;
      const { menu, phone } = await prepare(session, request.body.menuId);
      const at = now();
      const expiresAt = new Date(at.getTime() + TWO_CHECK_GRANT_MS);
      // Checked and spent first, outside any transaction: a wrong try must count (five end a code) even though this
      // call fails. Then the same grant a confirmed QR code records.
      await useSmsCode(db, { phone, purpose: purposeOf(session, menu.id), code: request.body.code, at });
      await db.query(
        `insert into two_check_grant (token_hash, menu_id, code_id, granted_at, expires_at) values ($1, $2, $3, $4, $5)
         on conflict (token_hash, menu_id) do update set code_id = excluded.code_id, granted_at = excluded.granted_at, expires_at = excluded.expires_at`,
        [session.tokenHash, menu.id, randomUUID(), at, expiresAt],
      );
      return ok({ expiresAt: expiresAt.toISOString() }, TWO_CHECK_SMS_DONE_MESSAGE);
    },
  );
}
