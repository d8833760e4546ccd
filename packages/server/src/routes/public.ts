import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOLEAN, INTEGER, NULLABLE_INTEGER, NULLABLE_STRING, STRING, listOf, object, okAnswer, pageOf } from '../http/answers';
import { fileAnswer } from '../http/openapi';
import { maskPhone } from '@gjj-hall/sdk/format';
import { VALIDATE_MESSAGES, isLandline, isMobile, isOpinion } from '@gjj-hall/sdk/validate';
import type { Db, Queryable } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { publicCacheResponse } from '../http/public-cache';
import { centreDate, centreDateTime } from '../clock';
import { idempotencyKeyOf, idempotencyOwner, idempotent } from '../public/idempotency';
import { createRateLimiter, limitByAddress } from '../auth/rate-limit';
import { CAPTCHA_FIELDS, requireCaptcha } from '../auth/require-captcha';
import { ZHFW_PREFIX } from './shell';
import { transcriptOf, videoFileRoutes, videoOfUrl } from '../public/videos';

// Public services of issue 7 (docs/api-public.md): introduction, policies, partner developments, downloads,
// guidance videos, smart push, complaints and suggestions, satisfaction evaluations.

const P = ZHFW_PREFIX;
const tags = ['公共服务'] as const;

/** Page sizes of spec 9. */
export const PAGE_SIZES = [10, 20, 30, 50] as const;

const paging = {
  pageNum: { type: 'integer', minimum: 1, maximum: 100000, default: 1, description: '页码', 'x-msg': '页码应为大于 0 的整数' },
  pageSize: { type: 'integer', enum: [...PAGE_SIZES], default: 20, description: '每页条数', 'x-msg': '每页条数只能是 10、20、30 或 50' },
} as const;

const idQuery = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,17}$', description: '编号', 'x-msg': '编号不正确', 'x-required-msg': '缺少编号' } },
} as const;

interface Paging {
  pageNum: number;
  pageSize: number;
}

interface Page<T> extends Paging {
  list: T[];
  total: number;
}

async function page<R, T>(
  db: Queryable,
  p: Paging,
  from: string,
  params: unknown[],
  columns: string,
  order: string,
  map: (row: R) => T,
): Promise<Page<T>> {
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n ${from}`, params);
  const rows = await db.query<R>(`select ${columns} ${from} order by ${order} limit $${params.length + 1} offset $${params.length + 2}`, [
    ...params,
    p.pageSize,
    (p.pageNum - 1) * p.pageSize,
  ]);
  return { list: rows.map(map), total: count?.n ?? 0, pageNum: p.pageNum, pageSize: p.pageSize };
}

/** A LIKE pattern matching `text` literally. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The captions and transcript of a recorded video (public/videos.ts), or none. */
function captionsOf(url: string | null): { captionsUrl: string | null; transcript: string } {
  const video = videoOfUrl(P, url);
  return video ? { captionsUrl: `${P}/czsp/file/${video.slug}.vtt`, transcript: transcriptOf(video.slug) } : { captionsUrl: null, transcript: '' };
}

/** Served files and images never run anything, even opened on their own in a tab. */
const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Sends a stored file: its type, length, and a download name in both the plain and the UTF-8 form. */
function sendFile(reply: FastifyReply, name: string, type: string, bytes: Buffer, inline = false): FastifyReply {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', type)
    .header('content-length', String(bytes.length))
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-cache')
    .header('content-security-policy', FILE_CSP)
    .send(bytes);
}

const COMPLAINT_STATUS: Record<number, string> = { 0: '待处理', 1: '处理中', 2: '已回复' };
const CONTENT_MAX = 500;

interface ComplaintRow {
  id: string;
  sqbh: string;
  user_id: string | null;
  type_code: string;
  type_name: string;
  dept_code: string;
  dept_name: string;
  content: string;
  lxdh: string;
  status: number;
  reply: string;
  replied_at: Date | null;
  gkbz: number;
  created_at: Date;
}

const COMPLAINT_COLUMNS = `c.id::text as id, c.sqbh, c.user_id::text as user_id, c.type_code, t.name as type_name, c.dept_code, d.name as dept_name,
  c.content, c.lxdh, c.status, c.reply, c.replied_at, c.gkbz, c.created_at`;
const COMPLAINT_FROM = 'from complaint c join complaint_type t on t.code = c.type_code join complaint_dept d on d.code = c.dept_code';

/** The answers' schemas (docs/api-openapi.md). */
const CODE_NAME = object({ code: STRING, name: STRING });
const CATEGORY = object({ code: STRING, name: STRING, total: INTEGER });
const POLICY_ROW = object({ id: STRING, title: STRING, category: STRING, categoryName: STRING, docNo: STRING, publishDate: STRING });
const COMPLAINT = object({
  id: STRING, sqbh: STRING, tslx: STRING, tslxmc: STRING, zrbm: STRING, zrbmmc: STRING, nr: STRING,
  lxdh: { type: 'string', description: '联系电话（仅本人可见，已遮蔽）' }, zt: INTEGER, ztmc: STRING, hfnr: STRING, hfsj: STRING, gkbz: INTEGER, tjsj: STRING,
  mine: { type: 'boolean', description: '是否本人提交' },
});
const EVALUATION = object({ id: STRING, pjbh: STRING, sxbm: STRING, sxmc: STRING, myd: STRING, mydmc: STRING, pjnr: STRING, pjsj: STRING });
const FILE_ANSWER = fileAnswer('文件内容（类型为上传时的类型）', ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/octet-stream', 'application/*', 'image/*', 'text/*'], { download: true });

/** A complaint as answered: the contact phone only to its owner, masked. */
function complaintOut(r: ComplaintRow, owner: boolean) {
  return {
    id: r.id,
    sqbh: r.sqbh,
    tslx: r.type_code,
    tslxmc: r.type_name,
    zrbm: r.dept_code,
    zrbmmc: r.dept_name,
    nr: r.content,
    lxdh: owner && r.lxdh ? maskPhone(r.lxdh) : '',
    zt: r.status,
    ztmc: COMPLAINT_STATUS[r.status] ?? '',
    hfnr: r.reply,
    hfsj: r.replied_at ? centreDateTime(new Date(r.replied_at)) : '',
    gkbz: r.gkbz,
    tjsj: centreDateTime(new Date(r.created_at)),
    mine: owner,
  };
}

/** Digits of the day's counter in a reference number: every number has the same length, so text order is submission order. */
export const REFERENCE_DIGITS = 6;
/** Submissions of one kind a day that get a number (999,999). */
export const REFERENCE_DAY_MAX = 10 ** REFERENCE_DIGITS - 1;
export const REFERENCE_FULL_MESSAGE = '今日受理编号已用完，请明日再提交，或拨打 12329 服务热线';

/**
 * The next reference number of a day: prefix + yyyymmdd + the day's counter in {@link REFERENCE_DIGITS} digits
 * (TS20261124000001). The counter row is taken in the caller's transaction, so concurrent submissions wait on it
 * and a rolled-back submission gives its number back.
 */
export async function nextReference(tx: Queryable, prefix: 'TS' | 'PJ', day: string): Promise<string> {
  const stem = day.replace(/-/g, '');
  const [row] = await tx.query<{ last: number }>(
    `insert into reference_counter (prefix, day, last) values ($1, $2, 1)
     on conflict (prefix, day) do update set last = reference_counter.last + 1
     where reference_counter.last < $3
     returning last`,
    [prefix, stem, REFERENCE_DAY_MAX],
  );
  // 429 rather than 503: the answer's own message reaches the person (5xx answers carry the generic one).
  if (!row) throw new ApiError(429, REFERENCE_FULL_MESSAGE);
  return `${prefix}${stem}${String(row.last).padStart(REFERENCE_DIGITS, '0')}`;
}

/**
 * The session of a call that works with or without one: a `token` header that no longer opens a session answers
 * 401 (sign in again) rather than quietly treating the person as anonymous.
 */
function optionalSession(request: FastifyRequest): FastifyRequest['session'] {
  if (!request.session && typeof request.headers.token === 'string' && request.headers.token.trim()) throw new ApiError(401);
  return request.session;
}

export interface PublicRouteOptions {
  db: Db;
  now: () => Date;
  /** Complaints and evaluations accepted per client address and minute (repeats with a key count too). @default 30 */
  submitRateLimit?: number | undefined;
  /** Complaint look-ups (tsjy/query) per client address and minute. @default 10 */
  lookupRateLimit?: number | undefined;
}

/** The messages of the anonymous complaint look-up (tsjy/query). */
export const COMPLAINT_LOOKUP_MESSAGES = Object.freeze({
  sqbh: '受理编号格式不正确，应为 TS 加 14 位数字',
  lxdh: '请输入正确的联系电话（手机号码或带区号的固定电话）',
  /** The one answer for a wrong number, a wrong phone, and a complaint sent without a phone. */
  notFound: '未查询到与受理编号和联系电话相符的投诉建议，请核对后重试；提交时未留联系电话的，请拨打 12329 服务热线查询',
});

/**
 * The public services calls. Complaint bodies may be form-encoded (spec 7.3: "POST add (form-urlencoded)") or
 * JSON; the form parser is registered for this scope only.
 */
export function publicRoutes(app: FastifyInstance, options: PublicRouteOptions): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    routes(scope, options);
  });
}

function routes(app: FastifyInstance, { db, now, submitRateLimit = 30, lookupRateLimit = 10 }: PublicRouteOptions): void {
  const limitSubmissions = limitByAddress(createRateLimiter(db, 'public-submit', submitRateLimit, 60_000), now);
  // ---- Introduction ----
  // The introduction and the policies are answered from the instance's cache until the centre changes them (issue 35).
  app.get(`${P}/zxjs/getInfo`, { schema: { summary: '中心简介（富文本，大厅净化后显示）', tags, response: publicCacheResponse(object({ title: STRING, body: STRING, updatedAt: STRING })) } }, async (request, reply) =>
    app.publicCache.send(request, reply, 'intro', async () => {
      const [row] = await db.query<{ title: string; body: string; updated_at: Date }>('select title, body, updated_at from centre_intro where id = 1');
      if (!row) throw new ApiError(404, '中心简介尚未发布');
      return ok({ title: row.title, body: row.body, updatedAt: centreDateTime(new Date(row.updated_at)) });
    }),
  );

  // ---- Policies (zcxx) ----
  app.get(`${P}/zcxx/getCategories`, { schema: { summary: '政策分类（含已发布条数）', tags, response: publicCacheResponse(listOf(CATEGORY)) } }, async (request, reply) =>
    app.publicCache.send(request, reply, 'policies', async () => {
      const rows = await db.query<{ code: string; name: string; total: number }>(
        `select c.code, c.name, count(p.id)::int as total
           from policy_category c left join policy p on p.category = c.code and p.status = 'published'
          group by c.code, c.name, c.sort order by c.sort, c.code`,
      );
      return ok(rows);
    }),
  );

  app.get(`${P}/zcxx/getSummary`, { schema: { summary: '政策概览：已发布总数、最近发布日期、各分类条数、最新 5 条', tags, response: publicCacheResponse(object({ total: INTEGER, latestDate: STRING, categories: listOf(CATEGORY), latest: listOf(object({ id: STRING, title: STRING, category: STRING, publishDate: STRING })) })) } }, async (request, reply) =>
    app.publicCache.send(request, reply, 'policies', async () => {
      const categories = await db.query<{ code: string; name: string; total: number }>(
        `select c.code, c.name, count(p.id)::int as total
           from policy_category c left join policy p on p.category = c.code and p.status = 'published'
          group by c.code, c.name, c.sort order by c.sort, c.code`,
      );
      const latest = await db.query<{ id: string; title: string; category: string; publish_date: string }>(
        `select id::text as id, title, category, to_char(publish_date, 'YYYY-MM-DD') as publish_date
           from policy where status = 'published' order by publish_date desc, id desc limit 5`,
      );
      return ok({
        total: categories.reduce((n, c) => n + c.total, 0),
        latestDate: latest[0]?.publish_date ?? '',
        categories,
        latest: latest.map((r) => ({ id: r.id, title: r.title, category: r.category, publishDate: r.publish_date })),
      });
    }),
  );

  app.get<{ Querystring: Paging & { keyword?: string; category?: string } }>(
    `${P}/zcxx/getList`,
    {
      schema: {
        summary: '政策信息列表（已发布，新的在前；标题关键字、分类、分页）',
        tags,
        response: publicCacheResponse(pageOf(POLICY_ROW)),
        querystring: {
          type: 'object',
          properties: {
            ...paging,
            keyword: { type: 'string', maxLength: 50, description: '标题关键字', 'x-msg': '关键字不能超过 50 个字符' },
            category: { type: 'string', pattern: '^[a-z]{1,10}$', description: '政策分类', 'x-msg': '政策分类不正确' },
          },
        },
      },
    },
    async (request, reply) =>
      app.publicCache.send(request, reply, 'policies', async () => {
        const { keyword, category } = request.query;
        const params: unknown[] = [];
        let where = `from policy p join policy_category c on c.code = p.category where p.status = 'published'`;
        const kw = keyword?.trim();
        if (kw) {
          params.push(likePattern(kw));
          where += ` and p.title ilike $${params.length}`;
        }
        if (category) {
          params.push(category);
          where += ` and p.category = $${params.length}`;
        }
        return ok(
          await page<{ id: string; title: string; category: string; category_name: string; doc_no: string; publish_date: string }, unknown>(
            db,
            request.query,
            where,
            params,
            `p.id::text as id, p.title, p.category, c.name as category_name, p.doc_no, to_char(p.publish_date, 'YYYY-MM-DD') as publish_date`,
            'p.publish_date desc, p.id desc',
            (r) => ({ id: r.id, title: r.title, category: r.category, categoryName: r.category_name, docNo: r.doc_no, publishDate: r.publish_date }),
          ),
        );
      }),
  );

  app.get<{ Querystring: { id: string } }>(
    `${P}/zcxx/getInfo`,
    { schema: { summary: '政策详情（body 为中心发布的原样 HTML，须净化后显示）', tags, querystring: idQuery, response: publicCacheResponse(object({ id: STRING, title: STRING, category: STRING, categoryName: STRING, docNo: STRING, source: STRING, body: STRING, publishDate: STRING })) } },
    async (request, reply) =>
      app.publicCache.send(request, reply, 'policies', async () => {
        const [r] = await db.query<{ id: string; title: string; category: string; category_name: string; doc_no: string; source: string; body: string; publish_date: string; status: string }>(
          `select p.id::text as id, p.title, p.category, c.name as category_name, p.doc_no, p.source, p.body,
                  to_char(p.publish_date, 'YYYY-MM-DD') as publish_date, p.status
             from policy p join policy_category c on c.code = p.category where p.id = $1`,
          [request.query.id],
        );
        if (!r) throw new ApiError(404, '该政策不存在');
        if (r.status !== 'published') throw new ApiError(410, '该政策已撤回，不再公开');
        return ok({ id: r.id, title: r.title, category: r.category, categoryName: r.category_name, docNo: r.doc_no, source: r.source, body: r.body, publishDate: r.publish_date });
      }),
  );

  // ---- Partner developments (kfslpxx), session ----
  app.get<{ Querystring: Paging & { kfsmc?: string } }>(
    `${P}/kfslpxx/getList`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '合作楼盘列表（需登录；可按开发商名称查询）',
        tags,
        querystring: {
          type: 'object',
          properties: { ...paging, kfsmc: { type: 'string', maxLength: 30, description: '开发商名称', 'x-msg': VALIDATE_MESSAGES.unitName } },
        },
        response: okAnswer(
          pageOf(
            object({
              id: STRING, xmmc: NULLABLE_STRING, kfsmc: NULLABLE_STRING, xmdz: NULLABLE_STRING, qy: NULLABLE_STRING, ysxkzh: NULLABLE_STRING,
              hzyh: NULLABLE_STRING, lxdh: NULLABLE_STRING, hzrq: NULLABLE_STRING,
            }),
          ),
        ),
      },
    },
    async (request) => {
      const params: unknown[] = [];
      let where = 'from partner_development';
      if (request.query.kfsmc !== undefined) {
        const name = request.query.kfsmc.trim();
        if ([...name].length < 2) throw new ApiError(400, VALIDATE_MESSAGES.unitName);
        params.push(likePattern(name));
        where += ' where kfsmc ilike $1';
      }
      return ok(
        await page<Record<string, string>, unknown>(
          db,
          request.query,
          where,
          params,
          `id::text as id, xmmc, kfsmc, xmdz, qy, ysxkzh, hzyh, lxdh, to_char(hzrq, 'YYYY-MM-DD') as hzrq`,
          // The table's id (a bare `id` would be the text alias above: '10' before '9' among the published projects).
          'sort, partner_development.id',
          (r) => r,
        ),
      );
    },
  );

  app.get(
    `${P}/kfslpxx/getBankList`,
    {
      preHandler: app.requireSession,
      schema: { summary: '合作银行列表（需登录）：合作楼盘的贷款银行及楼盘数', tags, response: okAnswer(listOf(object({ hzyh: NULLABLE_STRING, total: INTEGER }))) },
    },
    async () =>
      ok(await db.query<{ hzyh: string; total: number }>('select hzyh, count(*)::int as total from partner_development group by hzyh order by hzyh')),
  );

  // ---- Common downloads (cyxz) ----
  app.get<{ Querystring: Paging }>(
    `${P}/cyxz/getList`,
    {
      schema: {
        summary: '常用下载列表',
        tags,
        querystring: { type: 'object', properties: { ...paging } },
        response: okAnswer(pageOf(object({ id: STRING, title: STRING, fileName: STRING, contentType: STRING, size: INTEGER, publishDate: STRING, url: STRING }))),
      },
    },
    async (request) =>
      ok(
        await page<{ id: string; title: string; file_name: string; content_type: string; size: number; publish_date: string }, unknown>(
          db,
          request.query,
          'from download_file',
          [],
          `id::text as id, title, file_name, content_type, octet_length(content) as size, to_char(publish_date, 'YYYY-MM-DD') as publish_date`,
          'sort, id',
          (r) => ({
            id: r.id,
            title: r.title,
            fileName: r.file_name,
            contentType: r.content_type,
            size: Number(r.size),
            publishDate: r.publish_date,
            url: `${P}/cyxz/download?id=${r.id}`,
          }),
        ),
      ),
  );

  app.get<{ Querystring: { id: string } }>(
    `${P}/cyxz/download`,
    { schema: { summary: '下载文件（原文件字节，附件）', tags, querystring: idQuery, response: { 200: FILE_ANSWER } } },
    async (request, reply) => {
      const [r] = await db.query<{ file_name: string; content_type: string; content: Uint8Array }>(
        'select file_name, content_type, content from download_file where id = $1',
        [request.query.id],
      );
      if (!r) throw new ApiError(404, '文件不存在或已下架');
      return sendFile(reply, r.file_name, r.content_type, Buffer.from(r.content));
    },
  );

  // ---- Guidance videos (czsp) ----
  app.get<{ Querystring: Paging }>(
    `${P}/czsp/getList`,
    {
      schema: {
        summary: '操作指南视频列表',
        tags,
        querystring: { type: 'object', properties: { ...paging } },
        response: okAnswer(
          pageOf(
            object({
              id: STRING, title: STRING, description: STRING, posterUrl: STRING, videoUrl: NULLABLE_STRING, captionsUrl: NULLABLE_STRING, transcript: STRING,
              available: BOOLEAN, message: STRING, durationSeconds: NULLABLE_INTEGER, publishDate: STRING,
            }),
          ),
        ),
      },
    },
    async (request) =>
      ok(
        await page<{ id: string; title: string; description: string; video_url: string | null; duration_seconds: number | null; publish_date: string }, unknown>(
          db,
          request.query,
          'from guide_video',
          [],
          `id::text as id, title, description, video_url, duration_seconds, to_char(publish_date, 'YYYY-MM-DD') as publish_date`,
          'sort, id',
          (r) => ({
            id: r.id,
            title: r.title,
            description: r.description,
            posterUrl: `${P}/czsp/poster?id=${r.id}`,
            videoUrl: r.video_url,
            // A recorded video's captions (WebVTT, Chinese) and transcript (docs/videos.md).
            ...captionsOf(r.video_url),
            available: !!r.video_url,
            message: r.video_url ? '' : '该视频文件暂未上传，请稍后再来观看，或拨打 12329 服务热线咨询',
            durationSeconds: r.duration_seconds,
            publishDate: r.publish_date,
          }),
        ),
      ),
  );

  videoFileRoutes(app, P, tags);

  app.get<{ Querystring: { id: string } }>(
    `${P}/czsp/poster`,
    { schema: { summary: '视频封面图片', tags, querystring: idQuery, response: { 200: fileAnswer('封面图片', ['image/svg+xml', 'image/png', 'image/jpeg', 'image/*']) } } },
    async (request, reply) => {
      const [r] = await db.query<{ poster_type: string; poster: Uint8Array }>('select poster_type, poster from guide_video where id = $1', [request.query.id]);
      if (!r) throw new ApiError(404, '视频不存在');
      const bytes = Buffer.from(r.poster);
      return reply
        .header('content-type', r.poster_type)
        .header('content-length', String(bytes.length))
        .header('cache-control', 'public, max-age=3600')
        .header('content-security-policy', FILE_CSP)
        .send(bytes);
    },
  );

  // ---- Smart push (intellect / znts) ----
  app.get<{ Querystring: Paging }>(
    `${P}/intellect/getList`,
    {
      schema: {
        summary: '智能推送列表（新的在前）',
        tags,
        querystring: { type: 'object', properties: { ...paging } },
        response: okAnswer(pageOf(object({ id: STRING, title: STRING, summary: STRING, tag: STRING, publishDate: STRING }))),
      },
    },
    async (request) =>
      ok(
        await page<{ id: string; title: string; summary: string; tag: string; publish_date: string }, unknown>(
          db,
          request.query,
          'from znts_item',
          [],
          `id::text as id, title, summary, tag, to_char(publish_date, 'YYYY-MM-DD') as publish_date`,
          'publish_date desc, id desc',
          (r) => ({ id: r.id, title: r.title, summary: r.summary, tag: r.tag, publishDate: r.publish_date }),
        ),
      ),
  );

  app.get<{ Querystring: { id: string } }>(
    `${P}/intellect/getInfo`,
    {
      schema: {
        summary: '智能推送详情（body 为 HTML，须净化后显示）',
        tags,
        querystring: idQuery,
        response: okAnswer(object({ id: STRING, title: STRING, summary: STRING, body: STRING, tag: STRING, publishDate: STRING })),
      },
    },
    async (request) => {
      const [r] = await db.query<{ id: string; title: string; summary: string; body: string; tag: string; publish_date: string }>(
        `select id::text as id, title, summary, body, tag, to_char(publish_date, 'YYYY-MM-DD') as publish_date from znts_item where id = $1`,
        [request.query.id],
      );
      if (!r) throw new ApiError(404, '该推送不存在');
      return ok({ id: r.id, title: r.title, summary: r.summary, body: r.body, tag: r.tag, publishDate: r.publish_date });
    },
  );

  // ---- Complaints and suggestions (tsjy) ----
  app.get(`${P}/tsjy/getTypes`, { schema: { summary: '投诉建议类型', tags, response: okAnswer(listOf(CODE_NAME)) } }, async () =>
    ok(await db.query<{ code: string; name: string }>('select code, name from complaint_type order by sort, code')),
  );
  app.get(`${P}/tsjy/getDepts`, { schema: { summary: '责任部门', tags, response: okAnswer(listOf(CODE_NAME)) } }, async () =>
    ok(await db.query<{ code: string; name: string }>('select code, name from complaint_dept order by sort, code')),
  );

  app.get<{ Querystring: Paging & { gkbz?: number } }>(
    `${P}/tsjy/getList`,
    {
      schema: {
        summary: '投诉建议列表：登录后为本人的（含回复与状态）；未登录或 gkbz=1 时为中心公开的',
        tags,
        querystring: {
          type: 'object',
          properties: { ...paging, gkbz: { type: 'integer', enum: [1], description: '只看公开的', 'x-msg': 'gkbz 只能为 1' } },
        },
        response: okAnswer(pageOf(COMPLAINT)),
      },
      // With a token that opens no session: 401 (optionalSession).
      config: { protection: 'optionalSession' },
    },
    async (request) => {
      const session = optionalSession(request);
      const mine = session && request.query.gkbz !== 1;
      const where = mine ? `${COMPLAINT_FROM} where c.user_id = $1` : `${COMPLAINT_FROM} where c.gkbz = 1`;
      return ok(
        await page<ComplaintRow, unknown>(db, request.query, where, mine ? [session.userId] : [], COMPLAINT_COLUMNS, 'c.created_at desc, c.id desc', (r) =>
          complaintOut(r, !!session && r.user_id === session.userId),
        ),
      );
    },
  );

  app.get<{ Querystring: { id: string } }>(
    `${P}/tsjy/getInfo`,
    { schema: { summary: '投诉建议详情（本人的或公开的）', tags, querystring: idQuery, response: okAnswer(COMPLAINT) }, config: { protection: 'optionalSession' } },
    async (request) => {
      const session = optionalSession(request);
      const [r] = await db.query<ComplaintRow>(`select ${COMPLAINT_COLUMNS} ${COMPLAINT_FROM} where c.id = $1`, [request.query.id]);
      const owner = !!r && !!session && r.user_id === session.userId;
      if (!r || (!owner && r.gkbz !== 1)) throw new ApiError(404, '未找到该投诉建议');
      return ok(complaintOut(r, owner));
    },
  );

  app.post<{ Body: { tslx: string; zrbm: string; nr: string; lxdh?: string } }>(
    `${P}/tsjy/add`,
    {
      preHandler: limitSubmissions,
      config: { protection: 'optionalSession', throttled: true },
      schema: {
        summary: '提交投诉建议（可不登录；支持 Idempotency-Key 请求头）',
        tags,
        body: {
          type: 'object',
          required: ['tslx', 'zrbm', 'nr'],
          properties: {
            tslx: { type: 'string', pattern: '^[0-9]{2}$', description: '类型', 'x-msg': '请选择正确的类型', 'x-required-msg': '请选择类型' },
            zrbm: { type: 'string', pattern: '^[0-9]{2}$', description: '责任部门', 'x-msg': '请选择正确的责任部门', 'x-required-msg': '请选择责任部门' },
            nr: { type: 'string', maxLength: CONTENT_MAX, description: '意见', 'x-multiline': true, 'x-msg': `意见不能超过 ${CONTENT_MAX} 个字`, 'x-required-msg': VALIDATE_MESSAGES.opinionEmpty },
            lxdh: { type: 'string', maxLength: 20, description: '联系电话', 'x-msg': '请输入正确的联系电话（手机号码或带区号的固定电话）' },
          },
        },
        response: okAnswer(object({ id: STRING, sqbh: { type: 'string', description: '受理编号' }, tjsj: STRING })),
      },
    },
    async (request) => {
      const key = idempotencyKeyOf(request.headers);
      const body = request.body;
      const content = body.nr.trim();
      if (!content) throw new ApiError(400, VALIDATE_MESSAGES.opinionEmpty);
      if (!isOpinion(content)) throw new ApiError(400, VALIDATE_MESSAGES.opinion);
      const phone = (body.lxdh ?? '').trim();
      if (phone && (phone.includes('*') || !(isMobile(phone) || isLandline(phone)))) {
        throw new ApiError(400, '请输入正确的联系电话（手机号码或带区号的固定电话）');
      }
      const at = now();
      const session = optionalSession(request);
      const normal = { tslx: body.tslx, zrbm: body.zrbm, nr: content, lxdh: phone };
      const result = await idempotent(
        db,
        { scope: 'complaint', owner: idempotencyOwner(session, request.ip), key, body: normal, at },
        async (tx) => {
          const [type] = await tx.query('select 1 from complaint_type where code = $1', [body.tslx]);
          if (!type) throw new ApiError(400, '请选择正确的类型');
          const [dept] = await tx.query('select 1 from complaint_dept where code = $1', [body.zrbm]);
          if (!dept) throw new ApiError(400, '请选择正确的责任部门');
          const sqbh = await nextReference(tx, 'TS', centreDate(at));
          const [row] = await tx.query<{ id: string }>(
            `insert into complaint (sqbh, user_id, type_code, dept_code, content, lxdh, created_at) values ($1, $2, $3, $4, $5, $6, $7) returning id::text as id`,
            [sqbh, session?.userId ?? null, body.tslx, body.zrbm, content, phone, at],
          );
          return { id: row?.id ?? '', sqbh, tjsj: centreDateTime(at) };
        },
      );
      return ok(result, '提交成功');
    },
  );

  // Anonymous look-up by reference number and contact phone (issue 23): one captcha per try and a few tries a
  // minute per address, so the phone cannot be guessed; a wrong number and a wrong phone answer the same.
  const limitLookups = limitByAddress(createRateLimiter(db, 'complaint-lookup', lookupRateLimit, 60_000), now);
  app.post<{ Body: { sqbh: string; lxdh: string; uuid?: string; code?: string } }>(
    `${P}/tsjy/query`,
    {
      onRequest: limitLookups,
      config: { throttled: true },
      schema: {
        summary: '凭受理编号和联系电话查询投诉建议的办理情况（无需登录；需图形验证码；编号或电话不符答同一句话）',
        tags,
        body: {
          type: 'object',
          required: ['sqbh', 'lxdh'],
          properties: {
            sqbh: { type: 'string', maxLength: 20, description: '受理编号', 'x-msg': COMPLAINT_LOOKUP_MESSAGES.sqbh, 'x-required-msg': '请输入受理编号' },
            lxdh: { type: 'string', maxLength: 20, description: '联系电话', 'x-msg': COMPLAINT_LOOKUP_MESSAGES.lxdh, 'x-required-msg': '请输入提交时填写的联系电话' },
            ...CAPTCHA_FIELDS,
          },
        },
        response: okAnswer(object({ sqbh: STRING, tslxmc: STRING, zrbmmc: STRING, nr: STRING, zt: INTEGER, ztmc: STRING, hfnr: STRING, hfsj: STRING, tjsj: STRING })),
      },
    },
    async (request) => {
      const sqbh = request.body.sqbh.trim().toUpperCase();
      const phone = request.body.lxdh.trim();
      if (!/^TS[0-9]{12}([0-9]{2})?$/.test(sqbh)) throw new ApiError(400, COMPLAINT_LOOKUP_MESSAGES.sqbh);
      if (!(isMobile(phone) || isLandline(phone))) throw new ApiError(400, COMPLAINT_LOOKUP_MESSAGES.lxdh);
      await requireCaptcha(db, request.body, now());
      // One query through the unique index on sqbh, whichever of the two is wrong; a complaint sent without a phone
      // can never be looked up this way (its lxdh is '').
      const [r] = await db.query<ComplaintRow>(
        `select ${COMPLAINT_COLUMNS} ${COMPLAINT_FROM}
          where c.sqbh = $1 and c.lxdh <> '' and regexp_replace(c.lxdh, '[^0-9]', '', 'g') = $2`,
        [sqbh, phone.replace(/[^0-9]/g, '')],
      );
      if (!r) throw new ApiError(404, COMPLAINT_LOOKUP_MESSAGES.notFound);
      const out = complaintOut(r, false);
      return ok({ sqbh: out.sqbh, tslxmc: out.tslxmc, zrbmmc: out.zrbmmc, nr: out.nr, zt: out.zt, ztmc: out.ztmc, hfnr: out.hfnr, hfsj: out.hfsj, tjsj: out.tjsj });
    },
  );

  // ---- Satisfaction evaluations (hcp) ----
  app.get(`${P}/hcp/getTypes`, { schema: { summary: '满意度等级', tags, response: okAnswer(listOf(CODE_NAME)) } }, async () =>
    ok(await db.query<{ code: string; name: string }>('select code, name from evaluation_level order by sort, code')),
  );
  app.get(`${P}/hcp/getItems`, { schema: { summary: '可评价的业务事项', tags, response: okAnswer(listOf(object({ code: STRING, name: STRING, category: STRING }))) } }, async () =>
    ok(await db.query<{ code: string; name: string; category: string }>('select code, name, category from evaluation_item order by sort, code')),
  );

  app.get(`${P}/hcp/getStats`, {
    schema: {
      summary: '各业务事项的评价统计：各等级条数与满意率（公开，ours）',
      tags,
      response: okAnswer(
        listOf(
          object({
            sxbm: STRING, sxmc: STRING, total: INTEGER, levels: listOf(object({ code: STRING, name: STRING, count: INTEGER })),
            satisfiedRate: { type: ['number', 'null'], description: '满意率（%），无评价时为 null' },
          }),
        ),
      ),
    },
  }, async () => {
    const items = await db.query<{ code: string; name: string }>('select code, name from evaluation_item order by sort, code');
    const levels = await db.query<{ code: string; name: string }>('select code, name from evaluation_level order by sort, code');
    const counts = await db.query<{ item_code: string; level_code: string; n: number }>(
      'select item_code, level_code, count(*)::int as n from evaluation group by item_code, level_code',
    );
    const countOf = new Map(counts.map((c) => [`${c.item_code}:${c.level_code}`, c.n]));
    return ok(
      items.map((item) => {
        const perLevel = levels.map((l) => ({ code: l.code, name: l.name, count: countOf.get(`${item.code}:${l.code}`) ?? 0 }));
        const total = perLevel.reduce((n, l) => n + l.count, 0);
        // 满意率: 非常满意, 满意 and 基本满意 (levels 3 to 5) over all, in percent with one decimal.
        const satisfied = perLevel.filter((l) => Number(l.code) >= 3).reduce((n, l) => n + l.count, 0);
        return {
          sxbm: item.code,
          sxmc: item.name,
          total,
          levels: perLevel,
          satisfiedRate: total ? Math.round((satisfied / total) * 1000) / 10 : null,
        };
      }),
    );
  });

  app.post<{ Body: { sxbm: string; myd: string; pjnr?: string } }>(
    `${P}/hcp/evaluate`,
    {
      preHandler: [app.requireSession, limitSubmissions],
      config: { throttled: true },
      schema: {
        summary: '提交满意度评价（需登录；支持 Idempotency-Key 请求头）',
        tags,
        body: {
          type: 'object',
          required: ['sxbm', 'myd'],
          properties: {
            sxbm: { type: 'string', pattern: '^[A-Z]{2}[0-9]{2}$', description: '业务事项', 'x-msg': '请选择正确的业务事项', 'x-required-msg': '请选择业务事项' },
            myd: { type: 'string', pattern: '^[1-5]$', description: '满意度', 'x-msg': '请选择满意度', 'x-required-msg': '请选择满意度' },
            pjnr: { type: 'string', maxLength: 200, description: '评价内容', 'x-multiline': true, 'x-msg': '评价内容不能超过 200 个字' },
          },
        },
        response: okAnswer(object({ id: STRING, pjbh: STRING, pjsj: STRING })),
      },
    },
    async (request) => {
      const session = request.session;
      if (!session) throw new ApiError(401);
      const key = idempotencyKeyOf(request.headers);
      const at = now();
      const content = (request.body.pjnr ?? '').trim();
      const normal = { sxbm: request.body.sxbm, myd: request.body.myd, pjnr: content };
      const result = await idempotent(db, { scope: 'evaluation', owner: idempotencyOwner(session, request.ip), key, body: normal, at }, async (tx) => {
        const [item] = await tx.query('select 1 from evaluation_item where code = $1', [normal.sxbm]);
        if (!item) throw new ApiError(400, '请选择正确的业务事项');
        const pjbh = await nextReference(tx, 'PJ', centreDate(at));
        const [row] = await tx.query<{ id: string }>(
          `insert into evaluation (pjbh, user_id, item_code, level_code, content, created_at) values ($1, $2, $3, $4, $5, $6) returning id::text as id`,
          [pjbh, session.userId, normal.sxbm, normal.myd, content, at],
        );
        return { id: row?.id ?? '', pjbh, pjsj: centreDateTime(at) };
      });
      return ok(result, '评价成功');
    },
  );

  app.get<{ Querystring: { id: string } }>(
    `${P}/hcp/getInfo`,
    { preHandler: app.requireSession, schema: { summary: '本人的一条评价（需登录）', tags, querystring: idQuery, response: okAnswer(EVALUATION) } },
    async (request) => {
      const session = request.session;
      if (!session) throw new ApiError(401);
      const [r] = await db.query<{ id: string; pjbh: string; item_code: string; item_name: string; level_code: string; level_name: string; content: string; created_at: Date }>(
        `select e.id::text as id, e.pjbh, e.item_code, i.name as item_name, e.level_code, l.name as level_name, e.content, e.created_at
           from evaluation e join evaluation_item i on i.code = e.item_code join evaluation_level l on l.code = e.level_code
          where e.id = $1 and e.user_id = $2`,
        [request.query.id, session.userId],
      );
      if (!r) throw new ApiError(404, '未找到该评价记录');
      return ok({ id: r.id, pjbh: r.pjbh, sxbm: r.item_code, sxmc: r.item_name, myd: r.level_code, mydmc: r.level_name, pjnr: r.content, pjsj: centreDateTime(new Date(r.created_at)) });
    },
  );

  app.get<{ Querystring: Paging }>(
    `${P}/hcp/getRecords`,
    {
      preHandler: app.requireSession,
      schema: { summary: '本人的评价记录（需登录）', tags, querystring: { type: 'object', properties: { ...paging } }, response: okAnswer(pageOf(EVALUATION)) },
    },
    async (request) => {
      const session = request.session;
      if (!session) throw new ApiError(401);
      return ok(
        await page<{ id: string; pjbh: string; item_code: string; item_name: string; level_code: string; level_name: string; content: string; created_at: Date }, unknown>(
          db,
          request.query,
          'from evaluation e join evaluation_item i on i.code = e.item_code join evaluation_level l on l.code = e.level_code where e.user_id = $1',
          [session.userId],
          'e.id::text as id, e.pjbh, e.item_code, i.name as item_name, e.level_code, l.name as level_name, e.content, e.created_at',
          'e.created_at desc, e.id desc',
          (r) => ({ id: r.id, pjbh: r.pjbh, sxbm: r.item_code, sxmc: r.item_name, myd: r.level_code, mydmc: r.level_name, pjnr: r.content, pjsj: centreDateTime(new Date(r.created_at)) }),
        ),
      );
    },
  );
}
