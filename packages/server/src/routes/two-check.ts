import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { Db, Queryable } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { createRateLimiter, limitByAddress } from '../auth/rate-limit';
import type { SessionUser } from '../auth/session';
import { addressPlace, describeBrowser } from '../http/client-address';
import { AUTH_PREFIX } from './auth';
import { QR_POLL_STATUS } from './qr-login';
import { okAnswer } from '../http/answers';

/** Seconds a second-check QR lives (the `exp` of twoCheck/getQrCode), as long as a login QR. */
export const TWO_CHECK_EXP_SECONDS = 120;
/** How long a confirmed second check lets the session open the menu (docs/api-qr.md). */
export const TWO_CHECK_GRANT_MS = 10 * 60_000;
/** Codes are kept this long after they expire, so the phone's page can still say "expired". */
export const TWO_CHECK_KEEP_MS = 10 * 60_000;
/** Menus with this enable value ask for the second check (spec 4.2). */
export const TWO_CHECK_ENABLE = 10;
/** A session opened by face (spec 4.2) needs no second check. */
export const FACE_LOGIN_METHOD = '400';

export const TWO_CHECK_UNKNOWN_MESSAGE = '验证码不存在或已失效，请在电脑上刷新二维码后重新扫码';
export const TWO_CHECK_EXPIRED_MESSAGE = '二维码已过期，请在电脑上刷新二维码后重新扫码';
export const TWO_CHECK_DECIDED_MESSAGE = '此二维码已处理，请在电脑上刷新二维码后重新扫码';
/** Any call on a code another login asked for: 403, and nothing about the code. */
export const TWO_CHECK_NOT_YOURS_MESSAGE = '您无权查看或处理此二维码，请使用与电脑上相同的账号登录后扫码';
/** The desktop's own session cannot vouch for itself. */
export const TWO_CHECK_SAME_DEVICE_MESSAGE = '请在另一台设备（如手机）上登录本人账号后扫码确认';
export const TWO_CHECK_NOT_NEEDED_MESSAGE = '此功能无需扫码验证';
export const TWO_CHECK_FACE_MESSAGE = '您已通过人脸识别登录，无需扫码验证';
export const TWO_CHECK_MENU_MESSAGE = '您无权办理此业务';
/** What ywbl/check answers for an enable-10 page without a grant. */
export const TWO_CHECK_REQUIRED_MESSAGE = '请先扫码验证本人身份，再办理此业务';

type CodeStatus = 'waiting' | 'scanned' | 'confirmed' | 'refused';

interface CodeRow {
  code_id: string;
  token_hash: string;
  user_id: string;
  menu_id: number;
  menu_title: string;
  status: CodeStatus;
  requester_ip: string;
  requester_browser: string;
  created_at: Date;
  expires_at: Date;
}

interface MenuRow {
  id: number;
  title: string;
  enable: number;
  visible: boolean;
}

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const tags = ['二次验证'] as const;
const PREFIX = `${AUTH_PREFIX}/twoCheck`;

const POLL_STATUS_OF: Record<CodeStatus, number> = {
  waiting: QR_POLL_STATUS.waiting,
  scanned: QR_POLL_STATUS.scanned,
  confirmed: QR_POLL_STATUS.success,
  refused: QR_POLL_STATUS.failed,
};

const envelope = (data: Record<string, unknown>) => okAnswer(data);

const codeIdProperty = {
  type: 'string',
  pattern: UUID,
  description: '二维码标识',
  'x-msg': TWO_CHECK_UNKNOWN_MESSAGE,
  'x-required-msg': '缺少二维码标识',
} as const;
const codeIdQuery = { type: 'object', required: ['codeId'], properties: { codeId: codeIdProperty } } as const;
const codeIdBody = { type: 'object', required: ['codeId'], properties: { codeId: codeIdProperty } } as const;
const menuIdQuery = {
  type: 'object',
  required: ['menuId'],
  properties: {
    menuId: { type: 'integer', minimum: 1, maximum: 2147483647, description: '菜单标识', 'x-msg': '菜单标识不正确', 'x-required-msg': '缺少菜单标识' },
  },
} as const;

const infoSchema = {
  type: 'object',
  properties: {
    codeId: { type: 'string' },
    menuTitle: { type: 'string' },
    status: { type: 'string' },
    createdAt: { type: 'string' },
    expiresAt: { type: 'string' },
    browser: { type: 'string' },
    place: { type: 'string' },
  },
} as const;

/** The menu of a second check, and whether the session's roles see it. */
export async function menuFor(db: Queryable, menuId: number, roles: string[]): Promise<MenuRow | undefined> {
  return (
    await db.query<MenuRow>(
      `select m.id, m.title, m.enable,
              exists (select 1 from menu_role r where r.menu_id = m.id and r.role = any($2::text[])) as visible
         from menu m where m.id = $1`,
      [menuId, roles],
    )
  )[0];
}

/** Whether a session needs a second check for a menu of this enable value (spec 4.2: not after a face login). */
export function needsTwoCheck(enable: number, loginMethod: string): boolean {
  return enable === TWO_CHECK_ENABLE && loginMethod !== FACE_LOGIN_METHOD;
}

/** The end of the session's live grant for a menu, or null. */
export async function twoCheckGrant(db: Queryable, tokenHash: string, menuId: number, at: Date): Promise<Date | null> {
  const [row] = await db.query<{ expires_at: Date }>(
    'select expires_at from two_check_grant where token_hash = $1 and menu_id = $2 and expires_at > $3',
    [tokenHash, menuId, at],
  );
  return row ? new Date(row.expires_at) : null;
}

/**
 * The rule of ywbl/check for one page path: an enable-10 menu at that path needs a live grant of this session (unless
 * it signed in by face); without one, 403 {@link TWO_CHECK_REQUIRED_MESSAGE}.
 */
export async function requireTwoCheckForPath(db: Queryable, session: SessionUser, path: string, at: Date): Promise<void> {
  if (session.loginMethod === FACE_LOGIN_METHOD) return;
  const menus = await db.query<{ id: number }>('select id from menu where path = $1 and enable = $2', [path, TWO_CHECK_ENABLE]);
  for (const menu of menus) {
    if (!(await twoCheckGrant(db, session.tokenHash, menu.id, at))) throw new ApiError(403, TWO_CHECK_REQUIRED_MESSAGE);
  }
}

/** The address the phone's confirmation page lives at, for one code. */
function confirmUrl(base: string, codeId: string): string {
  return `${base.replace(/\/+$/, '')}/home.html#/qrTwoCheck?codeId=${codeId}`;
}

export interface TwoCheckRouteOptions {
  db: Db;
  now: () => Date;
  /** @default TWO_CHECK_EXP_SECONDS */
  expSeconds?: number;
}

/**
 * The second check of menus with enable 10 (docs/api-qr.md, "Second check (enable 10)"): the signed-in desktop asks
 * for a code for one menu (getQrCode) and polls it (findQrStatus, its own session only); the same login, signed in
 * on another device, opens the code's page (scan), sees what it vouches for and confirms or refuses (confirm,
 * refuse). Confirming records a grant of {@link TWO_CHECK_GRANT_MS} for the asking session and the menu, in the same
 * transaction; the desktop asks for it (grant) before it opens the menu, and ywbl/check refuses the page without it.
 */
export function twoCheckRoutes(app: FastifyInstance, options: TwoCheckRouteOptions): void {
  const { db, now } = options;
  const expSeconds = options.expSeconds ?? TWO_CHECK_EXP_SECONDS;
  const codeLimiter = limitByAddress(createRateLimiter(db, 'two-check-code', 60, 60_000), now);
  const pollLimiter = limitByAddress(createRateLimiter(db, 'two-check-poll', 240, 60_000), now);

  const find = async (q: Queryable, codeId: string) =>
    (
      await q.query<CodeRow>(
        `select c.code_id::text as code_id, c.token_hash, c.user_id::text as user_id, c.menu_id, m.title as menu_title, c.status,
                c.requester_ip, c.requester_browser, c.created_at, c.expires_at
           from two_check c join menu m on m.id = c.menu_id where c.code_id = $1`,
        [codeId],
      )
    )[0];

  /** The code of a phone call: known (else 409), this login's (else 403 before anything else), unexpired (else 409). */
  const live = async (q: Queryable, codeId: string, at: Date, session: SessionUser): Promise<CodeRow> => {
    const row = await find(q, codeId);
    if (!row) throw new ApiError(409, TWO_CHECK_UNKNOWN_MESSAGE);
    if (row.user_id !== session.userId) throw new ApiError(403, TWO_CHECK_NOT_YOURS_MESSAGE);
    if (new Date(row.expires_at) <= at) throw new ApiError(409, TWO_CHECK_EXPIRED_MESSAGE);
    if (row.token_hash === session.tokenHash) throw new ApiError(409, TWO_CHECK_SAME_DEVICE_MESSAGE);
    return row;
  };

  const info = (row: CodeRow, status: CodeStatus) => ({
    codeId: row.code_id,
    menuTitle: row.menu_title,
    status,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    browser: row.requester_browser || describeBrowser(''),
    place: addressPlace(row.requester_ip),
  });

  app.get<{ Querystring: { menuId: number } }>(
    `${PREFIX}/getQrCode`,
    {
      onRequest: codeLimiter,
      preHandler: app.requireSession,
      schema: {
        summary: '二次验证二维码（启用值 10 的菜单；须登录，绑定本会话）',
        tags,
        querystring: menuIdQuery,
        response: envelope({ type: 'object', properties: { codeImgBase64: { type: 'string' }, codeId: { type: 'string' }, exp: { type: 'integer' } } }),
      },
    },
    async (request) => {
      const session = request.session!;
      const menu = await menuFor(db, request.query.menuId, session.roles);
      if (!menu || !menu.visible) throw new ApiError(403, TWO_CHECK_MENU_MESSAGE);
      if (menu.enable !== TWO_CHECK_ENABLE) throw new ApiError(409, TWO_CHECK_NOT_NEEDED_MESSAGE);
      if (session.loginMethod === FACE_LOGIN_METHOD) throw new ApiError(409, TWO_CHECK_FACE_MESSAGE);
      const at = now();
      const codeId = randomUUID();
      const codeImgBase64 = await QRCode.toDataURL(confirmUrl(app.publicUrl(), codeId), { errorCorrectionLevel: 'M', margin: 2, width: 240 });
      await db.query('delete from two_check where expires_at < $1', [new Date(at.getTime() - TWO_CHECK_KEEP_MS)]);
      await db.query('delete from two_check_grant where expires_at < $1', [at]);
      await db.query(
        `insert into two_check (code_id, token_hash, user_id, menu_id, requester_ip, requester_browser, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          codeId,
          session.tokenHash,
          session.userId,
          menu.id,
          request.ip,
          describeBrowser(request.headers['user-agent']),
          at,
          new Date(at.getTime() + expSeconds * 1000),
        ],
      );
      return ok({ codeImgBase64, codeId, exp: expSeconds });
    },
  );

  app.get<{ Querystring: { codeId: string } }>(
    `${PREFIX}/findQrStatus`,
    {
      onRequest: pollLimiter,
      preHandler: app.requireSession,
      schema: {
        summary: '二次验证二维码状态（0 待扫码，1 已扫码，9 失效，10 已确认，11 已拒绝）；仅申请它的会话',
        tags,
        querystring: codeIdQuery,
        response: envelope({ type: 'object', properties: { status: { type: 'integer' } } }),
      },
    },
    async (request) => {
      const row = await find(db, request.query.codeId);
      // Another session learns no more than an unknown code.
      if (!row || row.token_hash !== request.session!.tokenHash || new Date(row.expires_at) <= now()) {
        return ok({ status: QR_POLL_STATUS.invalid });
      }
      return ok({ status: POLL_STATUS_OF[row.status] });
    },
  );

  app.get<{ Querystring: { menuId: number } }>(
    `${PREFIX}/grant`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '本会话能否打开该菜单（required 须二次验证；granted 已验证或无需验证；expiresAt 验证有效期）',
        tags,
        querystring: menuIdQuery,
        response: envelope({
          type: 'object',
          properties: { required: { type: 'boolean' }, granted: { type: 'boolean' }, expiresAt: { type: ['string', 'null'] } },
        }),
      },
    },
    async (request) => {
      const session = request.session!;
      const menu = await menuFor(db, request.query.menuId, session.roles);
      if (!menu || !menu.visible) throw new ApiError(403, TWO_CHECK_MENU_MESSAGE);
      if (!needsTwoCheck(menu.enable, session.loginMethod)) return ok({ required: false, granted: true, expiresAt: null });
      const until = await twoCheckGrant(db, session.tokenHash, menu.id, now());
      return ok({ required: true, granted: until !== null, expiresAt: until?.toISOString() ?? null });
    },
  );

  app.post<{ Body: { codeId: string } }>(
    `${PREFIX}/scan`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '手机确认页：打开二次验证二维码（须与电脑上为同一账号），返回要确认的内容；其他账号 403',
        tags,
        body: codeIdBody,
        response: envelope(infoSchema),
      },
    },
    async (request) => {
      const at = now();
      const row = await live(db, request.body.codeId, at, request.session!);
      if (row.status !== 'waiting') return ok(info(row, row.status));
      await db.query(`update two_check set status = 'scanned' where code_id = $1 and status = 'waiting'`, [row.code_id]);
      return ok(info(row, 'scanned'));
    },
  );

  const decide = (decision: 'confirmed' | 'refused') => async (request: FastifyRequest<{ Body: { codeId: string } }>) => {
    const session = request.session!;
    const at = now();
    return db.transaction(async (tx) => {
      const row = await live(tx, request.body.codeId, at, session);
      // Once: only a code still open moves, and the grant comes with it.
      const [done] = await tx.query<{ status: CodeStatus }>(
        `update two_check set status = $2, decided_at = $3
          where code_id = $1 and status in ('waiting', 'scanned') and expires_at > $3 returning status`,
        [row.code_id, decision, at],
      );
      if (!done) throw new ApiError(409, TWO_CHECK_DECIDED_MESSAGE);
      if (decision === 'confirmed') {
        await tx.query(
          `insert into two_check_grant (token_hash, menu_id, code_id, granted_at, expires_at) values ($1, $2, $3, $4, $5)
           on conflict (token_hash, menu_id) do update set code_id = excluded.code_id, granted_at = excluded.granted_at, expires_at = excluded.expires_at`,
          [row.token_hash, row.menu_id, row.code_id, at, new Date(at.getTime() + TWO_CHECK_GRANT_MS)],
        );
      }
      return ok(info(row, done.status), decision === 'confirmed' ? '已确认，请回到电脑上继续办理' : '已拒绝');
    });
  };

  app.post<{ Body: { codeId: string } }>(
    `${PREFIX}/confirm`,
    {
      preHandler: app.requireSession,
      schema: { summary: '手机确认页：确认二次验证（同一账号、另一会话；一次有效）', tags, body: codeIdBody, response: envelope(infoSchema) },
    },
    decide('confirmed'),
  );

  app.post<{ Body: { codeId: string } }>(
    `${PREFIX}/refuse`,
    {
      preHandler: app.requireSession,
      schema: { summary: '手机确认页：拒绝二次验证', tags, body: codeIdBody, response: envelope(infoSchema) },
    },
    decide('refused'),
  );
}
