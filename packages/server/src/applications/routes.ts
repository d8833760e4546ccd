import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import { ok } from '../http/envelope';
import { BOOLEAN, INTEGER, listOf, NULLABLE_STRING, object, okAnswer, STRING } from '../http/answers';
import { centreDateTime, centreYear } from '../clock';
import { ZHFW_PREFIX } from '../routes/shell';
import { BUSINESS_CODES, businessOf } from '../business/registry';
import { applicantOf } from './applicant';
import { checkRestrictions } from './restrictions';
import { eventsOf, ownApplication, requireBusiness, type ApplicationRow, type Applications } from './model';
import { STATUS } from './status';
import { YWBH_PATTERN } from './ywbh';
import { deleteDraftOf } from './draftbox';
import { requireTwoCheckForBusiness } from '../routes/two-check-calls';

const tags = ['办件'] as const;

/** Schema words shared by the hall's and the centre's calls. */
export const SCHEMA_PARTS = {
  ywlx: { type: 'string', enum: [...BUSINESS_CODES], description: '业务类型', 'x-msg': '不支持的业务类型', 'x-required-msg': '缺少业务类型' },
  ywbh: { type: 'string', pattern: YWBH_PATTERN, description: '业务编号', 'x-msg': '业务编号格式不正确', 'x-required-msg': '缺少业务编号' },
  payload: {
    type: 'object',
    description: '业务表单',
    maxProperties: 200,
    'x-msg': '业务表单应为对象',
    'x-required-msg': '缺少业务表单',
  },
} as const;

const envelope = (data: Record<string, unknown>) => okAnswer(data);

/** 业务状态 (zt, spec 3.x): 00 草稿 … 06. */
const ZT = { type: 'string', enum: ['00', '01', '02', '03', '04', '05', '06'], description: '业务状态' } as const;
/** A list row (`summary`). */
const SUMMARY = {
  ywbh: STRING,
  ywlx: STRING,
  ywmc: STRING,
  zt: ZT,
  ztmc: STRING,
  submittedAt: NULLABLE_STRING,
  promisedDate: NULLABLE_STRING,
  updatedAt: NULLABLE_STRING,
} as const;

const at = (value: Date | null): string | null => (value ? centreDateTime(new Date(value)) : null);

/** The list row of an application. */
function summary(row: ApplicationRow) {
  return {
    ywbh: row.ywbh,
    ywlx: row.ywlx,
    ywmc: businessOf(row.ywlx)?.ywmc ?? row.ywlx,
    zt: row.zt,
    ztmc: STATUS[row.zt],
    submittedAt: at(row.submitted_at),
    promisedDate: row.promised_date,
    updatedAt: at(row.updated_at),
  };
}

/** What submit, resubmit and withdraw answer. */
const outcome = (row: ApplicationRow) => ({ ywbh: row.ywbh, zt: row.zt, ztmc: STATUS[row.zt], promisedDate: row.promised_date });

/** The hall's calls of the applications spine (docs/api-applications.md), each for a signed-in, verified login. */
export function applicationRoutes(app: FastifyInstance, db: Db, applications: Applications, now: () => Date): void {
  const pre = { preHandler: app.requireVerified };
  const me = (request: FastifyRequest) => applicantOf(db, request.session!);

  app.get<{ Querystring: { ywlx: string } }>(
    `${ZHFW_PREFIX}/id/getYthptYwbh`,
    {
      ...pre,
      schema: {
        summary: '取业务编号（业务类型 + 日期 + 序号，预留给本账户）',
        tags,
        querystring: { type: 'object', required: ['ywlx'], properties: { ywlx: SCHEMA_PARTS.ywlx } },
        response: envelope({ type: 'string', description: '业务编号' }),
      },
    },
    async (request) => {
      await requireTwoCheckForBusiness(db, request, request.query.ywlx, now());
      return ok(await applications.reserve(await me(request), request.query.ywlx));
    },
  );

  app.get<{ Querystring: { ywlx: string } }>(
    `${ZHFW_PREFIX}/ywblxz/check`,
    {
      ...pre,
      schema: {
        summary: '业务办理限制（按业务类型和用户）：能否打开该业务的向导',
        tags,
        querystring: { type: 'object', required: ['ywlx'], properties: { ywlx: SCHEMA_PARTS.ywlx } },
        response: envelope(object({ pass: BOOLEAN, messages: listOf(object({ code: STRING, msg: STRING })) })),
      },
    },
    async (request) => {
      const messages = await checkRestrictions({ q: db, applicant: await me(request), business: requireBusiness(request.query.ywlx), now: now() });
      return ok({ pass: messages.length === 0, messages });
    },
  );

  const submitBody = {
    type: 'object',
    required: ['ywlx', 'payload'],
    additionalProperties: false,
    properties: { ywlx: SCHEMA_PARTS.ywlx, ywbh: SCHEMA_PARTS.ywbh, payload: SCHEMA_PARTS.payload },
  } as const;
  const outcomeSchema = envelope(object({ ywbh: STRING, zt: ZT, ztmc: STRING, promisedDate: NULLABLE_STRING }));

  app.post<{ Body: { ywlx: string; ywbh?: string; payload: Record<string, unknown> } }>(
    `${ZHFW_PREFIX}/ywsq/submit`,
    { ...pre, schema: { summary: '提交业务申请（表单按业务类型的 JSON Schema 校验，再查业务办理限制）', tags, body: submitBody, response: outcomeSchema } },
    async (request) => {
      await requireTwoCheckForBusiness(db, request, request.body.ywlx, now());
      const applicant = await me(request);
      const { ywlx, ywbh, payload } = request.body;
      const row = await applications.submit(applicant, applicant.name, ywlx, ywbh, payload);
      // The wizard's working copy has served its purpose (docs/api-wizard.md).
      await deleteDraftOf(db, applicant.userId, applicant.accountId, ywlx);
      return ok(outcome(row), '提交成功');
    },
  );

  app.post<{ Body: { ywlx: string; ywbh?: string; payload: Record<string, unknown> } }>(
    `${ZHFW_PREFIX}/ywsq/saveDraft`,
    { ...pre, schema: { summary: '保存草稿', tags, body: submitBody, response: outcomeSchema } },
    async (request) => {
      await requireTwoCheckForBusiness(db, request, request.body.ywlx, now());
      const applicant = await me(request);
      const { ywlx, ywbh, payload } = request.body;
      return ok(outcome(await applications.saveDraft(applicant, applicant.name, ywlx, ywbh, payload)), '草稿已保存');
    },
  );

  app.get<{ Querystring: { zt?: string; ywbh?: string; pageNum: number; pageSize: number } }>(
    `${ZHFW_PREFIX}/ywsq/list`,
    {
      ...pre,
      schema: {
        summary: '我的业务：本账户的办件，新建的在前',
        tags,
        querystring: {
          type: 'object',
          properties: {
            // Empty means no filter: the hall's query form sends its empty fields (zt=&ywbh=).
            zt: { type: 'string', pattern: '^$|^(0[0-6])(,0[0-6]){0,6}$', description: '状态', 'x-msg': '状态只能是 00 至 06，多个以逗号分隔' },
            ywbh: { ...SCHEMA_PARTS.ywbh, pattern: `^$|${YWBH_PATTERN}` },
            pageNum: { type: 'integer', minimum: 1, maximum: 100000, default: 1, description: '页码', 'x-msg': '页码应为大于 0 的整数' },
            pageSize: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: '每页条数', 'x-msg': '每页条数应为 1 至 50' },
          },
        },
        response: envelope(object({ list: listOf(object(SUMMARY)), total: INTEGER })),
      },
    },
    async (request) => {
      const { zt, ywbh, pageNum, pageSize } = request.query;
      const statuses = zt ? zt.split(',') : Object.keys(STATUS);
      const where = 'from application where account_id = $1 and zt = any($2) and ($3::text is null or ywbh = $3)';
      const params = [request.session!.accountId, statuses, ywbh || null];
      const [count] = await db.query<{ n: number }>(`select count(*)::int as n ${where}`, params);
      const rows = await db.query<ApplicationRow>(
        `select id::text as id, ywbh, ywlx, zt, submitted_at, to_char(promised_date, 'YYYY-MM-DD') as promised_date, updated_at
         ${where} order by application.id desc limit $4 offset $5`,
        [...params, pageSize, (pageNum - 1) * pageSize],
      );
      return ok({ list: rows.map(summary), total: count?.n ?? 0 });
    },
  );

  const ywbhQuery = { type: 'object', required: ['ywbh'], properties: { ywbh: SCHEMA_PARTS.ywbh } } as const;
  const ywbhBody = { type: 'object', required: ['ywbh'], additionalProperties: false, properties: { ywbh: SCHEMA_PARTS.ywbh } } as const;

  app.get<{ Querystring: { ywbh: string } }>(
    `${ZHFW_PREFIX}/ywsq/detail`,
    {
      ...pre,
      schema: {
        summary: '办件详情：表单、承诺办结日期和每次状态变化（他人的业务编号答 403）',
        tags,
        querystring: ywbhQuery,
        response: envelope(
          object({
            ...SUMMARY,
            payload: { type: 'object', additionalProperties: true, description: '业务表单' },
            timeLimitDays: INTEGER,
            events: listOf(object({ at: STRING, zt: ZT, ztmc: STRING, actor: STRING, actorName: STRING, note: STRING, reasons: listOf(STRING) })),
            canWithdraw: BOOLEAN,
            canResubmit: BOOLEAN,
            canDelete: BOOLEAN,
          }),
        ),
      },
    },
    async (request) => {
      const row = await ownApplication(db, request.query.ywbh, await me(request));
      return ok({
        ...summary(row),
        payload: row.payload,
        timeLimitDays: row.time_limit_days,
        events: await eventsOf(db, row.id),
        canWithdraw: row.zt === '01' || row.zt === '04',
        canResubmit: row.zt === '04',
        canDelete: row.zt === '00',
      });
    },
  );

  app.post<{ Body: { ywbh: string } }>(
    `${ZHFW_PREFIX}/ywsq/withdraw`,
    { ...pre, schema: { summary: '撤回（中心受理前）', tags, body: ywbhBody, response: outcomeSchema } },
    async (request) => {
      const applicant = await me(request);
      return ok(outcome(await applications.withdraw(applicant, applicant.name, request.body.ywbh)), '已撤回');
    },
  );

  app.post<{ Body: { ywbh: string; payload: Record<string, unknown> } }>(
    `${ZHFW_PREFIX}/ywsq/resubmit`,
    {
      ...pre,
      schema: {
        summary: '修改退回的业务并重新提交',
        tags,
        body: { type: 'object', required: ['ywbh', 'payload'], additionalProperties: false, properties: { ywbh: SCHEMA_PARTS.ywbh, payload: SCHEMA_PARTS.payload } },
        response: outcomeSchema,
      },
    },
    async (request) => {
      const applicant = await me(request);
      // The business of the login's own application (another's number is refused below, as before).
      const [own] = await db.query<{ ywlx: string }>('select ywlx from application where ywbh = $1 and user_id = $2', [request.body.ywbh, applicant.userId]);
      if (own) await requireTwoCheckForBusiness(db, request, own.ywlx, now());
      return ok(outcome(await applications.resubmit(applicant, applicant.name, request.body.ywbh, request.body.payload)), '提交成功');
    },
  );

  app.post<{ Body: { ywbh: string } }>(
    `${ZHFW_PREFIX}/ywsq/deleteDraft`,
    { ...pre, schema: { summary: '删除草稿', tags, body: ywbhBody, response: envelope({ type: 'null' }) } },
    async (request) => {
      await applications.deleteDraft(await me(request), request.body.ywbh);
      return ok(null, '草稿已删除');
    },
  );

  app.get(
    `${ZHFW_PREFIX}/todo/list`,
    {
      ...pre,
      schema: {
        summary: '待办：中心退回待修改的业务，单位未确认的本年度利息单',
        tags,
        response: envelope(
          listOf(
            object({
              id: STRING,
              ywlx: STRING,
              ywbh: STRING,
              title: STRING,
              kind: { type: 'string', enum: ['returned', 'statement'], description: 'returned 退回待修改，statement 利息单待确认' },
              createdAt: STRING,
            }),
          ),
        ),
      },
    },
    async (request) => {
      const session = request.session!;
      // At most 50 returned applications: the list is a reminder, "我的业务" pages through the rest.
      const returned = await db.query<{ ywbh: string; ywlx: string; at: Date }>(
        `select a.ywbh, a.ywlx, a.updated_at as at from application a
          where a.account_id = $1 and a.zt = '04' order by a.id desc limit 50`,
        [session.accountId],
      );
      const todos: Array<{ id: string; ywlx: string; ywbh: string; title: string; kind: 'returned' | 'statement'; createdAt: string }> = returned.map((r) => ({
        id: r.ywbh,
        ywlx: r.ywlx,
        ywbh: r.ywbh,
        title: `${businessOf(r.ywlx)?.ywmc ?? r.ywlx}已退回，请按退回原因修改后重新提交`,
        kind: 'returned',
        createdAt: centreDateTime(new Date(r.at)),
      }));
      if (session.loginType === 2) {
        const year = centreYear(now());
        const confirmed = await db.query('select 1 from unit_statement_confirm where account_id = $1 and year = $2', [session.accountId, year]);
        if (confirmed.length === 0) {
          todos.push({ id: `DWLXD-${year}`, ywlx: 'DWLXD', ywbh: '', title: `请确认${year}年度单位利息单`, kind: 'statement', createdAt: `${year}-01-01 00:00:00` });
        }
      }
      return ok(todos);
    },
  );
}

