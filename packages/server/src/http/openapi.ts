import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { CHECK_ANSWERS_ENV, checkAnswers } from './contract';
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

/**
 * Who may call a route (docs/api-openapi.md, "Protection"): nobody in particular (`public`), a signed-in session
 * (`session`: `app.requireSession`), a session whose identity is verified (`verified`: `app.requireVerified`), the
 * centre's system (`centreKey`: the `x-centre-key` header), or either of the last two (`centreKeyOrVerified`);
 * `optionalSession`: anyone, but a `token` that opens no session is refused (401).
 * A route declares it in `config.protection`, or it is read from the guard the route runs (its preHandler or
 * onRequest); a plugin group declares it for all its routes (the centre API). The document's `security` and the
 * enforcement read the same declaration: a route that declares `session` or `verified` gets the guard added.
 */
export type Protection = 'public' | 'optionalSession' | 'session' | 'verified' | 'centreKey' | 'centreKeyOrVerified';

/** The areas of the hall (the first tag of every operation; docs/api-openapi.md). */
export const AREAS = {
  public: '公共服务',
  auth: '登录与账号',
  personal: '个人业务',
  withdrawals: '提取',
  loans: '贷款',
  units: '单位业务',
  developer: '开发商',
  archive: '电子档案',
  centre: '中心端',
  dev: '开发专用',
  service: '运行与文档',
} as const;
export type Area = keyof typeof AREAS;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after `registerOpenApi`, as onRoute saw it (HEAD routes Fastify adds included). */
    readonly registeredRoutes: readonly RegisteredRoute[];
  }
  interface FastifyContextConfig {
    /** Who may call the route; read from its guard when not declared (see {@link Protection}). */
    protection?: Protection;
    /** The route limits how often a client may call it (429 with Retry-After). */
    throttled?: boolean;
    /** The route may answer 503 (an outside service down, the server shedding load). */
    mayBeUnavailable?: boolean;
    /** The area of the hall the route belongs to, when its address does not say (see `areaOf`). */
    area?: Area;
    /** Error statuses only the route knows it gives (e.g. 401 for a refused refresh token on a public call). */
    errors?: readonly number[];
    /** A sign-in: the answer carries the session's tokens in the headers token, refresh-token, token-expires-in. */
    signsIn?: boolean;
    /** The request body for the document only, for a route that reads its body itself (multipart parts). */
    documentBody?: Record<string, unknown>;
  }
}

/** The envelope of an error answer (docs/api-shell.md, spec 8.2). */
export const ERROR_ENVELOPE = {
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { type: 'integer', description: 'HTTP 状态' },
    msg: { type: 'string', description: '中文说明' },
    data: { type: 'null' },
  },
} as const;

/** The error answers the generator documents (components.responses), by status. */
const ERRORS: Record<string, { name: string; description: string; retryAfter?: boolean }> = {
  400: { name: 'BadRequest', description: '输入不符合要求（缺项、格式不对），msg 说明哪一项' },
  401: { name: 'Unauthorized', description: '未登录、登录已过期，或中心端接口密钥不正确' },
  403: { name: 'Forbidden', description: '无权限：他人的记录、身份未核验，或须先修改初始密码' },
  404: { name: 'NotFound', description: '要找的记录不存在' },
  409: { name: 'Conflict', description: '当前状态不允许此操作（如已提交、已撤回）' },
  413: { name: 'PayloadTooLarge', description: '内容过大（如上传的文件超过上限）' },
  429: { name: 'TooManyRequests', description: '过于频繁：请按 Retry-After 秒数等待后再试', retryAfter: true },
  503: { name: 'ServiceUnavailable', description: '服务繁忙或外部服务暂时不可用，请按 Retry-After 稍后再试', retryAfter: true },
};
const ERROR_DEFAULT = { name: 'Error', description: '其他错误（HTTP 4xx 或 5xx）：{ code: 状态, msg: 中文说明, data: null }' };

const RETRY_AFTER = { description: '建议等待的秒数', schema: { type: 'integer', minimum: 0 } };

/** The response headers of a sign-in (docs/api-shell.md, 令牌续期). */
export const SESSION_RESPONSE_HEADERS = {
  token: { type: 'string', description: '访问令牌：之后的调用放在请求头 token 中' },
  'refresh-token': { type: 'string', description: '刷新令牌：访问令牌到期前由 POST /api/auth/v1/auth/oauth/token 换新' },
  'token-expires-in': { type: 'string', pattern: '^[0-9]+$', description: '访问令牌的有效秒数' },
} as const;

/**
 * A success answer that is a file, not JSON: its media types and, for a download, its Content-Disposition header.
 * Put it as the route's `response[200]`; the generator and the answer check (contract.ts) read it.
 *
 * @example
 * response: { 200: fileAnswer('导出的 Excel 文件', ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], { download: true }) }
 */
export function fileAnswer(description: string, types: readonly string[], options: { download?: boolean; text?: boolean } = {}) {
  const schemaOf = (type: string) =>
    type === 'application/json' ? { type: 'object', additionalProperties: true } : options.text ? { type: 'string' } : { type: 'string', contentMediaType: type };
  return {
    description,
    content: Object.fromEntries(types.map((t) => [t, { schema: schemaOf(t) }])),
    ...(options.download
      ? { headers: { 'content-disposition': { type: 'string', description: '下载的文件名（attachment; filename*=UTF-8\'\'…）' } } }
      : {}),
  };
}

/** A redirect answer (302 with Location), for `response`. */
export const REDIRECT_ANSWER = {
  302: { description: '转到另一个地址', type: 'null', headers: { location: { type: 'string', description: '转到的地址' } } },
} as const;

/** Summaries of routes registered by plugins, which carry no words of their own. */
const PLUGIN_SUMMARIES: Record<string, { summary: string; tags: string[] }> = {
  '*': { summary: 'CORS 预检（浏览器跨域调用前的 OPTIONS 请求）', tags: ['运行'] },
  '/*': { summary: '大厅的静态文件（home.html、带哈希的脚本和样式、字体、图片）', tags: ['大厅页面'] },
};

/**
 * Routes left out of the document: the catch-alls of plugins (the hall's static files `GET /*` and the CORS
 * preflight `OPTIONS *`), whose path `{*}` strict validators refuse; docs/api-openapi.md says what they answer.
 */
export const UNDOCUMENTED_CATCH_ALLS = ['GET /*', 'HEAD /*', 'OPTIONS *'] as const;

/** The tag of routes whose schema names none: every described route is in some group. */
export const UNTAGGED = '其他';

/** The path segments after /api/izfgjj-zhfw/v1/ that name an area (the rest of that service is personal business). */
const SEGMENT_AREAS: [RegExp, Area][] = [
  [/^tq|^grwt/i, 'withdrawals'],
  [/^(dk|hkjh|llgl|yydk|hksq|tqhk)/i, 'loans'],
  [/^(grzc|dwzc|qtdw|lhjy\/sendSms|yddk\/sendSms|yddk\/yddkryzc|lhjy\/lhjyrysl)/, 'auth'],
  [/^(dw|qtdw)/i, 'units'],
  [/^kfs(?!lpxx)/i, 'developer'],
  [/^(xtcs|sjzd|tzxx|xtkg|zxjs|zcxx|cyxz|czsp|intellect|tsjy|hcp|kfslpxx|jczm\/verify|id\/)/, 'public'],
];

/**
 * The area of a route, from its address (or `config.area`): the first tag of its operation.
 *
 * @example
 * areaOf('/api/izfgjj-zhfw/v1/grmx/list', 'verified') // 'personal'
 * areaOf('/api/dzda/v1/zhcjyw/qm', 'verified') // 'archive'
 */
export function areaOf(url: string, protection: Protection, declared?: Area): Area {
  if (declared) return declared;
  if (/^\/(dev|sim)\//.test(url)) return 'dev';
  if (url.startsWith('/api/centre/')) return 'centre';
  if (url.startsWith('/api/dzda/')) return 'archive';
  if (url.startsWith('/api/auth/')) return 'auth';
  const rest = /^\/api\/izfgjj-zhfw\/v\d+\/(.*)$/.exec(url)?.[1];
  if (rest !== undefined) {
    const found = SEGMENT_AREAS.find(([pattern]) => pattern.test(rest));
    if (found) return found[1];
    return protection === 'public' ? 'public' : 'personal';
  }
  if (url.startsWith('/api/putil/')) return protection === 'public' ? 'public' : 'personal';
  return 'service';
}

/**
 * A stable, readable operationId from the method and the address: the service prefix (`/api/izfgjj-zhfw/v1`) and
 * version segments dropped, the other segments in camel case, path parameters as `ByName`.
 *
 * @example
 * operationIdOf('GET', '/api/izfgjj-zhfw/v1/grmx/list') // 'getGrmxList'
 * operationIdOf('POST', '/api/centre/v1/applications/:ywbh/accept') // 'postCentreApplicationsByYwbhAccept'
 * operationIdOf('GET', '/') // 'getRoot'
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/izfgjj-zhfw\/v\d+\//, '/')
    .replace(/^\/api\//, '/')
    .split('/')
    .filter((part) => part && !/^v\d+$/.test(part))
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part.replace(/\.json$/, '-json').replace(/\.css$/, '-css')))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/).filter(Boolean));
  const camel = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('') || 'Root';
  return method.toLowerCase() + camel;
}

/** The protection a route declares or, when it declares none, the guard it runs says. */
export function protectionOf(app: FastifyInstance, route: Pick<RouteOptions, 'preHandler' | 'onRequest' | 'config'>): Protection {
  const declared = (route.config as { protection?: Protection } | undefined)?.protection;
  if (declared) return declared;
  const guards = [route.preHandler, route.onRequest].flat();
  if (guards.includes(app.requireVerified)) return 'verified';
  if (guards.includes(app.requireSession)) return 'session';
  return 'public';
}

const SECURITY: Record<Protection, Record<string, string[]>[]> = {
  public: [],
  optionalSession: [{}, { token: [] }],
  session: [{ token: [] }],
  verified: [{ token: [] }],
  centreKey: [{ centreKey: [] }],
  centreKeyOrVerified: [{ token: [] }, { centreKey: [] }],
};

type Schema = Record<string, unknown>;
type Described = Schema & {
  tags?: readonly string[];
  summary?: string;
  response?: Record<string, unknown>;
  security?: unknown;
  operationId?: string;
  hide?: boolean;
  querystring?: Schema;
  params?: Schema;
  body?: Schema;
  headers?: Schema;
};

/** Which error answers a route can give, from its protection, its inputs and its throttling. */
function errorStatuses(route: RouteOptions, described: Described, protection: Protection): number[] {
  const config = (route.config ?? {}) as { throttled?: boolean; mayBeUnavailable?: boolean; rateLimit?: unknown; errors?: readonly number[] };
  const method = [route.method].flat()[0];
  const hasInput = !!(described.querystring || described.params || described.body || described.headers);
  const statuses = new Set<number>();
  if (hasInput) statuses.add(400);
  if (protection !== 'public') statuses.add(401);
  if (protection === 'session' || protection === 'verified' || protection === 'centreKeyOrVerified') statuses.add(403);
  if (described.params || (protection !== 'public' && hasInput)) statuses.add(404);
  if (protection !== 'public' && method !== 'GET') statuses.add(409);
  if (/multipart/.test(JSON.stringify(described.body ?? {})) || route.url.endsWith('uploadCl')) statuses.add(413);
  const guards = [route.preHandler, route.onRequest].flat() as unknown as Record<symbol, unknown>[];
  if (config.throttled || config.rateLimit || guards.some((g) => g?.[Symbol.for('gjj.throttles')])) statuses.add(429);
  if (config.mayBeUnavailable || config.rateLimit) statuses.add(503);
  // A call that sends an SMS code is limited per phone and address, and fails when the SMS gateway is down.
  if (/send\w*(sms|code)/i.test(route.url)) {
    statuses.add(429);
    statuses.add(503);
  }
  for (const status of config.errors ?? []) statuses.add(status);
  return [...statuses].sort();
}

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
    // A declared protection is enforced by its guard (the enforcement reads the declaration the document reads).
    const declared = (route.config as { protection?: Protection } | undefined)?.protection;
    const guard = declared === 'verified' ? app.requireVerified : declared === 'session' ? app.requireSession : undefined;
    if (guard && ![route.preHandler, route.onRequest].flat().some((h) => h === app.requireSession || h === app.requireVerified)) {
      route.preHandler = [guard, ...[route.preHandler ?? []].flat()];
    }
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
          '登录后的调用在请求头 token 中带访问令牌，令牌到期前由 POST /api/auth/v1/auth/oauth/token 换新（docs/api-shell.md「令牌续期」）。' +
          '脚本登录的示例见 docs/api-openapi.md「从脚本登录」。',
        contact: { name: '网上业务大厅项目', url: 'https://gjj.example.gov.cn/api/docs' },
        license: { name: '仅供住房公积金中心及其合作方使用（未开源）', url: 'https://gjj.example.gov.cn/api/docs' },
      },
      servers: [
        { url: '/', description: '提供本文档的服务器（npm start 时为 http://localhost:8080，PORT 可改）' },
        { url: 'https://{host}', description: '中心部署的大厅地址（HALL_PUBLIC_URL）', variables: { host: { default: 'gjj.centre.gov.cn' } } },
      ],
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token', description: '登录后得到的访问令牌（应答头 token）' },
          centreKey: { type: 'apiKey', in: 'header', name: 'x-centre-key', description: '中心端接口密钥（CENTRE_API_KEY）' },
        },
      },
    },
    // HEAD routes Fastify adds for each GET are the same call; the document lists the GET only.
    exposeHeadRoutes: false,
    // What a route's schema leaves out is filled in here, for the document only (validation is untouched): the
    // operationId, the area and group, a summary, the security its protection says, the error answers it can give.
    transform({ schema, url, route }) {
      const described = { ...(schema as Described | undefined) } as Described;
      const method = String([route.method].flat()[0]);
      // A body the route reads itself (multipart parts, streamed) is described for the document only: given as the
      // schema's body, Fastify would validate the unparsed body against it.
      const documentBody = route.config?.documentBody;
      if (documentBody && !described.body) described.body = documentBody;
      if ((UNDOCUMENTED_CATCH_ALLS as readonly string[]).includes(`${method} ${url}`)) return { schema: { ...described, hide: true } as never, url };
      const plugin = PLUGIN_SUMMARIES[url];
      const protection = protectionOf(app, route);
      const area = AREAS[areaOf(url, protection, (route.config as { area?: Area } | undefined)?.area)];
      const own = described.tags?.length ? described.tags : (plugin?.tags ?? [UNTAGGED]);
      described.tags = [area, ...own.filter((t) => t !== area)];
      if (!described.summary) described.summary = plugin?.summary ?? defaultSummary(route.method, url);
      described.operationId ??= operationIdOf(method, url);
      const response: Record<string, unknown> = {};
      for (const [status, answer] of Object.entries(described.response ?? {})) {
        const given = answer as { description?: string };
        response[status] = given.description ? given : { ...given, description: status.startsWith('2') ? '成功' : '出错' };
      }
      if ((route.config as { signsIn?: boolean } | undefined)?.signsIn && response[200]) {
        response[200] = { ...(response[200] as Schema), headers: SESSION_RESPONSE_HEADERS };
      }
      described.response = response;
      described.security = SECURITY[protection];
      // Marks read by transformObject, which puts the shared error answers and request headers in place.
      described['x-gjj-errors'] = errorStatuses(route, described, protection);
      return { schema: described as never, url };
    },
    transformObject(documents) {
      return finishDocument((documents as unknown as { openapiObject: OpenApiObject }).openapiObject) as never;
    },
  });
  // Under test, every answer is checked against the document (contract.ts).
  if (process.env[CHECK_ANSWERS_ENV] === '1') checkAnswers(app);
}

type OpenApiObject = {
  paths: Record<string, Record<string, Record<string, unknown> & { responses?: Record<string, unknown>; parameters?: unknown[]; tags?: string[] }>>;
  components: Record<string, Record<string, unknown>>;
  tags?: unknown[];
  [key: string]: unknown;
};

/** The shared parts: error answers by reference, spec 7's request headers, the tags and their groups by area. */
function finishDocument(doc: OpenApiObject): OpenApiObject {
  const responses: Record<string, unknown> = {};
  const envelope = (description: string, retryAfter?: boolean) => ({
    description,
    ...(retryAfter ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  });
  for (const e of Object.values(ERRORS)) responses[e.name] = envelope(e.description, e.retryAfter);
  responses[ERROR_DEFAULT.name] = envelope(ERROR_DEFAULT.description);
  const used = new Set<string>([ERROR_DEFAULT.name]);
  const groups = new Map<string, Set<string>>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const op of Object.values(item)) {
      const statuses = (op['x-gjj-errors'] as number[] | undefined) ?? [];
      delete op['x-gjj-errors'];
      op.responses ??= {};
      for (const status of statuses) {
        const e = ERRORS[status];
        if (!e) continue;
        used.add(e.name);
        op.responses[status] ??= { $ref: `#/components/responses/${e.name}` };
      }
      op.responses.default = { $ref: `#/components/responses/${ERROR_DEFAULT.name}` };
      if (path.startsWith('/api/')) {
        op.parameters = [...(op.parameters ?? []), { $ref: '#/components/parameters/client' }, { $ref: '#/components/parameters/jproject' }];
      }
      const [area, group] = op.tags ?? [];
      if (area) groups.set(area, (groups.get(area) ?? new Set()).add(group ?? area));
    }
  }
  doc.components.schemas = { ...doc.components.schemas, ErrorEnvelope: ERROR_ENVELOPE };
  doc.components.responses = Object.fromEntries(Object.entries(responses).filter(([name]) => used.has(name)));
  doc.components.parameters = {
    client: { name: 'client', in: 'header', required: false, description: '调用方（大厅为 wt），规范第 7 节', schema: { type: 'string', example: 'wt' } },
    jproject: { name: 'jproject', in: 'header', required: false, description: '项目（izfgjj），规范第 7 节', schema: { type: 'string', example: 'izfgjj' } },
  };
  const names = new Set<string>();
  for (const [area, subgroups] of groups) {
    names.add(area);
    for (const g of subgroups) names.add(g);
  }
  doc.tags = [...names].map((name) => ({ name, description: Object.values(AREAS).includes(name as never) ? `${name}（区域）` : `${name}（分组）` }));
  doc['x-tagGroups'] = [...groups].map(([area, subgroups]) => ({ name: area, tags: [...new Set([area, ...subgroups])] }));
  return doc;
}

function defaultSummary(method: RouteOptions['method'], url: string): string {
  return `${Array.isArray(method) ? method.join('/') : method} ${url}`;
}

/** GET /api/openapi.json: the generated document; GET /api/docs: the same as a page to read. */
export function openApiRoutes(app: FastifyInstance): void {
  const tags = ['接口文档'];
  app.get(
    OPENAPI_PATHS.document,
    {
      schema: {
        summary: 'OpenAPI 3.1 接口描述（由各接口的 JSON Schema 生成）',
        tags,
        operationId: 'getOpenApiDocument',
        response: {
          200: {
            description: 'OpenAPI 3.1 文档',
            type: 'object',
            required: ['openapi', 'info', 'paths'],
            properties: { openapi: { type: 'string' }, info: { type: 'object', additionalProperties: true }, paths: { type: 'object', additionalProperties: true } },
            additionalProperties: true,
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.swagger();
    },
  );
  let page: string | null = null;
  app.get(
    OPENAPI_PATHS.page,
    { schema: { summary: '接口参考页（由 OpenAPI 描述生成，可读、可键盘操作）', tags, operationId: 'getApiDocsPage', response: { 200: fileAnswer('参考页（HTML）', ['text/html'], { text: true }) } } },
    async (_request, reply) => {
      page ??= renderReferencePage(app.swagger() as never, { document: OPENAPI_PATHS.document, stylesheet: OPENAPI_PATHS.stylesheet });
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    },
  );
  app.get(
    OPENAPI_PATHS.stylesheet,
    { schema: { summary: '接口参考页的样式表', tags, operationId: 'getApiDocsStylesheet', response: { 200: fileAnswer('样式表（CSS）', ['text/css'], { text: true }) } } },
    async (_request, reply) => reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(REFERENCE_CSS),
  );
}
