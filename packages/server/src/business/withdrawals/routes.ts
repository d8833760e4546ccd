import type { FastifyInstance } from 'fastify';
import { maskBankCard, maskName } from '@gjj-hall/sdk/format';
import type { Db } from '../../db/db';
import { ApiError, ok } from '../../http/envelope';
import { fileAnswer } from '../../http/openapi';
import { applicantOf } from '../../applications/applicant';
import { eventsOf, notYours } from '../../applications/model';
import { STATUS, type Status } from '../../applications/status';
import { contentDisposition } from '../../archive/routes';
import { createRateLimiter, limitByAddress } from '../../auth/rate-limit';
import { groupCode, normaliseCode } from '../../certificate/facts';
import { centreDateTime } from '../../clock';
import { attachment, EXPORT_TYPES, exportStream, type ExportColumn } from '../../table/export';
import { fenToYuan, WITHDRAWAL_REASONS, type WithdrawalReason } from '../../records';
import { ZHFW_PREFIX } from '../../routes/shell';
import { businessOf } from '../registry';
import { RECEIPT_VERIFY_ROUTE, renderReceipt, type ReceiptFacts } from './receipt';
import { withdrawalOf, WITHDRAWALS } from '.';

/**
 * The one rule the lists and the home's counts share (spec 3.1 tqsl): a withdrawal is 在办 (提取进度) while its
 * application is 已提交, 已受理 or 已退回 (to be corrected), and history (提取历史) once 已办结.
 */
export const WITHDRAWAL_LISTS = { progress: ['01', '02', '04'], history: ['03'] } as const satisfies Record<string, readonly Status[]>;

/** Public checks of a receipt a minute per client address. */
export const RECEIPT_VERIFY_PER_MINUTE = 10;

const PAGE = {
  type: 'object',
  properties: {
    pageNum: { type: 'integer', minimum: 1, maximum: 10_000, default: 1, 'x-msg': '页码应为正整数' },
    pageSize: { type: 'integer', minimum: 1, maximum: 50, default: 10, 'x-msg': '每页条数应为 1 至 50' },
  },
} as const;
const str = { type: 'string' } as const;
const listRow = {
  type: 'object',
  required: ['ywbh', 'ywlx', 'ywmc', 'zt', 'ztmc'],
  properties: {
    ywbh: str, ywlx: str, ywmc: str, zt: str, ztmc: str, submittedAt: { type: ['string', 'null'] }, promisedDate: { type: ['string', 'null'] },
    tqyymc: str, tqje: { type: ['string', 'null'], description: '提取金额（元；在办为占用金额，历史为实付金额）' },
    paidOn: { type: ['string', 'null'] }, skyhmc: str, skzh: { type: 'string', description: '收款账号（前 4 后 4 位）' },
    canWithdraw: { type: 'boolean' }, hasReceipt: { type: 'boolean' }, hdyzm: { type: 'string', description: '提取回单的验证码（本人的已办结提取；未办结为空）' },
    events: { type: 'array', items: { type: 'object', properties: { at: str, zt: str, ztmc: str, actor: str, actorName: str, note: str, reasons: { type: 'array', items: str } } } },
  },
} as const;

const envelope = (data: Record<string, unknown>) => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: { code: { type: 'integer' }, msg: { type: 'string' }, data },
});

/**
 * The withdrawal calls besides the spine's (docs/api-withdrawals.md):
 * - `POST tq/ktqje`: the most this applicant may withdraw now for a kind, with the reasons, computed from the journal
 *   and the kind's rules (the answers typed so far may narrow it: a purchase's price and loan);
 * - `GET tq/banks`: the bank list the receiving card is chosen from (spec 7.3).
 * Only the session's own account is read: nothing names another's.
 */
export function withdrawalRoutes(app: FastifyInstance, db: Db, now: () => Date): void {
  app.post<{ Body: { ywlx: string; payload?: Record<string, unknown> } }>(
    `${ZHFW_PREFIX}/tq/ktqje`,
    {
      preHandler: app.requireVerified,
      schema: {
        summary: '本次最多可提取金额及其计算依据',
        tags: ['提取'],
        body: {
          type: 'object',
          required: ['ywlx'],
          additionalProperties: false,
          properties: {
            ywlx: { type: 'string', enum: WITHDRAWALS.map((b) => b.ywlx), description: '提取业务类型', 'x-msg': '不支持的提取业务类型', 'x-required-msg': '请选择提取业务类型' },
            payload: { type: 'object', description: '已填写的业务表单（购房的总价和贷款会影响可提取金额）' },
          },
        },
        response: {
          200: envelope({
            type: 'object',
            required: ['ywlx', 'ktqje', 'ye', 'xh', 'yy'],
            properties: {
              ywlx: { type: 'string' },
              ktqje: { type: 'string', description: '本次最多可提取金额（元）' },
              ye: { type: 'string', description: '账户余额（元）' },
              xh: { type: 'boolean', description: '销户提取（提取全部本息并注销账户）' },
              yy: { type: 'array', items: { type: 'string' }, description: '计算依据，每条一句' },
            },
          }),
        },
      },
    },
    async (request) => {
      const business = withdrawalOf(request.body.ywlx);
      if (!business) throw new ApiError(400, '不支持的提取业务类型');
      const applicant = await applicantOf(db, request.session!);
      const limit = await business.limitFor(db, applicant, (request.body.payload ?? {}) as never, now());
      return ok({
        ywlx: business.ywlx,
        ktqje: fenToYuan(limit.maxFen),
        ye: fenToYuan(limit.depositor?.balanceFen ?? 0n),
        xh: business.closing,
        yy: limit.reasons,
      });
    },
  );

  type ListRow = { id: string; ywbh: string; ywlx: string; zt: Status; submitted_at: Date | null; promised_date: string | null; tqyy: WithdrawalReason | null; amount_fen: string | null; paid_fen: string | null; paid_on: string | null; skyhmc: string | null; skzh: string | null; has_receipt: boolean; receipt_code: string | null };
  const LIST_SELECT = `select a.id::text as id, a.ywbh, a.ywlx, a.zt, a.submitted_at, to_char(a.promised_date, 'YYYY-MM-DD') as promised_date,
              w.tqyy, w.amount_fen::text as amount_fen, w.paid_fen::text as paid_fen, w.paid_on::text as paid_on, w.skyhmc, w.skzh,
              (w.receipt is not null) as has_receipt, w.receipt_code
         from application a left join withdrawal w on w.ywbh = a.ywbh`;
  /** One page of the session account's withdrawals in the statuses, newest first, through application_account_list. */
  const page = async (accountId: string, statuses: readonly Status[], pageNum: number, pageSize: number) => {
    const rows = await db.query<ListRow>(
      `${LIST_SELECT}
        where a.account_id = $1 and a.ywlx like 'TQ%' and a.zt = any($2::text[])
        order by a.id desc limit $3 offset $4`,
      [accountId, statuses, pageSize, (pageNum - 1) * pageSize],
    );
    const [count] = await db.query<{ n: string }>(
      `select count(*)::text as n from application where account_id = $1 and ywlx like 'TQ%' and zt = any($2::text[])`,
      [accountId, statuses],
    );
    return { rows, total: Number(count!.n) };
  };
  const toRow = (r: ListRow) => ({
    ywbh: r.ywbh,
    ywlx: r.ywlx,
    ywmc: businessOf(r.ywlx)?.ywmc ?? '',
    zt: r.zt,
    ztmc: STATUS[r.zt],
    submittedAt: r.submitted_at ? centreDateTime(new Date(r.submitted_at)) : null,
    promisedDate: r.promised_date,
    tqyymc: r.tqyy ? WITHDRAWAL_REASONS[r.tqyy] : '',
    tqje: r.paid_fen ? fenToYuan(r.paid_fen) : r.amount_fen ? fenToYuan(r.amount_fen) : null,
    paidOn: r.paid_on,
    skyhmc: r.skyhmc ?? '',
    skzh: r.skzh ? maskBankCard(r.skzh) : '',
    canWithdraw: r.zt === '01' || r.zt === '04',
    hasReceipt: r.has_receipt,
    hdyzm: r.receipt_code ? groupCode(r.receipt_code) : '',
  });
  const listResponse = envelope({
    type: 'object',
    required: ['total', 'list'],
    properties: { total: { type: 'integer' }, pageNum: { type: 'integer' }, pageSize: { type: 'integer' }, list: { type: 'array', items: listRow } },
  });

  app.get<{ Querystring: { pageNum: number; pageSize: number } }>(
    `${ZHFW_PREFIX}/tq/jd`,
    {
      preHandler: app.requireVerified,
      schema: { summary: '提取进度：在办的提取（已提交、已受理、已退回），每条带办理过程', tags: ['提取'], querystring: PAGE, response: { 200: listResponse } },
    },
    async (request) => {
      const applicant = await applicantOf(db, request.session!);
      const { pageNum, pageSize } = request.query;
      const { rows, total } = await page(applicant.accountId, WITHDRAWAL_LISTS.progress, pageNum, pageSize);
      const list = [];
      for (const r of rows) list.push({ ...toRow(r), events: await eventsOf(db, r.id) });
      return ok({ total, pageNum, pageSize, list });
    },
  );

  app.get<{ Querystring: { pageNum: number; pageSize: number } }>(
    `${ZHFW_PREFIX}/tq/ls`,
    {
      preHandler: app.requireVerified,
      schema: { summary: '提取历史：已办结的提取，实付金额、记账日期、收款银行和账号（脱敏）', tags: ['提取'], querystring: PAGE, response: { 200: listResponse } },
    },
    async (request) => {
      const applicant = await applicantOf(db, request.session!);
      const { pageNum, pageSize } = request.query;
      const { rows, total } = await page(applicant.accountId, WITHDRAWAL_LISTS.history, pageNum, pageSize);
      return ok({ total, pageNum, pageSize, list: rows.map(toRow) });
    },
  );

  // 导出 of the two lists: the same rows and masking as the pages (toRow), every row of the session's own account,
  // read page by page through application_account_list (keyset on id, newest first), streamed as xlsx or CSV.
  type Row = ReturnType<typeof toRow> & { tqjeFen: string | null };
  const EXPORT_PAGE = 200;
  const exportColumns = (history: boolean): ExportColumn<Row>[] => [
    { header: '业务编号', width: 26, value: (r) => r.ywbh },
    { header: '提取业务', width: 20, value: (r) => r.ywmc },
    { header: '提取原因', width: 12, value: (r) => r.tqyymc },
    { header: '状态', width: 8, value: (r) => r.ztmc },
    { header: '提交时间', width: 20, value: (r) => r.submittedAt ?? '' },
    history
      ? { header: '记账日期', width: 12, value: (r) => r.paidOn ?? '' }
      : { header: '承诺办结日期', width: 14, value: (r) => r.promisedDate ?? '' },
    { header: history ? '提取金额（元）' : '占用金额（元）', width: 16, kind: 'money', value: (r) => (r.tqjeFen === null ? null : Number(r.tqjeFen)) },
    { header: '收款银行', width: 20, value: (r) => r.skyhmc },
    { header: '收款账号', width: 22, value: (r) => r.skzh },
  ];
  const exportQuery = {
    type: 'object',
    required: ['format'],
    properties: {
      format: { type: 'string', enum: ['xlsx', 'csv'], description: '导出格式', 'x-msg': '导出格式只能是 xlsx 或 csv', 'x-required-msg': '请选择导出格式' },
    },
  } as const;
  for (const [path, title, statuses, history] of [
    ['tq/jd/export', '提取进度', WITHDRAWAL_LISTS.progress, false],
    ['tq/ls/export', '提取历史', WITHDRAWAL_LISTS.history, true],
  ] as const) {
    app.get<{ Querystring: { format: 'xlsx' | 'csv' } }>(
      `${ZHFW_PREFIX}/${path}`,
      {
        preHandler: app.requireVerified,
        schema: {
          summary: `导出${title}（xlsx 或 CSV，本人全部${history ? '已办结' : '在办'}的提取，与列表同样的行和脱敏，按页分段读取）`,
          tags: ['提取'],
          querystring: exportQuery,
          response: { 200: fileAnswer(`导出的${title}（xlsx 或 CSV，附件）`, [EXPORT_TYPES.xlsx, 'text/csv'], { download: true }) },
        },
      },
      async (request, reply) => {
        const applicant = await applicantOf(db, request.session!);
        const { format } = request.query;
        async function* pages() {
          let before: string | null = null;
          for (;;) {
            const rows: ListRow[] = await db.query<ListRow>(
              `${LIST_SELECT}
                where a.account_id = $1 and a.ywlx like 'TQ%' and a.zt = any($2::text[]) and ($3::bigint is null or a.id < $3::bigint)
                order by a.id desc limit $4`,
              [applicant.accountId, statuses, before, EXPORT_PAGE],
            );
            if (rows.length > 0) yield rows.map((r) => ({ ...toRow(r), tqjeFen: r.paid_fen ?? r.amount_fen }));
            if (rows.length < EXPORT_PAGE) return;
            before = rows.at(-1)!.id;
          }
        }
        const stamp = centreDateTime(now());
        const stream = exportStream({
          format,
          title,
          subtitle: [`姓名：${maskName(applicant.name)}\u3000个人账号：${applicant.zh}`, `导出时间：${stamp}`],
          columns: exportColumns(history),
          pages: pages(),
        });
        return reply
          .header('content-type', EXPORT_TYPES[format])
          .header('content-disposition', attachment(`${title}_${stamp.slice(0, 10).replace(/-/g, '')}.${format}`))
          .send(stream);
      },
    );
  }

  app.get(
    `${ZHFW_PREFIX}/tq/sl`,
    {
      preHandler: app.requireVerified,
      schema: {
        summary: '首页提取数量（tqsl）：在办和已办结的提取笔数，与提取进度、提取历史同一规则',
        tags: ['提取'],
        response: { 200: envelope({ type: 'object', required: ['jxz', 'ybj'], properties: { jxz: { type: 'integer', description: '在办' }, ybj: { type: 'integer', description: '已办结' } } }) },
      },
    },
    async (request) => {
      const applicant = await applicantOf(db, request.session!);
      const [row] = await db.query<{ jxz: string; ybj: string }>(
        `select count(*) filter (where zt = any($2::text[]))::text as jxz, count(*) filter (where zt = any($3::text[]))::text as ybj
           from application where account_id = $1 and ywlx like 'TQ%'`,
        [applicant.accountId, WITHDRAWAL_LISTS.progress, WITHDRAWAL_LISTS.history],
      );
      return ok({ jxz: Number(row!.jxz), ybj: Number(row!.ybj) });
    },
  );

  app.get<{ Querystring: { ywbh: string } }>(
    `${ZHFW_PREFIX}/tq/hd`,
    {
      preHandler: app.requireVerified,
      schema: {
        summary: '下载提取回单 PDF（办结时冻结的内容；他人的业务 403）',
        tags: ['提取'],
        querystring: { type: 'object', required: ['ywbh'], properties: { ywbh: { type: 'string', pattern: '^TQ[0-9]{4,30}$', 'x-msg': '业务编号不正确', 'x-required-msg': '缺少业务编号' } } },
        response: { 200: fileAnswer('提取回单 PDF（附件）', ['application/pdf'], { download: true }) },
      },
    },
    async (request, reply) => {
      const applicant = await applicantOf(db, request.session!);
      const [row] = await db.query<{ account_id: string; receipt: ReceiptFacts | null; receipt_code: string | null }>(
        `select a.account_id::text as account_id, w.receipt, w.receipt_code from application a join withdrawal w on w.ywbh = a.ywbh where a.ywbh = $1`,
        [request.query.ywbh],
      );
      if (!row || row.account_id !== applicant.accountId) throw notYours();
      if (!row.receipt || !row.receipt_code) throw new ApiError(409, '该提取尚未办结，办结后才能打印提取回单');
      const pdf = await renderReceipt(row.receipt, row.receipt_code, `${app.publicUrl()}/home.html#${RECEIPT_VERIFY_ROUTE}?code=${row.receipt_code}`);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(`提取回单_${request.query.ywbh}.pdf`))
        .send(Buffer.from(pdf));
    },
  );

  // Public: whoever holds the code. A few tries a minute per client address; a wrong code and an unknown one get the
  // same answer.
  const limitVerify = limitByAddress(createRateLimiter(db, 'tqhd-verify', RECEIPT_VERIFY_PER_MINUTE, 60_000), now);
  app.get<{ Querystring: { code: string } }>(
    `${ZHFW_PREFIX}/tq/hdVerify`,
    {
      onRequest: limitVerify,
      schema: {
        summary: `核验提取回单（无需登录；按客户端地址每分钟 ${RECEIPT_VERIFY_PER_MINUTE} 次；错误与不存在的验证码答同一句话）`,
        tags: ['提取'],
        querystring: {
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'string', maxLength: 40, description: '验证码', 'x-msg': '验证码不存在，请核对后重新输入', 'x-required-msg': '请输入验证码' } },
        },
        response: {
          200: envelope({
            type: 'object',
            required: ['valid', 'message'],
            properties: {
              valid: { type: 'boolean' },
              message: str,
              receipt: {
                type: ['object', 'null'],
                properties: { hdbh: str, ywmc: str, tqyymc: str, xingming: str, zjhm: str, tqje: str, paidOn: str, skyhmc: str, skzh: str, completedAt: str },
              },
            },
          }),
        },
      },
    },
    async (request) => {
      const code = normaliseCode(request.query.code);
      const [row] = code ? await db.query<{ receipt: ReceiptFacts }>('select receipt from withdrawal where receipt_code = $1', [code]) : [];
      if (!row) return ok({ valid: false, message: '验证码不存在，请核对后重新输入', receipt: null });
      const f = row.receipt;
      return ok({
        valid: true,
        message: '该提取回单真实有效',
        receipt: {
          hdbh: f.hdbh,
          ywmc: f.ywmc,
          tqyymc: f.tqyymc,
          xingming: maskName(f.xingming),
          zjhm: f.zjhmMasked,
          tqje: fenToYuan(f.amountFen),
          paidOn: f.paidOn,
          skyhmc: f.skyhmc,
          skzh: f.skzhMasked,
          completedAt: f.completedAt,
        },
      });
    },
  );

  app.get(
    `${ZHFW_PREFIX}/tq/banks`,
    {
      preHandler: app.requireVerified,
      schema: {
        summary: '收款银行列表',
        tags: ['提取'],
        response: {
          200: envelope({
            type: 'array',
            items: { type: 'object', required: ['code', 'name'], properties: { code: { type: 'string' }, name: { type: 'string' } } },
          }),
        },
      },
    },
    async () => ok(await db.query<{ code: string; name: string }>('select code, name from bank order by sort, code')),
  );
}
