import type { FastifyInstance } from 'fastify';
import { fileAnswer } from '../http/openapi';
import { defaultQueryPeriod } from '@gjj-hall/sdk/format';
import type { Db, Queryable } from '../db/db';
import { centreDate, centreDateTime } from '../clock';
import { ApiError, ok } from '../http/envelope';
import { ZHFW_PREFIX } from '../routes/shell';
import { twoCheckGuard } from '../routes/two-check-calls';
import { fenToYuan, listJournal, type JournalCursor, type JournalRow } from '../records';
import { GRZHZT_SCHEMA } from '../records/schemas';
import { attachment, EXPORT_TYPES, exportStream, type ExportColumn } from '../table/export';
import { okAnswer } from '../http/answers';

// 个人明细查询 (issue 24, docs/api-personal.md): the journal of one of the login's own personal accounts over a date
// range, one page by keyset through journal_entry_account, its summary, and the whole range as xlsx or CSV.

const tags = ['个人业务'] as const;

/** Rows read per query while exporting (one index range scan each, keyset on (value_date, id)). */
export const DETAIL_EXPORT_PAGE = 200;
/** The page sizes the list takes (spec 9: 10, 20, 30, 50). */
export const DETAIL_PAGE_SIZES = [10, 20, 30, 50] as const;

export const DETAIL_MESSAGES = {
  notYours: '您无权查看该账户的明细',
  badDate: (what: string) => `${what}不是有效的日期，请按“年-月-日”选择`,
  order: '开始日期不能晚于结束日期',
  badCursor: '翻页位置无效，请重新查询',
} as const;

/** One of the login's own personal accounts, as the account chooser shows it. */
export interface DetailAccount {
  grzh: string;
  xingming: string;
  grzhzt: string;
  /** 单位缴存 or 灵活就业缴存. */
  zhlx: string;
  dwmc: string;
  current: boolean;
}

/** The personal accounts of the session's login (every account of the login, not only the current one). */
export async function accountsOfLogin(q: Queryable, userId: string, accountId: string): Promise<DetailAccount[]> {
  const rows = await q.query<{ grzh: string; xingming: string; grzhzt: string; kind: string; dwmc: string; account_id: string }>(
    `select a.grzh, a.xingming, a.grzhzt, a.kind, coalesce(r.dwmc, p.dwmc, '') as dwmc, p.account_id::text as account_id
       from user_account u
       join person_info p on p.account_id = u.id
       join personal_account a on a.grzh = p.grzh and a.zjhm = p.zjhm
       left join unit_record r on r.dwzh = a.dwzh
      where u.user_id = $1
      order by a.grzh`,
    [userId],
  );
  return rows.map((r) => ({
    grzh: r.grzh,
    xingming: r.xingming,
    grzhzt: r.grzhzt,
    zhlx: r.kind === 'lhjy' ? '灵活就业缴存' : '单位缴存',
    dwmc: r.dwmc,
    current: r.account_id === String(accountId),
  }));
}

/**
 * The account if it is one of the login's, else 403 with a message that says nothing of whether it exists (the
 * same answer for another person's account, a closed one or a number that was never issued).
 */
async function ownAccount(q: Queryable, userId: string, accountId: string, grzh: string): Promise<DetailAccount> {
  const mine = (await accountsOfLogin(q, userId, accountId)).find((a) => a.grzh === grzh);
  if (!mine) throw new ApiError(403, DETAIL_MESSAGES.notYours);
  return mine;
}

/** A real calendar date (2026-02-30 is not one): the schema checks the shape, this the calendar. */
function realDate(value: string, what: string): string {
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) throw new ApiError(400, DETAIL_MESSAGES.badDate(what));
  return value;
}

/**
 * The default query period of spec 3.5: the configured `default_time` (sdk `defaultQueryPeriod`: `3m`, `30d`, `1y`…;
 * three months when unset) back from today **in the centre's time zone**, so a browser with a wrong clock or zone
 * still starts on the centre's day.
 */
export async function defaultPeriod(q: Queryable, at: Date): Promise<{ startTime: string; endTime: string; defaultTime: string }> {
  const [row] = await q.query<{ value: string }>("select value from sys_config where key = 'default_time' and enable = 1");
  const [y, m, d] = centreDate(at).split('-').map(Number) as [number, number, number];
  // Local noon of the centre's day: dayjs formats in the process's zone, and noon is that day in any zone.
  return { ...defaultQueryPeriod(row?.value, new Date(y, m - 1, d, 12)), defaultTime: row?.value ?? '' };
}

/** The range of a query: both real dates, the start not after the end. */
export function parseRange(startTime: string, endTime: string): { from: string; to: string } {
  const from = realDate(startTime, '开始日期');
  const to = realDate(endTime, '结束日期');
  if (from > to) throw new ApiError(400, DETAIL_MESSAGES.order);
  return { from, to };
}

/** A cursor as the hall passes it back: `YYYY-MM-DD_id` of the last row shown. */
export function parseCursor(after: string | undefined): JournalCursor | undefined {
  if (!after) return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})_(\d{1,18})$/.exec(after);
  if (!m) throw new ApiError(400, DETAIL_MESSAGES.badCursor);
  try {
    realDate(m[1]!, '翻页位置');
  } catch {
    throw new ApiError(400, DETAIL_MESSAGES.badCursor);
  }
  return { valueDate: m[1]!, id: m[2]! };
}
const cursorText = (c: JournalCursor | undefined) => (c ? `${c.valueDate}_${c.id}` : null);

/** The summary of a range: count, money in, money out, and the balances before and after it. */
export interface DetailSummary {
  count: number;
  incomeFen: bigint;
  /** Negative (or zero): the sum of the movements out. */
  outgoFen: bigint;
  openingFen: bigint;
  closingFen: bigint;
}

/**
 * The range's summary in one statement, through the journal's index: the sums over the range's rows, the balance
 * after the newest row before the range (opening) and after the newest row in it (closing). No history is summed:
 * each row carries its balance (docs/api-records.md).
 */
export async function detailSummary(q: Queryable, grzh: string, from: string, to: string): Promise<DetailSummary> {
  const [row] = await q.query<{ n: number; income: string; outgo: string; opening: string | null; closing: string | null }>(
    `select count(*)::int as n,
            coalesce(sum(amount_fen) filter (where amount_fen > 0), 0)::text as income,
            coalesce(sum(amount_fen) filter (where amount_fen < 0), 0)::text as outgo,
            (select balance_after_fen::text from journal_entry
              where account_no = $1 and value_date < $2::date order by value_date desc, id desc limit 1) as opening,
            (select balance_after_fen::text from journal_entry
              where account_no = $1 and value_date <= $3::date order by value_date desc, id desc limit 1) as closing
       from journal_entry
      where account_no = $1 and value_date >= $2::date and value_date <= $3::date`,
    [grzh, from, to],
  );
  return {
    count: Number(row?.n ?? 0),
    incomeFen: BigInt(row?.income ?? 0),
    outgoFen: BigInt(row?.outgo ?? 0),
    openingFen: BigInt(row?.opening ?? 0),
    closingFen: BigInt(row?.closing ?? 0),
  };
}

/** 摘要: the entry's note, with the month a remittance is for. */
function summaryText(r: JournalRow): string {
  const base = r.note || r.kindName;
  return r.period && /^\d{6}$/.test(r.period) ? `${base}（${r.period.slice(0, 4)}年${r.period.slice(4)}月）` : base;
}

/** One row of the detail as the hall gets it: yuan as text, signed (收入 positive, 支出 negative). */
export interface DetailRow {
  id: string;
  /** 记账日期, YYYY-MM-DD. */
  jzrq: string;
  ywlx: string;
  ywlxmc: string;
  /** Money in, yuan ('' for a movement out). */
  srje: string;
  /** Money out, yuan with its minus sign ('' for a movement in). */
  zcje: string;
  /** The balance after the movement, yuan. */
  ye: string;
  zy: string;
  ywbh: string;
}

export const toDetailRow = (r: JournalRow): DetailRow => ({
  id: r.id,
  jzrq: r.valueDate,
  ywlx: r.kind,
  ywlxmc: r.kindName,
  srje: r.amountFen > 0n ? fenToYuan(r.amountFen) : '',
  zcje: r.amountFen < 0n ? fenToYuan(r.amountFen) : '',
  ye: fenToYuan(r.balanceFen),
  zy: summaryText(r),
  ywbh: r.ywbh,
});

const summaryYuan = (s: DetailSummary) => ({
  count: s.count,
  income: fenToYuan(s.incomeFen),
  outgo: fenToYuan(s.outgoFen),
  opening: fenToYuan(s.openingFen),
  closing: fenToYuan(s.closingFen),
});

/** The columns of the export, as the page shows them (docs/api-personal.md). */
export const DETAIL_EXPORT_COLUMNS: ExportColumn<JournalRow>[] = [
  { header: '记账日期', width: 12, value: (r) => r.valueDate },
  { header: '业务类型', width: 12, value: (r) => r.kindName },
  { header: '摘要', width: 28, value: summaryText },
  { header: '收入（元）', width: 14, kind: 'money', signed: true, value: (r) => (r.amountFen > 0n ? Number(r.amountFen) : null) },
  { header: '支出（元）', width: 14, kind: 'money', signed: true, value: (r) => (r.amountFen < 0n ? Number(r.amountFen) : null) },
  { header: '余额（元）', width: 16, kind: 'money', value: (r) => Number(r.balanceFen) },
  { header: '业务流水号', width: 26, value: (r) => r.ywbh },
];

/** The summary rows under the export's rows, as the page's table foot: 期初余额, then 本期合计 with the closing balance. */
export function detailSummaryRows(s: DetailSummary): Array<Array<string | number | null>> {
  return [
    ['期初余额', null, null, null, null, Number(s.openingFen), null],
    [`本期合计（共 ${s.count} 笔）`, null, null, Number(s.incomeFen), Number(s.outgoFen), Number(s.closingFen), null],
  ];
}

const grzh = { type: 'string', pattern: '^[0-9]{6,20}$', description: '个人账号', 'x-msg': '个人账号应为 6 至 20 位数字', 'x-required-msg': '请选择个人账号' } as const;
const date = (name: string) =>
  ({ type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: name, 'x-msg': `${name}格式应为“年-月-日”，如 2026-01-31`, 'x-required-msg': `请选择${name}` }) as const;
const rangeQuery = { grzh, startTime: date('开始日期'), endTime: date('结束日期') } as const;
const envelope = (data: Record<string, unknown>) => okAnswer(data);
const money = { type: 'string' } as const;
// Every field is always answered (`required`): the contract types the hall reads (@gjj-hall/sdk/api) are exact.
const summarySchema = {
  type: ['object', 'null'],
  required: ['count', 'income', 'outgo', 'opening', 'closing'],
  properties: { count: { type: 'integer' }, income: money, outgo: money, opening: money, closing: money },
} as const;

/**
 * The calls of 个人明细查询 (docs/api-personal.md): the login's accounts, one page of an account's journal (keyset,
 * newest first) with the range's summary, and the export of the whole range. Every call that names an account answers
 * 403 for one that is not the login's.
 */
export function personalDetailRoutes(app: FastifyInstance, db: Db, now: () => Date): void {
  const base = `${ZHFW_PREFIX}/grmx`;
  // The page is enable 10: its calls check the second-check grant too (docs/two-check-calls.md).
  const granted = [app.requireVerified, twoCheckGuard(db, now)];

  app.get(
    `${base}/accounts`,
    {
      preHandler: app.requireVerified,
      schema: {
        summary: '本人可查询明细的个人账户（一个登录可有多个）及默认查询期间（default_time）',
        tags,
        response: envelope({
          type: 'object',
          required: ['period', 'list'],
          properties: {
            period: {
              type: 'object',
              required: ['startTime', 'endTime', 'defaultTime'],
              properties: { startTime: { type: 'string' }, endTime: { type: 'string' }, defaultTime: { type: 'string' } },
            },
            list: {
              type: 'array',
              items: {
                type: 'object',
                required: ['grzh', 'xingming', 'grzhzt', 'zhlx', 'dwmc', 'current'],
                properties: { grzh: { type: 'string' }, xingming: { type: 'string' }, grzhzt: GRZHZT_SCHEMA, zhlx: { type: 'string' }, dwmc: { type: 'string' }, current: { type: 'boolean' } },
              },
            },
          },
        }),
      },
    },
    async (request) => {
      const session = request.session!;
      if (session.loginType !== 1) throw new ApiError(403);
      const [list, period] = await Promise.all([accountsOfLogin(db, session.userId, session.accountId), defaultPeriod(db, now())]);
      return ok({ list, period });
    },
  );

  app.get<{ Querystring: { grzh: string; startTime: string; endTime: string; after?: string; pageSize?: number } }>(
    `${base}/list`,
    {
      preHandler: granted,
      schema: {
        summary: '个人明细：一页（新的在前，按位置翻页）及查询期间的合计（首页）',
        tags,
        querystring: {
          type: 'object',
          required: ['grzh', 'startTime', 'endTime'],
          properties: {
            ...rangeQuery,
            after: { type: 'string', maxLength: 40, description: '翻页位置（上一页最后一行）', 'x-msg': DETAIL_MESSAGES.badCursor },
            pageSize: { type: 'integer', enum: [...DETAIL_PAGE_SIZES], description: '每页条数', 'x-msg': '每页条数只能是 10、20、30 或 50' },
          },
        },
        response: envelope({
          type: 'object',
          required: ['list', 'next', 'summary'],
          properties: {
            list: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id', 'jzrq', 'ywlx', 'ywlxmc', 'srje', 'zcje', 'ye', 'zy', 'ywbh'],
                properties: {
                  id: { type: 'string' },
                  jzrq: { type: 'string' },
                  ywlx: { type: 'string' },
                  ywlxmc: { type: 'string' },
                  srje: money,
                  zcje: money,
                  ye: money,
                  zy: { type: 'string' },
                  ywbh: { type: 'string' },
                },
              },
            },
            next: { type: ['string', 'null'] },
            summary: summarySchema,
          },
        }),
      },
    },
    async (request) => {
      const session = request.session!;
      const q = request.query;
      const { from, to } = parseRange(q.startTime, q.endTime);
      const after = parseCursor(q.after);
      if (session.loginType !== 1) throw new ApiError(403, DETAIL_MESSAGES.notYours);
      await ownAccount(db, session.userId, session.accountId, q.grzh);
      const [page, summary] = await Promise.all([
        listJournal(db, q.grzh, { from, to, after, limit: q.pageSize ?? 10 }),
        // The summary is the range's, the same for every page: asked for with the first page only.
        after ? null : detailSummary(db, q.grzh, from, to),
      ]);
      return ok({ list: page.rows.map(toDetailRow), next: cursorText(page.next), summary: summary ? summaryYuan(summary) : null });
    },
  );

  app.get<{ Querystring: { grzh: string; startTime: string; endTime: string; format: 'xlsx' | 'csv' } }>(
    `${base}/export`,
    {
      preHandler: granted,
      schema: {
        summary: '导出个人明细（xlsx 或 CSV，查询期间的全部记录及合计）',
        response: { 200: fileAnswer('导出的文件（xlsx 或 CSV，附件）', ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'], { download: true }) },
        tags,
        querystring: {
          type: 'object',
          required: ['grzh', 'startTime', 'endTime', 'format'],
          properties: {
            ...rangeQuery,
            format: { type: 'string', enum: ['xlsx', 'csv'], description: '导出格式', 'x-msg': '导出格式只能是 xlsx 或 csv', 'x-required-msg': '请选择导出格式' },
          },
        },
      },
    },
    async (request, reply) => {
      const session = request.session!;
      const { format, grzh: accountNo } = request.query;
      const { from, to } = parseRange(request.query.startTime, request.query.endTime);
      if (session.loginType !== 1) throw new ApiError(403, DETAIL_MESSAGES.notYours);
      const account = await ownAccount(db, session.userId, session.accountId, accountNo);
      const [summary, [config]] = await Promise.all([
        detailSummary(db, accountNo, from, to),
        db.query<{ value: string }>("select value from sys_config where key = 'XT_ZXQC' and enable = 1"),
      ]);
      async function* pages() {
        let after: JournalCursor | undefined;
        for (;;) {
          const page = await listJournal(db, accountNo, { from, to, after, limit: DETAIL_EXPORT_PAGE });
          if (page.rows.length > 0) yield page.rows;
          if (!page.next) return;
          after = page.next;
        }
      }
      const stamp = centreDateTime(now());
      const stream = exportStream({
        format,
        title: '个人明细',
        subtitle: [
          config?.value ?? '',
          `账户：${account.xingming}（${account.grzh}，${account.zhlx}）`,
          `查询期间：${from} 至 ${to}`,
          `导出时间：${stamp}`,
        ].filter(Boolean),
        columns: DETAIL_EXPORT_COLUMNS,
        pages: pages(),
        summary: detailSummaryRows(summary),
      });
      return reply
        .header('content-type', EXPORT_TYPES[format])
        .header('content-disposition', attachment(`个人明细_${accountNo}_${centreDate(now()).replace(/-/g, '')}.${format}`))
        .send(stream);
    },
  );
}
