import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { NULLABLE_STRING, STRING, INTEGER, listOf, object, okAnswer } from '../http/answers';
import { httpStatusMessage } from '@gjj-hall/sdk';
import type { Db, Queryable } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { clearFailures } from '../auth/lockout';
import { revokeSessionsOf } from '../auth/session';
import { configVersion, serviceSwitch } from '../routes/shell';

const tags = ['开发专用'] as const;

/** The environment variable that switches the development calls on (`1`); `npm start` and the test setups set it. */
export const DEV_ROUTES_ENV = 'GJJ_DEV_ROUTES';
/** Where every development call lives. */
export const DEV_ROUTES_PREFIX = '/dev/';

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  return !!address && (/^(?:::ffff:)?127(?:\.\d{1,3}){3}$/i.test(address) || address === '::1');
}

/**
 * Why a development call is refused to this request, or null when it may have it: the connection and the client
 * must be this machine, the Host header must name it (a foreign Host is DNS rebinding, or a proxy forwarding someone
 * else), nothing may have forwarded it, and a browser page calling must be served from this machine too.
 */
export function devRefusal(request: FastifyRequest): string | null {
  if (!isLoopbackAddress(request.socket.remoteAddress) || !isLoopbackAddress(request.ip)) return `客户端地址 ${request.ip} 不是本机`;
  if (!LOOPBACK_HOST.test(String(request.headers.host ?? ''))) return `Host ${String(request.headers.host ?? '（无）')} 不是本机`;
  if (request.headers.forwarded || request.headers['x-forwarded-for'] || request.headers['x-real-ip']) return '请求经过了代理';
  const origin = request.headers.origin;
  if (origin !== undefined && !/^https?:\/\/(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i.test(origin)) {
    return `来源 ${origin} 不是本机页面`;
  }
  return null;
}

/**
 * Guards every route under /dev/ (issue 18, item 22): switched off, each answers 404 (they are not registered then,
 * this is the second lock); switched on, a request that is not from this machine to this machine (`devRefusal`)
 * answers the same 404 as a path that does not exist, and the reason goes to the log. Call before any route is added.
 */
export function guardDevRoutes(app: FastifyInstance, enabled: boolean): void {
  const notFound = (reply: FastifyReply) => reply.status(404).send({ code: 404, msg: httpStatusMessage(404), data: null });
  const guard: onRequestHookHandler = async (request, reply) => {
    if (!enabled) return notFound(reply);
    const refusal = devRefusal(request);
    if (refusal) {
      request.log.warn({ url: request.url }, `开发接口只接受本机访问：${refusal}`);
      return notFound(reply);
    }
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(DEV_ROUTES_PREFIX)) return;
    route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
  });
}

interface AccountPath {
  account: string;
  path: string;
}

interface StateBody {
  qdzt?: '0' | '1';
  bumpConfigVersion?: boolean;
  revokeSessionsOf?: string;
  forbid?: AccountPath;
  allow?: AccountPath;
  unlock?: string;
  replyComplaint?: ComplaintReply;
  processComplaint?: string;
  pauseMenu?: { path: string; bz?: string };
  resumeMenu?: string;
}

/** The centre's answer to a complaint, as its back office would record it. */
interface ComplaintReply {
  sqbh: string;
  hfnr: string;
  /** Publish it (with the reply) in the public list. */
  publish?: boolean;
}

const account = { type: 'string', minLength: 1, maxLength: 64, description: '登录账号' } as const;
const menuPath = { type: 'string', pattern: '^/[A-Za-z0-9_/-]{0,199}$', description: '菜单的页面路径', 'x-msg': '菜单路径格式不正确' } as const;

/** Changes a menu entry's enable (spec 4.2), or answers 400 naming the path. */
async function setMenuEnable(db: Queryable, path: string, enable: 0 | 1, bz: string): Promise<void> {
  const rows = await db.query<{ id: string }>('update menu set enable = $2, bz = $3 where path = $1 returning id::text as id', [path, enable, bz]);
  if (rows.length === 0) throw new ApiError(400, `没有这个菜单路径：${path}`);
}
const accountPath = {
  type: 'object',
  required: ['account', 'path'],
  additionalProperties: false,
  properties: { account, path: { type: 'string', pattern: '^/[A-Za-z0-9_/-]{0,199}$', description: '页面路径' } },
} as const;

// TS + 14 digits (yyyymmdd + a 6-digit day counter); 12 digits for numbers given before issue 18 widened them.
const sqbh = { type: 'string', pattern: '^TS([0-9]{12}|[0-9]{14})$', description: '受理编号', 'x-msg': '受理编号格式不正确，应为 TS 加 14 位数字' } as const;

/** Finds a complaint by its reference number, or answers 400 naming it. */
async function complaintId(db: Queryable, ref: string): Promise<string> {
  const [row] = await db.query<{ id: string }>('select id::text as id from complaint where sqbh = $1', [ref]);
  if (!row) throw new ApiError(400, `没有这个受理编号：${ref}`);
  return row.id;
}

async function userId(db: Queryable, login: string): Promise<string> {
  const [row] = await db.query<{ id: string }>('select id::text as id from app_user where account = $1', [login]);
  if (!row) throw new ApiError(400, `没有这个登录账号：${login}`);
  return row.id;
}

/** What /dev/state answers: the state it can change. */
async function devState(db: Queryable, now: Date) {
  const forbidden = await db.query<{ account: string; path: string }>(
    `select u.account, f.path from user_forbidden_path f join app_user u on u.id = f.user_id order by u.account, f.path`,
  );
  const locks = await db.query<{ account: string; failures: number; locked_until: Date | null }>(
    'select account, failures, locked_until from login_lock order by account',
  );
  return {
    qdzt: await serviceSwitch(db),
    configVersion: await configVersion(db),
    forbidden,
    locks: locks.map((l) => ({
      account: l.account,
      failures: l.failures,
      lockedUntil: l.locked_until && new Date(l.locked_until) > now ? new Date(l.locked_until).toISOString() : null,
    })),
  };
}

/**
 * Development-only calls (registered only with GJJ_DEV_ROUTES=1, never in production; `guardDevRoutes`): the outbox of captchas and SMS codes, and the state an
 * administrator would change, for the tests.
 */
export function devRoutes(app: FastifyInstance, db: Db, now: () => Date): void {
  app.get<{ Querystring: { kind?: 'captcha' | 'sms' | 'notice'; to?: string } }>(
    '/dev/outbox',
    {
      schema: {
        summary: '开发用：已“发送”的验证码、短信验证码和短信通知（新的在前）',
        response: okAnswer(listOf(object({ kind: STRING, to: STRING, code: STRING, at: STRING }))),
        tags,
        querystring: {
          type: 'object',
          properties: {
            kind: { type: 'string', enum: ['captcha', 'sms', 'notice'], description: '类型（notice：不带验证码的短信通知，正文在 code）' },
            to: { type: 'string', maxLength: 64, description: '接收方' },
          },
        },
      },
    },
    async (request) => {
      const { kind, to } = request.query;
      const rows = await db.query<{ kind: string; recipient: string; code: string; at: Date }>(
        `select kind, recipient, code, at from dev_outbox
          where ($1::text is null or kind = $1) and ($2::text is null or recipient = $2)
          order by id desc limit 100`,
        [kind ?? null, to ?? null],
      );
      return ok(rows.map((r) => ({ kind: r.kind, to: r.recipient, code: r.code, at: new Date(r.at).toISOString() })));
    },
  );

  app.post<{ Body: StateBody }>(
    '/dev/state',
    {
      schema: {
        summary: '开发用：改变服务开关、配置版本、会话、业务限制和锁定，回复投诉建议，暂停和恢复菜单',
        response: okAnswer({ type: 'object', additionalProperties: true, properties: { qdzt: STRING, configVersion: object({ commonValue: STRING, value: STRING }), forbidden: listOf(object({ account: STRING, path: STRING })), locks: listOf(object({ account: STRING, failures: INTEGER, lockedUntil: NULLABLE_STRING })), revokedSessions: {} } }),
        tags,
        body: {
          type: 'object',
          // Not additionalProperties: the server's Ajv removes unknown fields instead of refusing them, and a typo
          // in a test's call must not pass silently.
          propertyNames: {
            enum: ['qdzt', 'bumpConfigVersion', 'revokeSessionsOf', 'forbid', 'allow', 'unlock', 'replyComplaint', 'processComplaint', 'pauseMenu', 'resumeMenu'],
            'x-msg': '不支持的参数：可用 qdzt、bumpConfigVersion、revokeSessionsOf、forbid、allow、unlock、replyComplaint、processComplaint、pauseMenu、resumeMenu',
          },
          properties: {
            qdzt: { type: 'string', enum: ['0', '1'], description: '服务开关' },
            bumpConfigVersion: { type: 'boolean', description: '配置版本加一' },
            revokeSessionsOf: account,
            forbid: accountPath,
            allow: accountPath,
            unlock: account,
            replyComplaint: {
              type: 'object',
              required: ['sqbh', 'hfnr'],
              propertyNames: { enum: ['sqbh', 'hfnr', 'publish'], 'x-msg': 'replyComplaint 只支持 sqbh、hfnr、publish' },
              properties: {
                sqbh,
                hfnr: { type: 'string', minLength: 1, maxLength: 1000, pattern: '\\S', description: '回复内容', 'x-msg': '回复内容应为 1 至 1000 个字' },
                publish: { type: 'boolean', description: '同时公开（含回复）' },
              },
              description: '中心回复投诉建议：状态改为已回复，记下回复及时间；publish 为 true 时公开',
            },
            processComplaint: { ...sqbh, description: '投诉建议转为处理中' },
            pauseMenu: {
              type: 'object',
              required: ['path'],
              propertyNames: { enum: ['path', 'bz'], 'x-msg': 'pauseMenu 只支持 path、bz' },
              properties: {
                path: menuPath,
                bz: { type: 'string', maxLength: 200, description: '暂停说明（空则显示“功能已停用，请联系管理员”）' },
              },
              description: '暂停一个菜单（enable 0，spec 4.2），如管理员在后台所做',
            },
            resumeMenu: { ...menuPath, description: '恢复一个菜单（enable 1，清空暂停说明）' },
          },
        },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const at = now();
      const result = await db.transaction(async (tx) => {
        let revoked = 0;
        if (body.qdzt) {
          await tx.query(
            `insert into app_meta (key, value) values ('qdzt', $1) on conflict (key) do update set value = excluded.value, updated_at = now()`,
            [body.qdzt],
          );
        }
        if (body.bumpConfigVersion) {
          await tx.query(
            `insert into app_meta (key, value) values ('config_version', '1')
             on conflict (key) do update
               set value = (case when app_meta.value ~ '^\\d{1,9}$' then app_meta.value::int + 1 else 1 end)::text, updated_at = now()`,
          );
        }
        if (body.forbid) {
          await tx.query('insert into user_forbidden_path (user_id, path) values ($1, $2) on conflict do nothing', [
            await userId(tx, body.forbid.account),
            body.forbid.path,
          ]);
        }
        if (body.allow) {
          await tx.query('delete from user_forbidden_path where user_id = $1 and path = $2', [await userId(tx, body.allow.account), body.allow.path]);
        }
        if (body.revokeSessionsOf) {
          const id = await userId(tx, body.revokeSessionsOf);
          revoked = await revokeSessionsOf(tx, id, at);
        }
        if (body.processComplaint) {
          await tx.query('update complaint set status = 1 where id = $1 and status = 0', [await complaintId(tx, body.processComplaint)]);
        }
        if (body.replyComplaint) {
          const { hfnr, publish } = body.replyComplaint;
          await tx.query(
            `update complaint set status = 2, reply = $2, replied_at = $3, gkbz = case when $4 then 1 else gkbz end where id = $1`,
            [await complaintId(tx, body.replyComplaint.sqbh), hfnr.trim(), at, publish === true],
          );
        }
        if (body.pauseMenu) await setMenuEnable(tx, body.pauseMenu.path, 0, body.pauseMenu.bz ?? '');
        if (body.resumeMenu) await setMenuEnable(tx, body.resumeMenu, 1, '');
        return { revoked };
      });
      if (body.unlock) await clearFailures(db, body.unlock);
      return ok({ ...(await devState(db, at)), revokedSessions: result.revoked });
    },
  );
}
