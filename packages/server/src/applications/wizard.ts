import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { BOOLEAN, INTEGER, listOf, object, okAnswer, STRING } from '../http/answers';
import { centreDateTime } from '../clock';
import { ZHFW_PREFIX } from '../routes/shell';
import type { Business, BusinessGuide } from '../business/types';
import { materialsFor } from '../business/materials';
import { readParameters, type CentreParameters } from '../params/centre';
import { notYours, requireBusiness, requireOpenBusiness } from './model';
import { SCHEMA_PARTS } from './routes';
import { DRAFT_PARAMS, DRAFT_YWBH_FIELD, purgeExpiredDrafts } from './draftbox';

/**
 * The wizard's server side (issue 21, docs/api-wizard.md): the draftbox (what the user typed, per login, account and
 * business type), and each business's handling notice, guide and materials, read from its module as data.
 */

export const WIZARD_MESSAGES = {
  tooLarge: `草稿内容过大（至多 ${DRAFT_PARAMS.maxBytes / 1024} KB），请精简后再保存`,
  answers: '填写内容格式不正确',
} as const;

/** The notice's reading time when the configuration (XT_TZSC) has none. */
const DEFAULT_NOTICE_SECONDS = 5;

const tags = ['办理向导'] as const;
const DAY_MS = 86_400_000;

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** The guide of a business in the centre's parameters `p`: its own, else one built from its name and time limit. */
export function guideOf(business: Business, p: CentreParameters): BusinessGuide {
  if (typeof business.guide === 'function') return business.guide(p);
  return (
    business.guide ?? {
      blqd: '网上业务大厅、住房公积金管理中心各服务网点柜台',
      fwdx: business.loginTypes.includes(1) ? '住房公积金缴存职工' : '住房公积金缴存单位',
      bjsj: `${business.timeLimitDays} 个工作日内办结`,
      xzdy: `办理“${business.ywmc}”业务。`,
      slyj: '《住房公积金管理条例》；本中心住房公积金管理办法',
      sltj: '账户状态正常，且没有正在办理中的同类业务。',
      sqcl: '按页面提示提供。',
      bllc: '阅读办理须知 → 阅读办事指南 → 填写信息 → 上传材料 → 核对并提交 → 中心审核 → 短信通知结果。',
      bljg: '可在“我的业务”中查看办理进度和结果。',
      bz: '如有疑问请致电 12329。',
    }
  );
}

/** The notice text of a business in the centre's parameters `p`: its own, else a generic one. */
export function noticeOf(business: Business, p: CentreParameters): string {
  if (typeof business.notice === 'function') return business.notice(p);
  return (
    business.notice ??
    `一、请如实填写“${business.ywmc}”的申请信息并提供真实材料。\n二、提交后可在“我的业务”中查看进度；中心将在 ${business.timeLimitDays} 个工作日内办结。\n三、如有疑问请致电 12329。`
  );
}

/**
 * The materials this applicant needs, from their answers (spec 3.6), in the module's order: the same computation as
 * the archive's list and its completeness check (business/materials.ts).
 */
export function guideMaterialsFor(business: Business, answers: Record<string, unknown>) {
  return materialsFor(business, answers).map(({ clbh, clmc, jdbh, mlbh, zstj, required }) => ({ wjlxId: clbh, wjmc: clmc, jdbh, mlbh, zstj, required }));
}

/**
 * 重新填写: deletes the wizard's draft and the status-00 application it made for the materials (its number kept in
 * the draft as `_ywbh`, or given by a browser that kept the draft while the server was unreachable), with that
 * application's archive files (the rows cascade). All in one transaction, owner-checked: a number that is not this
 * account's answers 403 and nothing is deleted. An application already submitted stays (it is withdrawn in 我的业务,
 * not here). Answers the numbers discarded.
 */
export async function discardDraft(db: Db, who: { userId: string; accountId: string }, ywlx: string, given?: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [draft] = await tx.query<{ payload: Record<string, unknown> }>(
      'select payload from draftbox where user_id = $1 and account_id = $2 and ywlx = $3 for update',
      [who.userId, who.accountId, ywlx],
    );
    const stored = draft?.payload?.[DRAFT_YWBH_FIELD];
    const numbers = [...new Set([given, typeof stored === 'string' ? stored : undefined])].filter((n): n is string => Boolean(n));
    const discarded: string[] = [];
    for (const ywbh of numbers) {
      const [app] = await tx.query<{ id: string; account_id: string; zt: string; ywlx: string }>(
        'select id::text as id, account_id::text as account_id, zt, ywlx from application where ywbh = $1 for update',
        [ywbh],
      );
      if (!app || app.account_id !== who.accountId) throw notYours();
      if (app.zt === '00' && app.ywlx === ywlx) {
        await tx.query('delete from application where id = $1', [app.id]);
        discarded.push(ywbh);
      }
    }
    await tx.query('delete from draftbox where user_id = $1 and account_id = $2 and ywlx = $3', [who.userId, who.accountId, ywlx]);
    return discarded;
  });
}

const envelope = (data: Record<string, unknown>) => okAnswer(data);

/** The draftbox and handling-guide calls, each for a signed-in, verified login. */
export function wizardRoutes(app: FastifyInstance, db: Db, now: () => Date): void {
  const pre = { preHandler: app.requireVerified };
  const who = (request: FastifyRequest) => request.session!;
  const ywlxQuery = { type: 'object', required: ['ywlx'], properties: { ywlx: SCHEMA_PARTS.ywlx } } as const;
  const draftSchema = {
    ...object({ step: INTEGER, payload: { type: 'object', additionalProperties: true, description: '已填写的内容' }, savedAt: STRING, expiresAt: STRING }),
    // null when there is no draft (or it expired).
    type: ['object', 'null'],
  };

  app.get<{ Querystring: { ywlx: string } }>(
    `${ZHFW_PREFIX}/draftbox/get`,
    { ...pre, schema: { summary: '草稿箱：本登录、本账户、该业务类型未提交的草稿（过期的不返回）', tags, querystring: ywlxQuery, response: envelope(draftSchema) } },
    async (request) => {
      const s = who(request);
      const [row] = await db.query<{ step: number; payload: Record<string, unknown>; saved_at: Date; expires_at: Date }>(
        `select step, payload, saved_at, expires_at from draftbox
          where user_id = $1 and account_id = $2 and ywlx = $3 and expires_at > $4`,
        [s.userId, s.accountId, request.query.ywlx, now()],
      );
      if (!row) return ok(null);
      return ok({ step: row.step, payload: row.payload, savedAt: centreDateTime(new Date(row.saved_at)), expiresAt: centreDateTime(new Date(row.expires_at)) });
    },
  );

  app.post<{ Body: { ywlx: string; step: number; payload: Record<string, unknown> } }>(
    `${ZHFW_PREFIX}/draftbox/save`,
    {
      ...pre,
      schema: {
        summary: '草稿箱：保存草稿（同一登录、账户、业务类型只有一份，重复保存覆盖）',
        tags,
        body: {
          type: 'object',
          required: ['ywlx', 'step', 'payload'],
          additionalProperties: false,
          properties: {
            ywlx: SCHEMA_PARTS.ywlx,
            step: { type: 'integer', minimum: 0, maximum: 50, description: '步骤', 'x-msg': '步骤应为 0 至 50 的整数', 'x-required-msg': '缺少步骤' },
            payload: { ...SCHEMA_PARTS.payload, description: '草稿内容', 'x-required-msg': '缺少草稿内容' },
          },
        },
        response: envelope(object({ savedAt: STRING, expiresAt: STRING })),
      },
    },
    async (request) => {
      const s = who(request);
      const { ywlx, step, payload } = request.body;
      requireOpenBusiness(ywlx);
      if (Buffer.byteLength(JSON.stringify(payload), 'utf8') > DRAFT_PARAMS.maxBytes) throw new ApiError(400, WIZARD_MESSAGES.tooLarge);
      const at = now();
      const expires = new Date(at.getTime() + DRAFT_PARAMS.ttlDays * DAY_MS);
      await db.query(
        `insert into draftbox (user_id, account_id, ywlx, step, payload, saved_at, expires_at) values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (user_id, account_id, ywlx) do update set step = excluded.step, payload = excluded.payload,
           saved_at = excluded.saved_at, expires_at = excluded.expires_at`,
        [s.userId, s.accountId, ywlx, step, JSON.stringify(payload), at, expires],
      );
      await purgeExpiredDrafts(db, at);
      return ok({ savedAt: centreDateTime(at), expiresAt: centreDateTime(expires) }, '草稿已保存');
    },
  );

  app.post<{ Body: { ywlx: string; ywbh?: string } }>(
    `${ZHFW_PREFIX}/draftbox/delete`,
    {
      ...pre,
      schema: {
        summary: '草稿箱：重新填写，删除草稿及其为上传材料保存的草稿状态（00）办件和材料文件',
        tags,
        body: {
          type: 'object',
          required: ['ywlx'],
          additionalProperties: false,
          properties: { ywlx: SCHEMA_PARTS.ywlx, ywbh: { ...SCHEMA_PARTS.ywbh, description: '浏览器保存的草稿中的办件编号（可选）' } },
        },
        response: envelope(object({ discarded: listOf(STRING) })),
      },
    },
    async (request) => {
      const s = who(request);
      const discarded = await discardDraft(db, s, request.body.ywlx, request.body.ywbh);
      return ok({ discarded }, '草稿已删除');
    },
  );

  app.get<{ Querystring: { ywlx: string } }>(
    `${ZHFW_PREFIX}/ywblxz/notice`,
    {
      ...pre,
      schema: {
        summary: '办理须知（pznr 为 base64 文本；seconds 为阅读等待秒数，系统配置 XT_TZSC）',
        tags,
        querystring: ywlxQuery,
        response: envelope(object({ pznr: STRING, seconds: INTEGER })),
      },
    },
    async (request) => {
      const business = requireBusiness(request.query.ywlx);
      const [row] = await db.query<{ value: string }>(`select value from sys_config where key = 'XT_TZSC' and enable = 1`);
      const n = Number(row?.value);
      const seconds = Number.isInteger(n) && n >= 0 && n <= 600 ? n : DEFAULT_NOTICE_SECONDS;
      return ok({ pznr: base64(noticeOf(business, await readParameters(db))), seconds });
    },
  );

  const guideFields = ['ywlx', 'ywmc', 'blqd', 'fwdx', 'bjsj', 'xzdy', 'slyj', 'sltj', 'sqcl', 'bllc', 'bljg', 'bz'] as const;
  app.get<{ Querystring: { ywlx: string } }>(
    `${ZHFW_PREFIX}/ywblxz/guide`,
    {
      ...pre,
      schema: {
        summary: '办事指南（spec 3.6；文本字段 base64）',
        tags,
        querystring: ywlxQuery,
        response: envelope({ type: 'object', properties: Object.fromEntries(guideFields.map((f) => [f, { type: 'string' }])) }),
      },
    },
    async (request) => {
      const business = requireBusiness(request.query.ywlx);
      const guide = guideOf(business, await readParameters(db));
      const encoded = Object.fromEntries(Object.entries(guide).map(([k, v]) => [k, base64(v)]));
      return ok({ ywlx: business.ywlx, ywmc: business.ywmc, ...encoded });
    },
  );

  app.get<{ Querystring: { ywlx: string; answers?: string } }>(
    `${ZHFW_PREFIX}/ywblxz/materials`,
    {
      ...pre,
      schema: {
        summary: '申请材料：按申请人的填写内容（answers，JSON 对象）列出所需材料',
        tags,
        querystring: {
          type: 'object',
          required: ['ywlx'],
          properties: {
            ywlx: SCHEMA_PARTS.ywlx,
            answers: { type: 'string', maxLength: 8000, description: '填写内容', 'x-msg': WIZARD_MESSAGES.answers },
          },
        },
        response: envelope(listOf(object({ wjlxId: STRING, wjmc: STRING, jdbh: STRING, mlbh: STRING, zstj: STRING, required: BOOLEAN }))),
      },
    },
    async (request) => {
      const business = requireBusiness(request.query.ywlx);
      let answers: unknown = {};
      if (request.query.answers) {
        try {
          answers = JSON.parse(request.query.answers);
        } catch {
          throw new ApiError(400, WIZARD_MESSAGES.answers);
        }
      }
      if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) throw new ApiError(400, WIZARD_MESSAGES.answers);
      return ok(guideMaterialsFor(business, answers as Record<string, unknown>));
    },
  );
}
