import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db';

/**
 * Deliberate breakages of the reference server, for one purpose only: proving that the conformance kit
 * (packages/conformance, docs/conformance.md) fails, naming the right check, against a back end that breaks the
 * contract. Switched on by `GJJ_CONFORMANCE_BREAK=<name>[,<name>…]` (or buildApp's `conformanceBreak`), refused in production,
 * announced loudly at start. Each breakage is one small hook here; no route knows about them.
 */
export const CONFORMANCE_BREAK_ENV = 'GJJ_CONFORMANCE_BREAK';

const ZHFW = '/api/izfgjj-zhfw/v1';

type Hooks = {
  onRequest?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  preValidation?: (request: FastifyRequest) => Promise<void>;
  onSend?: (request: FastifyRequest, reply: FastifyReply, payload: string) => Promise<string>;
};

/** Rewrites a JSON answer of the route `url`. */
const rewrite =
  (url: string, change: (body: Record<string, unknown>, request: FastifyRequest, reply: FastifyReply) => unknown): Hooks['onSend'] =>
  async (request, reply, payload) => {
    if (request.routeOptions.url !== url) return payload;
    // The public cache answers from memory, a Buffer (identity: see `identity` below).
    const text = Buffer.isBuffer(payload) && !reply.getHeader('content-encoding') ? payload.toString('utf8') : payload;
    if (typeof text !== 'string' || !text.startsWith('{')) return payload;
    const body = JSON.parse(text) as Record<string, unknown>;
    return JSON.stringify((await change(body, request, reply)) ?? body);
  };

/** Asks the route `url` for an uncompressed answer, so that an onSend hook can read a cached one. */
const identity =
  (url: string): Hooks['onRequest'] =>
  async (request) => {
    if (request.routeOptions.url === url) delete request.headers['accept-encoding'];
  };

/** Rewrites every JSON error answer (4xx, 5xx). */
const everyError =
  (change: (body: Record<string, unknown>) => void): Hooks['onSend'] =>
  async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{')) return payload;
    const body = JSON.parse(payload) as Record<string, unknown>;
    change(body);
    return JSON.stringify(body);
  };

/** The breakages by name: what each does, and the hooks that do it. */
export const CONFORMANCE_BREAKS: Record<string, { what: string; hooks: (db: Db) => Hooks }> = {
  'missing-field': {
    what: '账户列表的每个账户缺少 grzhye（余额）字段',
    hooks: () => ({
      onSend: rewrite(`${ZHFW}/grzhxx/list`, (body) => {
        for (const a of ((body.data as { accounts?: Array<Record<string, unknown>> } | null)?.accounts ?? [])) delete a.grzhye;
      }),
    }),
  },
  'wrong-code': {
    what: '通知公告列表成功时 code 为 1（应为 0）',
    hooks: () => ({ onRequest: identity(`${ZHFW}/tzxx/getList`), onSend: rewrite(`${ZHFW}/tzxx/getList`, (body) => ({ ...body, code: body.code === 0 ? 1 : body.code })) }),
  },
  leak: {
    what: '账户详情对他人的个人账号不答 403，而是答出该账户的账号和余额',
    hooks: (db) => ({
      onSend: rewrite(`${ZHFW}/grzhxx/info`, async (body, request, reply) => {
        if (reply.statusCode !== 403) return body;
        const grzh = (request.query as { grzh?: string }).grzh ?? '';
        const [row] = await db.query<{ grzh: string; ye: string }>('select grzh, (balance_fen / 100.0)::numeric(14, 2)::text as ye from personal_account where grzh = $1', [grzh]);
        if (!row) return body;
        reply.status(200);
        return { code: 0, msg: '操作成功', data: { grzh: row.grzh, grzhye: row.ye } };
      }),
    }),
  },
  'server-error-on-bad-input': {
    what: '政策法规列表对不合规的参数答 500（应为 400 和中文说明）',
    hooks: () => ({
      onSend: rewrite(`${ZHFW}/zcxx/getList`, (body, _request, reply) => {
        if (reply.statusCode !== 400) return body;
        reply.status(500);
        return { code: 500, msg: '系统繁忙，请稍后再试或拨打 12329 咨询', data: null };
      }),
    }),
  },
  'paging-repeat': {
    what: '政策法规列表的第 n 页（n > 1）答出第 n − 1 页',
    hooks: () => ({
      preValidation: async (request) => {
        if (request.routeOptions.url !== `${ZHFW}/zcxx/getList`) return;
        const query = request.query as { pageNum?: string };
        if (Number(query.pageNum) > 1) query.pageNum = String(Number(query.pageNum) - 1);
      },
    }),
  },
  'no-throttle': {
    what: '缴存证明核验不限流：每次都直接答“不存在”，从不 429',
    hooks: () => ({
      onRequest: async (request, reply) => {
        if (request.routeOptions.url !== `${ZHFW}/jczm/verify`) return;
        return reply.send({ code: 0, msg: '操作成功', data: { zt: '04', ztmc: '不存在', message: '验证码不存在，请核对后重新输入', certificate: null, months: 0, paidMonths: 0 } });
      },
    }),
  },
  'no-retry-after': {
    what: '429 应答不带 Retry-After',
    hooks: () => ({
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 429) reply.removeHeader('retry-after');
        return payload;
      },
    }),
  },
  'date-format': {
    what: '政策法规列表的发布日期写成 2026/11/20（应为 2026-11-20）',
    hooks: () => ({
      onRequest: identity(`${ZHFW}/zcxx/getList`),
      onSend: rewrite(`${ZHFW}/zcxx/getList`, (body) => {
        for (const item of ((body.data as { list?: Array<Record<string, unknown>> } | null)?.list ?? [])) item.publishDate = String(item.publishDate).replaceAll('-', '/');
      }),
    }),
  },
  'download-type': {
    what: '个人明细导出的文件标为 application/octet-stream 且 inline（应为文档所列类型、attachment）',
    hooks: () => ({
      onSend: async (request, reply, payload) => {
        if (request.routeOptions.url === `${ZHFW}/grmx/export` && reply.statusCode === 200) {
          reply.header('content-type', 'application/octet-stream');
          reply.header('content-disposition', 'inline');
        }
        return payload;
      },
    }),
  },
  'no-401': {
    what: '不带 token 调账户列表答 HTTP 200，信封里 code 401（应为 HTTP 401）',
    hooks: () => ({
      onRequest: async (request, reply) => {
        if (request.routeOptions.url !== `${ZHFW}/grzhxx/list` || request.headers.token) return;
        return reply.send({ code: 401, msg: '请先登录', data: null });
      },
    }),
  },
  'no-msg': {
    what: '错误应答的信封没有 msg',
    hooks: () => ({ onSend: everyError((body) => delete body.msg) }),
  },
  'english-msg': {
    what: '错误应答的 msg 是英文',
    hooks: () => ({ onSend: everyError((body) => (body.msg = 'Request failed')) }),
  },
  'token-in-query': {
    what: '请求头没有 token 时，也认查询串里的 token（会进入日志和浏览历史）',
    hooks: () => ({
      onRequest: async (request) => {
        const token = (request.query as { token?: unknown }).token;
        if (!request.headers.token && typeof token === 'string') request.headers.token = token;
      },
    }),
  },
};

/**
 * Adds the breakages `names` (comma-separated) to `app` (before its routes). Throws on an unknown name, and in
 * production.
 *
 * @example
 * breakForConformance(app, db, 'missing-field,leak', false)
 */
export function breakForConformance(app: FastifyInstance, db: Db, names: string, production: boolean): void {
  if (production) throw new Error(`生产环境不能开启 ${CONFORMANCE_BREAK_ENV}（只用于证明一致性检查能发现问题）`);
  const list = names.split(',').map((n) => n.trim()).filter(Boolean);
  const unknown = list.filter((n) => !CONFORMANCE_BREAKS[n]);
  if (unknown.length) throw new Error(`${CONFORMANCE_BREAK_ENV}=${unknown.join(',')} 不是已知的故障（可选：${Object.keys(CONFORMANCE_BREAKS).join('、')}）`);
  for (const name of list) {
    const chosen = CONFORMANCE_BREAKS[name]!;
    const line = `警告：参考服务端按 ${CONFORMANCE_BREAK_ENV}=${name} 故意违反接口约定：${chosen.what}。只用于检验一致性检查工具，切勿用于其他用途。`;
    console.error(`\n${'!'.repeat(80)}\n${line}\n${'!'.repeat(80)}\n`);
    app.log.warn(line);
    const hooks = chosen.hooks(db);
    if (hooks.onRequest) app.addHook('onRequest', hooks.onRequest);
    if (hooks.preValidation) app.addHook('preValidation', hooks.preValidation);
    if (hooks.onSend) app.addHook('onSend', hooks.onSend as never);
  }
}
