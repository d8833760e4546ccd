import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { sm2Decrypt, type Sm2KeyPair } from '@gjj-hall/sdk/crypto';
import type { Db } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { decryptedText } from '../http/validation';
import { createRateLimiter, limitByAddress, type RateLimiter } from '../auth/rate-limit';
import { signInSession } from '../auth/session';
import { addressPlace, describeBrowser } from '../http/client-address';
import { AUTH_PREFIX, DECRYPT_FAILED_MESSAGE } from './auth';
import { okAnswer } from '../http/answers';

/** Seconds a login QR lives (the `exp` of getQrCode). */
export const QR_LOGIN_EXP_SECONDS = 120;
/** Rows are kept this long after they expire, so that the confirmation page can still say "expired". */
export const QR_LOGIN_KEEP_MS = 10 * 60_000;
/**
 * Login method of a session opened by QR login. Not 400 (face): the confirmation page only proves a hall session on
 * another device, so menus with enable 10 still ask for face verification (spec 4.2). Not 100 either, so that the
 * session records how it began.
 */
export const QR_LOGIN_METHOD = '300';
/** The request header that carries the key getQrCode gave the browser that asked for the code. */
export const QR_KEY_HEADER = 'qrkey';
/** The only project this server signs in to (the `toProjectDec` of getQrCode, and the `jproject` header). */
export const QR_PROJECT = 'izfgjj';

/** findQrStatus answers (spec 4.4: 9 invalid, 10 success, 11 failed; 0 and 1 are ours and keep the dialog polling). */
export const QR_POLL_STATUS = Object.freeze({ waiting: 0, scanned: 1, invalid: 9, success: 10, failed: 11 } as const);

export const QR_INVALID_MESSAGE = '二维码已失效，请刷新二维码后重新扫码';
export const QR_UNKNOWN_MESSAGE = '二维码不存在或已失效，请在电脑上刷新二维码后重新扫码';
export const QR_EXPIRED_MESSAGE = '二维码已过期，请在电脑上刷新二维码后重新扫码';
export const QR_DECIDED_MESSAGE = '此二维码已处理，请在电脑上刷新二维码后重新扫码';
export const QR_NOT_CONFIRMED_MESSAGE = '请先在手机上确认登录';
export const QR_REFUSED_MESSAGE = '登录已被拒绝，请刷新二维码';
export const QR_KEY_MISSING_MESSAGE = '缺少二维码凭证，请刷新二维码';
/** Confirming or refusing a code this login has not scanned (a link, not a scan, brought the page). */
export const QR_NOT_SCANNED_MESSAGE = '请先在网上业务大厅扫描电脑上的二维码，再确认或拒绝登录';
/** Any call on a code another login has scanned: 403, and nothing about the code. */
export const QR_NOT_YOURS_MESSAGE = '您无权查看或处理此二维码';

const LOGIN_TYPE_NAMES: Record<number, string> = { 1: '个人', 2: '单位', 3: '开发商' };

/** The message when the confirming person's login is not of the code's login type. */
export function wrongTypeMessage(codeType: number): string {
  const name = LOGIN_TYPE_NAMES[codeType] ?? '';
  return `此二维码用于${name}登录，请使用${name}账号登录后再确认`;
}

export interface QrLoginRouteOptions {
  db: Db;
  now: () => Date;
  keys: Sm2KeyPair;
  /** @default QR_LOGIN_EXP_SECONDS */
  expSeconds?: number;
  /** The per-address sign-in counter every sign-in method shares (qrFaceIdLogin counts as an attempt). */
  loginLimiter: RateLimiter;
}

type CodeStatus = 'waiting' | 'scanned' | 'confirmed' | 'refused' | 'used';

interface CodeRow {
  code_id: string;
  key_hash: string;
  login_type: number;
  status: CodeStatus;
  requester_ip: string;
  requester_browser: string;
  created_at: Date;
  expires_at: Date;
  user_id: string | null;
  scanned_by: string | null;
}

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const KEY = /^[0-9a-f]{64}$/;
const tags = ['扫码登录'] as const;

const POLL_STATUS_OF: Record<CodeStatus, number> = {
  waiting: QR_POLL_STATUS.waiting,
  scanned: QR_POLL_STATUS.scanned,
  confirmed: QR_POLL_STATUS.success,
  refused: QR_POLL_STATUS.failed,
  used: QR_POLL_STATUS.invalid,
};

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

const envelope = (data: Record<string, unknown>) => okAnswer(data);

const codeIdProperty = {
  type: 'string',
  pattern: UUID,
  description: '二维码标识',
  'x-msg': QR_UNKNOWN_MESSAGE,
  'x-required-msg': '缺少二维码标识',
} as const;
const codeIdQuery = { type: 'object', required: ['codeId'], properties: { codeId: codeIdProperty } } as const;
const codeIdBody = { type: 'object', required: ['codeId'], properties: { codeId: codeIdProperty } } as const;

const scanInfoSchema = {
  type: 'object',
  properties: {
    codeId: { type: 'string' },
    loginType: { type: 'integer' },
    status: { type: 'string' },
    createdAt: { type: 'string' },
    expiresAt: { type: 'string' },
    requesterIp: { type: 'string' },
    browser: { type: 'string' },
    place: { type: 'string' },
    sameType: { type: 'boolean' },
  },
} as const;

function decryptField(cipher: string, keys: Sm2KeyPair): string {
  return decryptedText(() => sm2Decrypt(cipher, keys.privateKey), DECRYPT_FAILED_MESSAGE);
}

/** The key of the `qrkey` header: 64 hex digits, else 400. */
function keyOf(request: FastifyRequest): string {
  const key = request.headers[QR_KEY_HEADER];
  if (typeof key !== 'string' || !KEY.test(key.trim())) throw new ApiError(400, QR_KEY_MISSING_MESSAGE);
  return key.trim();
}

/** The address the confirmation page lives at, for one code. */
function confirmUrl(base: string, codeId: string): string {
  return `${base.replace(/\/+$/, '')}/home.html#/qrConfirm?codeId=${codeId}`;
}

/**
 * QR login (docs/api-qr.md): the browser that signs in asks for a code (getQrCode), polls it (findQrStatus) and,
 * once a person signed in on the confirmation page has confirmed it, turns it into a session (qrFaceIdLogin). The
 * confirmation page scans the code (scanQrCode: the first scan by a login of the code's type claims it) and confirms
 * or refuses it (confirmQrCode, refuseQrCode), with its own session; only the login that scanned a code may see it
 * or decide it from then on (docs/security/qr-token.md).
 */
export function qrLoginRoutes(app: FastifyInstance, options: QrLoginRouteOptions): void {
  const { db, now, keys } = options;
  const expSeconds = options.expSeconds ?? QR_LOGIN_EXP_SECONDS;
  const codeLimiter = createRateLimiter(db, 'qr-code', 60, 60_000);
  // A dialog polls 20 times a minute; this leaves room for a dozen at one address.
  const pollLimiter = createRateLimiter(db, 'qr-poll', 240, 60_000);
  const { loginLimiter } = options;
  const limit = (limiter: RateLimiter) => limitByAddress(limiter, now);

  const find = async (codeId: string) =>
    (
      await db.query<CodeRow>(
        `select code_id::text as code_id, key_hash, login_type, status, requester_ip, requester_browser, created_at, expires_at,
                user_id::text as user_id, scanned_by::text as scanned_by
           from qr_login where code_id = $1`,
        [codeId],
      )
    )[0];

  /**
   * The code of a confirmation-page call: known (else 409), not another login's (else 403, before anything else about
   * it is said), and not expired (else 409).
   */
  const live = async (codeId: string, at: Date, userId: string): Promise<CodeRow> => {
    const row = await find(codeId);
    if (!row) throw new ApiError(409, QR_UNKNOWN_MESSAGE);
    // Rows decided before scans were recorded have only user_id.
    const owner = row.scanned_by ?? row.user_id;
    if (owner !== null && owner !== userId) throw new ApiError(403, QR_NOT_YOURS_MESSAGE);
    if (new Date(row.expires_at) <= at) throw new ApiError(409, QR_EXPIRED_MESSAGE);
    return row;
  };

  app.get<{ Querystring: { state: string; toProjectDec?: string } }>(
    `${AUTH_PREFIX}/qrcode/getQrCode`,
    {
      onRequest: limit(codeLimiter),
      schema: {
        summary: '扫码登录二维码（state、toProjectDec 为 SM2 密文）',
        tags,
        querystring: {
          type: 'object',
          required: ['state'],
          properties: {
            state: { type: 'string', minLength: 1, maxLength: 1024, description: '登录类型', 'x-msg': '登录类型不正确', 'x-required-msg': '请选择登录类型' },
            toProjectDec: { type: 'string', minLength: 1, maxLength: 1024, description: '业务系统', 'x-msg': '业务系统不正确' },
          },
        },
        response: envelope({
          type: 'object',
          properties: { codeImgBase64: { type: 'string' }, codeId: { type: 'string' }, exp: { type: 'integer' }, qrKey: { type: 'string' } },
        }),
      },
    },
    async (request) => {
      const state = decryptField(request.query.state, keys).trim();
      if (!/^[012]$/.test(state)) throw new ApiError(400, '登录类型不正确');
      if (request.query.toProjectDec !== undefined && decryptField(request.query.toProjectDec, keys).trim() !== QR_PROJECT) {
        throw new ApiError(400, '业务系统不正确');
      }
      const at = now();
      const codeId = randomUUID();
      const qrKey = randomBytes(32).toString('hex');
      // Never the request's Host header: whoever sends the request could name any site (HALL_PUBLIC_URL).
      const base = app.publicUrl();
      const codeImgBase64 = await QRCode.toDataURL(confirmUrl(base, codeId), { errorCorrectionLevel: 'M', margin: 2, width: 240 });
      await db.query('delete from qr_login where expires_at < $1', [new Date(at.getTime() - QR_LOGIN_KEEP_MS)]);
      // request.ip is the connection's address, or the client's as a proxy of TRUSTED_PROXIES reports it.
      await db.query(
        `insert into qr_login (code_id, key_hash, login_type, requester_ip, requester_browser, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          codeId,
          hashKey(qrKey),
          Number(state) + 1,
          request.ip,
          describeBrowser(request.headers['user-agent']),
          at,
          new Date(at.getTime() + expSeconds * 1000),
        ],
      );
      return ok({ codeImgBase64, codeId, exp: expSeconds, qrKey });
    },
  );

  app.get<{ Querystring: { codeId: string } }>(
    `${AUTH_PREFIX}/qrcode/findQrStatus`,
    {
      onRequest: limit(pollLimiter),
      schema: {
        summary: '二维码状态（0 待扫码，1 已扫码，9 失效，10 已确认，11 已拒绝）；请求头 qrkey',
        tags,
        querystring: codeIdQuery,
        response: envelope({ type: 'object', properties: { status: { type: 'integer' } } }),
      },
    },
    async (request) => {
      const key = keyOf(request);
      const row = await find(request.query.codeId);
      // A wrong key learns no more than an unknown code.
      if (!row || row.key_hash !== hashKey(key) || new Date(row.expires_at) <= now() || row.status === 'used') {
        return ok({ status: QR_POLL_STATUS.invalid });
      }
      return ok({ status: POLL_STATUS_OF[row.status] });
    },
  );

  app.get<{ Querystring: { codeId: string } }>(
    `${AUTH_PREFIX}/otherAuth/qrFaceIdLogin`,
    {
      onRequest: limit(loginLimiter),
      config: { signsIn: true },
      schema: {
        summary: '扫码登录：已确认的二维码换取会话（一次有效；请求头 qrkey）',
        tags,
        querystring: codeIdQuery,
        response: envelope({ type: 'object', properties: { token: { type: 'string' }, loginType: { type: 'integer' } } }),
      },
    },
    async (request, reply) => {
      const key = keyOf(request);
      const at = now();
      // Spent in one statement: only a confirmed, unexpired code of this key, once.
      const [used] = await db.query<{ user_id: string; account_id: string; login_type: number }>(
        `update qr_login set status = 'used', used_at = $3
          where code_id = $1 and key_hash = $2 and status = 'confirmed' and expires_at > $3
          returning user_id::text as user_id, account_id::text as account_id, login_type`,
        [request.query.codeId, hashKey(key), at],
      );
      if (!used) {
        const row = await find(request.query.codeId);
        const mine = row && row.key_hash === hashKey(key) && new Date(row.expires_at) > at;
        if (mine && (row.status === 'waiting' || row.status === 'scanned')) throw new ApiError(409, QR_NOT_CONFIRMED_MESSAGE);
        if (mine && row.status === 'refused') throw new ApiError(409, QR_REFUSED_MESSAGE);
        throw new ApiError(409, QR_INVALID_MESSAGE);
      }
      const token = await signInSession(reply, db, used.user_id, used.account_id, at, QR_LOGIN_METHOD);
      return ok({ token, loginType: used.login_type }, '登录成功');
    },
  );

  const info = (row: CodeRow, status: CodeStatus, loginType: number) => ({
    codeId: row.code_id,
    loginType: row.login_type,
    status,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    requesterIp: row.requester_ip,
    browser: row.requester_browser || describeBrowser(''),
    place: addressPlace(row.requester_ip),
    sameType: row.login_type === loginType,
  });

  app.post<{ Body: { codeId: string } }>(
    `${AUTH_PREFIX}/qrcode/scanQrCode`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '确认页：扫码（同类型账号首次扫码即归属该账号），返回谁在请求登录；其他账号 403',
        tags,
        body: codeIdBody,
        response: envelope(scanInfoSchema),
      },
    },
    async (request) => {
      const session = request.session!;
      const at = now();
      let row = await live(request.body.codeId, at, session.userId);
      if (row.status === 'waiting' && row.login_type === session.loginType) {
        await db.query(
          `update qr_login set status = 'scanned', scanned_at = $2, scanned_by = $3 where code_id = $1 and status = 'waiting'`,
          [row.code_id, at, session.userId],
        );
        // Read again: another login's scan may have come first.
        row = await live(request.body.codeId, at, session.userId);
      }
      return ok(info(row, row.status, session.loginType));
    },
  );

  const decide = (decision: 'confirmed' | 'refused') => async (request: FastifyRequest<{ Body: { codeId: string } }>) => {
    const session = request.session!;
    const at = now();
    const row = await live(request.body.codeId, at, session.userId);
    if (decision === 'confirmed' && row.login_type !== session.loginType) throw new ApiError(409, wrongTypeMessage(row.login_type));
    // Only a code this login has scanned: a page reached by a link, not a scan, has no scan to decide.
    const [done] = await db.query<{ status: CodeStatus }>(
      `update qr_login set status = $2, decided_at = $3, user_id = $4, account_id = $5
        where code_id = $1 and status = 'scanned' and scanned_by = $4 and expires_at > $3
        returning status`,
      [row.code_id, decision, at, session.userId, session.accountId],
    );
    if (!done) throw new ApiError(409, row.status === 'waiting' ? QR_NOT_SCANNED_MESSAGE : QR_DECIDED_MESSAGE);
    return ok(info(row, done.status, session.loginType), decision === 'confirmed' ? '已确认登录' : '已拒绝登录');
  };

  app.post<{ Body: { codeId: string } }>(
    `${AUTH_PREFIX}/qrcode/confirmQrCode`,
    {
      preHandler: app.requireSession,
      schema: { summary: '确认页：确认登录（须本账号已扫码，登录类型须与二维码一致）', tags, body: codeIdBody, response: envelope(scanInfoSchema) },
    },
    decide('confirmed'),
  );

  app.post<{ Body: { codeId: string } }>(
    `${AUTH_PREFIX}/qrcode/refuseQrCode`,
    {
      preHandler: app.requireSession,
      schema: { summary: '确认页：拒绝登录（须本账号已扫码）', tags, body: codeIdBody, response: envelope(scanInfoSchema) },
    },
    decide('refused'),
  );
}
