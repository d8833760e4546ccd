import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { renderReferencePage, REFERENCE_CSS } from './openapi-page';

/** Where the OpenAPI document and its reference page are served. */
export const OPENAPI_PATHS = { document: '/api/openapi.json', page: '/api/docs', stylesheet: '/api/docs/reference.css' } as const;

/** The version of the interface the document describes. */
export const API_VERSION = '1.0.0';

/** One route as Fastify registered it (onRoute), for the check that the document describes every one. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** The route's schema asks to be left out of the document (none does: the check fails on one). */
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after `registerOpenApi`, as onRoute saw it (HEAD routes Fastify adds included). */
    readonly registeredRoutes: readonly RegisteredRoute[];
  }
}

/** Answers of every call besides its own: the envelope with a Chinese msg (docs/api-shell.md, spec 8.2). */
const ERROR_RESPONSE = {
  description: '出错：HTTP 4xx 或 5xx，应答 { code: 状态, msg: 中文说明, data: null }（状态的含义见文档开头）',
  type: 'object',
  properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: { type: 'null' } },
} as const;

const OK_RESPONSE = { description: '成功：JSON 应答为 { code: 0, msg, data }；下载类接口应答文件内容' } as const;

/** Summaries of routes registered by plugins, which carry no words of their own. */
const PLUGIN_SUMMARIES: Record<string, { summary: string; tags: string[] }> = {
  '*': { summary: 'CORS 预检（浏览器跨域调用前的 OPTIONS 请求）', tags: ['运行'] },
  '/*': { summary: '大厅的静态文件（home.html、带哈希的脚本和样式、字体、图片）', tags: ['大厅页面'] },
};

/** The tag of routes whose schema names none: every described route is in some group. */
export const UNTAGGED = '其他';

/**
 * Registers @fastify/swagger before any route, so that its onRoute hook sees every one: the document is generated
 * from the route schemas (the same JSON Schema objects that validate the requests, docs/api-openapi.md). Routes
 * registered afterwards appear; nothing is described by hand.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const hidden = !!(route.schema as { hide?: boolean } | undefined)?.hide;
    for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url, hidden });
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '住房公积金网上业务大厅 参考中心服务端接口',
        version: API_VERSION,
        description:
          '大厅、挂件和合作方页面调用的 HTTP 接口。应答为 { code, msg, data }（code 0 为成功）；出错时 HTTP 状态为 400（输入不符合要求）、401（未登录或登录已过期）、' +
          '403（无权限）、404（不存在）、409（状态不允许）、413（内容过大）、429（过于频繁）或 5xx，msg 为中文说明（docs/api-shell.md）。' +
          '登录后的调用在请求头 token 中带访问令牌，令牌到期前由 POST /api/auth/v1/auth/oauth/token 换新（docs/api-shell.md「令牌续期」）。',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token', description: '登录后得到的访问令牌（应答头 token）' },
          centreKey: { type: 'apiKey', in: 'header', name: 'x-centre-key', description: '中心端接口密钥（CENTRE_API_KEY）' },
        },
      },
    },
    // HEAD routes Fastify adds for each GET are the same call; the document lists the GET only.
    exposeHeadRoutes: false,
    // What a route's schema leaves out is filled in here, for the document only (validation is untouched): a group,
    // a summary, the success and error answers, and the token of calls that need a session.
    transform({ schema, url, route }) {
      type Described = Record<string, unknown> & { tags?: readonly string[]; summary?: string; response?: Record<string, unknown>; security?: unknown };
      const described = { ...(schema as Described | undefined) } as Described;
      const plugin = PLUGIN_SUMMARIES[url];
      if (!described.tags?.length) described.tags = plugin?.tags ?? [UNTAGGED];
      if (!described.summary) described.summary = plugin?.summary ?? defaultSummary(route.method, url);
      const response: Record<string, unknown> = {};
      for (const [status, answer] of Object.entries(described.response ?? {})) {
        const own = answer as { description?: string };
        response[status] = own.description ? own : { ...own, description: status.startsWith('2') ? '成功' : '出错' };
      }
      if (!Object.keys(response).some((status) => status.startsWith('2') || status === '3xx')) response[200] = OK_RESPONSE;
      response.default ??= ERROR_RESPONSE;
      described.response = response;
      const preHandlers = [route.preHandler].flat();
      if (preHandlers.includes(app.requireSession)) described.security ??= [{ token: [] }];
      return { schema: described as never, url };
    },
  });
}

function defaultSummary(method: RouteOptions['method'], url: string): string {
  return `${Array.isArray(method) ? method.join('/') : method} ${url}`;
}

/** GET /api/openapi.json: the generated document; GET /api/docs: the same as a page to read. */
export function openApiRoutes(app: FastifyInstance): void {
  const tags = ['接口文档'];
  app.get(
    OPENAPI_PATHS.document,
    { schema: { summary: 'OpenAPI 3.1 接口描述（由各接口的 JSON Schema 生成）', tags, response: { 200: { type: 'object', additionalProperties: true } } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.swagger();
    },
  );
  let page: string | null = null;
  app.get(
    OPENAPI_PATHS.page,
    { schema: { summary: '接口参考页（由 OpenAPI 描述生成，可读、可键盘操作）', tags } },
    async (_request, reply) => {
      page ??= renderReferencePage(app.swagger() as never, { document: OPENAPI_PATHS.document, stylesheet: OPENAPI_PATHS.stylesheet });
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    },
  );
  app.get(OPENAPI_PATHS.stylesheet, { schema: { summary: '接口参考页的样式表', tags } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(REFERENCE_CSS),
  );
}
