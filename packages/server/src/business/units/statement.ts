import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../../db/db';
import { centreDateTime, centreYear } from '../../clock';
import { ApiError, ok } from '../../http/envelope';
import { fenToYuan } from '../../records';
import { ZHFW_PREFIX } from '../../routes/shell';
import { unitOf } from './common';
import { mayDo } from './buttons';
import { okAnswer } from '../../http/answers';

/**
 * 单位结息对账单 (/dwwt/cxyw/dwlxd_cx, spec 4.3; docs/api-unit-business.md › 结息对账单): the interest each employee
 * of the unit got at the year's settlement (30 June of 年度 `nd`), exactly as the settlement posted it (the journal's
 * 结息 entries `JX{nd}{grzh}`, kind 09), and the total. The clerk confirms it (unit_statement_confirm); until the
 * current year's is confirmed the STATEMENT_UNCONFIRMED restriction stops the unit's other business and the sign-in
 * prompt sends the clerk here.
 */

export interface StatementLine {
  grzh: string;
  xingming: string;
  lxFen: bigint;
}

/** The total and count of the unit's 结息 entries of `nd`, in one query through personal_account_unit and (ywbh, line). */
export async function statementTotal(q: Queryable, dwzh: string, nd: number): Promise<{ persons: number; totalFen: bigint }> {
  const [row] = await q.query<{ n: string; total: string }>(
    `select count(j.id)::text as n, coalesce(sum(j.amount_fen), 0)::text as total
       from personal_account p join journal_entry j on j.ywbh = 'JX' || $2::text || p.grzh and j.line = 1 and j.kind = '09'
      where p.dwzh = $1 and p.kind = 'gr'`,
    [dwzh, String(nd)],
  );
  return { persons: Number(row!.n), totalFen: BigInt(row!.total) };
}

/** One page of the statement's lines in account order (keyset on grzh). */
export async function statementLines(q: Queryable, dwzh: string, nd: number, after = '', limit = 50): Promise<{ rows: StatementLine[]; next?: string }> {
  const rows = await q.query<{ grzh: string; xingming: string; lx: string }>(
    `select p.grzh, p.xingming, j.amount_fen::text as lx
       from personal_account p join journal_entry j on j.ywbh = 'JX' || $2::text || p.grzh and j.line = 1 and j.kind = '09'
      where p.dwzh = $1 and p.kind = 'gr' and p.grzh > $3
      order by p.grzh limit $4`,
    [dwzh, String(nd), after, limit + 1],
  );
  const page = rows.slice(0, limit).map((r) => ({ grzh: r.grzh, xingming: r.xingming, lxFen: BigInt(r.lx) }));
  return rows.length > limit ? { rows: page, next: page[page.length - 1]!.grzh } : { rows: page };
}

const envelope = (data: Record<string, unknown>) => okAnswer(data);
const tags = ['单位业务'];
const ND = { type: 'integer', minimum: 2000, maximum: 2100, description: '结息年度（该年 6 月 30 日结息）' } as const;

async function sessionUnit(db: Db, session: { accountId: string; loginType: number }) {
  if (session.loginType !== 2) throw new ApiError(403);
  const unit = await unitOf(db, session);
  if (!unit) throw new ApiError(403);
  return unit;
}

/** `GET dwlxd/cx` (the statement, one page) and `POST dwlxd/qr` (the clerk confirms it). */
export function statementRoutes(app: FastifyInstance, db: Db, now: () => Date): void {
  app.get<{ Querystring: { nd?: number; after?: string; limit?: number } }>(
    `${ZHFW_PREFIX}/dwlxd/cx`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '单位结息对账单：本单位职工该年度的结息金额（与结息入账一致）、合计和确认状态，一页明细',
        tags,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { nd: ND, after: { type: 'string', pattern: '^\\d{12}$' }, limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 } },
        },
        response: envelope({
          type: 'object',
          required: ['nd', 'jxrq', 'dwzh', 'dwmc', 'rs', 'lxhj', 'confirmed', 'qrsj', 'rows', 'next'],
          properties: {
            nd: { type: 'integer' },
            jxrq: { type: 'string', description: '结息日' },
            dwzh: { type: 'string' },
            dwmc: { type: 'string' },
            rs: { type: 'integer' },
            lxhj: { type: 'string', description: '利息合计（元）' },
            confirmed: { type: 'boolean' },
            qrsj: { type: ['string', 'null'], description: '确认时间' },
            rows: { type: 'array', items: { type: 'object', required: ['grzh', 'xingming', 'lx'], properties: { grzh: { type: 'string' }, xingming: { type: 'string' }, lx: { type: 'string' } } } },
            next: { type: ['string', 'null'] },
          },
        }),
      },
    },
    async (request) => {
      const unit = await sessionUnit(db, request.session!);
      const nd = request.query.nd ?? centreYear(now());
      const total = await statementTotal(db, unit.dwzh, nd);
      const page = await statementLines(db, unit.dwzh, nd, request.query.after ?? '', request.query.limit ?? 50);
      const [confirm] = await db.query<{ at: Date }>('select confirmed_at as at from unit_statement_confirm where account_id = $1 and year = $2', [request.session!.accountId, nd]);
      return ok({
        nd,
        jxrq: `${nd}-06-30`,
        dwzh: unit.dwzh,
        dwmc: unit.dwmc,
        rs: total.persons,
        lxhj: fenToYuan(total.totalFen),
        confirmed: Boolean(confirm),
        qrsj: confirm ? centreDateTime(new Date(confirm.at)) : null,
        rows: page.rows.map((r) => ({ grzh: r.grzh, xingming: r.xingming, lx: fenToYuan(r.lxFen) })),
        next: page.next ?? null,
      });
    },
  );

  app.post<{ Body: { nd: number } }>(
    `${ZHFW_PREFIX}/dwlxd/qr`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '确认单位结息对账单（确认本年度的之后，单位业务不再受“利息单未确认”限制，登录提示不再出现）',
        tags,
        body: { type: 'object', additionalProperties: false, required: ['nd'], properties: { nd: ND } },
        response: envelope({ type: 'object', required: ['nd', 'confirmed', 'qrsj'], properties: { nd: { type: 'integer' }, confirmed: { type: 'boolean' }, qrsj: { type: 'string' } } }),
      },
    },
    async (request) => {
      await sessionUnit(db, request.session!);
      if (!(await mayDo(db, request.session!.accountId, 'STATEMENT_CONFIRM'))) throw new ApiError(403);
      const nd = request.body.nd;
      const at = now();
      if (nd > centreYear(at) || at.getTime() < Date.parse(`${nd}-06-30T16:00:00Z`) - 24 * 3600 * 1000) {
        throw new ApiError(400, `${nd} 年度尚未结息，不能确认`);
      }
      await db.query(
        `insert into unit_statement_confirm (account_id, year, confirmed_at) values ($1, $2, $3) on conflict (account_id, year) do nothing`,
        [request.session!.accountId, nd, at],
      );
      const [row] = await db.query<{ at: Date }>('select confirmed_at as at from unit_statement_confirm where account_id = $1 and year = $2', [request.session!.accountId, nd]);
      return ok({ nd, confirmed: true, qrsj: centreDateTime(new Date(row!.at)) }, '利息单已确认');
    },
  );
}
