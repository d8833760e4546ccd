import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maskBankCard } from '@gjj-hall/sdk/format';
import type { Db } from '../../db/db';
import { centreDate, centreDateTime } from '../../clock';
import { ApiError, ok } from '../../http/envelope';
import { fileAnswer } from '../../http/openapi';
import { attachment, EXPORT_TYPES, exportStream, type ExportColumn } from '../../table/export';
import { STATUS } from '../../applications/status';
import { getAccount } from '../../records/accounts';
import { fenToYuan, yuanToFen } from '../../records/money';
import { ZHFW_PREFIX } from '../../routes/shell';
import { holderOf } from '../personal/gj0314';
import { ruleMessage, type Applicant } from '../types';
import { firstFailing, GD0101_RULES, maximumFor, type Gd0101Payload } from './gd0101';
import { firstPaymentFen } from './maximum';
import type { PrepaymentResult } from '@gjj-hall/sdk/loan';
import { prepaymentOf } from './gd0602';
import { settlementRoutes } from './settlement';
import { getLoan, listLoansOf, listSchedule, loanFigures, type LoanRecord, type ScheduleLine } from './ledger';
import { GUARANTEE_TYPES, LOAN_STATUS_NAMES, readLoanParams, REPAYMENT_METHODS } from './params';

/** The catalogue's 403: another person's record, and nothing about it. */
export const FORBIDDEN = '当前操作没有权限，请联系管理员授权';

const tags = ['住房公积金贷款'] as const;
const money = { type: 'string', description: '金额（元，两位小数）' } as const;
const str = { type: 'string' } as const;
/** Every property of an answer's object is always there (null when it has no value): each object lists them as required. */
const full = (schema: unknown): unknown => {
  if (Array.isArray(schema) || schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, full(v)]));
  if (out.type === 'object' && out.properties && !out.required) out.required = Object.keys(out.properties);
  return out;
};
const envelope = (data: Record<string, unknown>) => ({ 200: full({ type: 'object', properties: { code: { type: 'integer' }, msg: { type: 'string' }, data } }) });

const scheduleItem = {
  type: 'object',
  properties: {
    qc: { type: 'integer', description: '期次' },
    hkrq: { ...str, description: '应还日期' },
    yhbj: money,
    yhlx: money,
    yhje: money,
    syje: money,
    yhbjje: money,
    yhlxje: money,
    zt: { type: 'string', enum: ['0', '1', '2'], description: '0 未还 1 已还 2 逾期' },
    ztmc: str,
  },
} as const;

const loanItem = {
  type: 'object',
  properties: {
    dkzh: str,
    jkhtbh: str,
    htje: money,
    dkye: money,
    dkqx: { type: 'integer' },
    syqs: { type: 'integer', description: '剩余期数' },
    dkll: { ...str, description: '年利率（%）' },
    hkfs: str,
    hkfsmc: str,
    dbfs: str,
    dbfsmc: str,
    ffrq: str,
    dkzt: { type: 'string', enum: ['1', '2', '3'] },
    dkztmc: str,
    fwdz: str,
    hkyh: str,
    hkzh: { ...str, description: '还款账号（前 4 后 4 位）' },
    xqhkrq: str,
    xqhkje: money,
    yqqs: { type: 'integer', description: '逾期期数' },
    yqje: money,
    jqrq: { type: ['string', 'null'] },
  },
} as const;

/**
 * The loan calls of the personal hall (docs/api-loans.md): the maximum explained before applying, the approved projects
 * to choose from, the borrower's loans, and a loan's plan by pages. A call that names a loan or an account answers 403
 * and nothing else when it is not the session person's.
 */
export function loanRoutes(app: FastifyInstance, db: Db, now: () => Date): void {
  const pre = { preHandler: app.requireVerified };
  const person = async (request: FastifyRequest) => {
    const session = request.session!;
    if (session.loginType !== 1) throw new ApiError(403, '本业务仅限个人办理');
    return { session, zjhm: await holderOf(db, { accountId: session.accountId }) };
  };
  const ownLoan = async (request: FastifyRequest, dkzh: string): Promise<LoanRecord> => {
    const { zjhm } = await person(request);
    const loan = await getLoan(db, dkzh);
    if (!loan || !zjhm || (loan.zjhm !== zjhm && loan.gtjkrZjhm !== zjhm)) throw new ApiError(403, FORBIDDEN);
    return loan;
  };
  settlementRoutes(app, db, now, ownLoan);

  app.post<{ Body: Partial<Gd0101Payload> & { grzh: string } }>(
    `${ZHFW_PREFIX}/dkyw/dksq/kdje`,
    {
      ...pre,
      schema: {
        summary: '贷款申请：资格与可贷额度（四项限额各自的数额与算法，标出起作用的一项）和首期月还款额（贷款引擎）',
        tags,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['grzh', 'fwzj', 'sfecf', 'dkqx', 'hkfs'],
          properties: {
            grzh: { type: 'string', pattern: '^[0-9]{6,20}$', 'x-msg': '个人账号格式不正确', 'x-required-msg': '请选择个人账户' },
            fwlx: { type: 'string', enum: ['01', '02'], 'x-msg': '房屋类型的取值不正确' },
            xmbh: { type: 'string', maxLength: 40 },
            fwzj: { type: 'string', pattern: '^\\d{1,12}(\\.\\d{1,2})?$', 'x-msg': '房屋总价应为金额（元），至多两位小数', 'x-required-msg': '请填写房屋总价' },
            sfecf: { type: 'string', enum: ['0', '1'], 'x-msg': '是否第二套住房的取值不正确', 'x-required-msg': '请选择是否第二套住房' },
            dkqx: { type: 'integer', minimum: 1, maximum: 999, 'x-msg': '贷款期限应为 1 至 999 的整月数', 'x-required-msg': '请填写贷款期限' },
            hkfs: { type: 'string', enum: ['01', '02'], 'x-msg': '还款方式的取值不正确', 'x-required-msg': '请选择还款方式' },
            dkje: { type: 'string', pattern: '^\\d{1,12}(\\.\\d{1,2})?$', 'x-msg': '申请贷款金额应为金额（元），至多两位小数' },
          },
        },
        response: envelope({
          type: 'object',
          properties: {
            kbl: { type: 'boolean', description: '是否符合申请条件' },
            bkblyy: { type: 'string', description: '不符合时的原因' },
            dkll: { type: 'string', description: '适用的年利率（%）' },
            kdje: money,
            xz: {
              type: 'array',
              items: { type: 'object', properties: { key: { type: 'string', enum: ['balance', 'capacity', 'price', 'ceiling'] }, mc: str, je: money, sf: str, qzy: { type: 'boolean' } } },
            },
            sqhkje: { ...money, description: '按申请金额（或可贷额度）计算的首期月还款额' },
          },
        }),
      },
    },
    async (request) => {
      const { session } = await person(request);
      const body = request.body;
      const applicant: Applicant = { userId: session.userId, accountId: session.accountId, loginType: 1, login: session.login, zh: body.grzh };
      const date = centreDate(now());
      // The payload as far as it goes: the eligibility rows (those that read no loan figures) and the term and age.
      const payload = { fwdz: '', fwmj: '0', dkje: body.dkje ?? '', dbfs: '01', hkyh: '', hkzh: '', fwlx: body.fwlx ?? '02', ...body } as Gd0101Payload;
      const ctx = { q: db, applicant, payload, now: now() };
      const rows = GD0101_RULES.filter((r) => !['project-approved', 'amount-min', 'within-maximum'].includes(r.name));
      const failing = await firstFailing(ctx, rows);
      if (failing?.status === 403) throw new ApiError(403, FORBIDDEN);
      const account = (await getAccount(db, body.grzh))!;
      const max = await maximumFor(db, account, payload, date);
      if (!max) throw new ApiError(400, '暂无适用的贷款利率，请稍后再试或联系中心');
      const amount = body.dkje && /^\d/.test(body.dkje) ? body.dkje : fenToYuan(max.maxFen);
      return ok({
        kbl: failing === undefined,
        bkblyy: failing ? await ruleMessage(failing, ctx) : '',
        dkll: max.rate,
        kdje: fenToYuan(max.maxFen),
        xz: max.limits.map((l) => ({ key: l.key, mc: l.name, je: fenToYuan(l.amountFen), sf: l.formula, qzy: l.binds })),
        sqhkje: fenToYuan(max.maxFen === 0n && !body.dkje ? 0n : firstPaymentFen(yuanToFen(amount), body.dkqx!, body.hkfs!, max.rate, date)),
      });
    },
  );

  app.get<{ Querystring: { page?: number; size?: number } }>(
    `${ZHFW_PREFIX}/dkyw/lpxx`,
    {
      ...pre,
      schema: {
        summary: '贷款申请：中心审核通过、在售的合作楼盘（按编号分页）',
        tags,
        querystring: { type: 'object', properties: { after: { type: 'string', maxLength: 40 }, size: { type: 'integer', minimum: 1, maximum: 50, default: 20 } } },
        response: envelope({
          type: 'object',
          properties: {
            list: { type: 'array', items: { type: 'object', properties: { xmbh: str, xmmc: str, xmdz: str, ysxkzh: str, kfsmc: str, jgqj: str } } },
            next: { type: ['string', 'null'] },
          },
        }),
      },
    },
    async (request) => {
      await person(request);
      const q = request.query as { after?: string; size?: number };
      const size = q.size ?? 20;
      const rows = await db.query<{ xmbh: string; xmmc: string; xmdz: string; ysxkzh: string; kfsmc: string; jgqj: string }>(
        `select p.xmbh, p.xmmc, p.xmdz, p.ysxkzh, coalesce(u.dwmc, '') as kfsmc, p.jgqj
           from developer_project p left join unit_record u on u.dwzh = p.dwzh
          where p.spzt = '02' and p.zt = '01' and p.xmbh > $1 order by p.xmbh limit $2`,
        [q.after ?? '', size + 1],
      );
      const list = rows.slice(0, size);
      return ok({ list, next: rows.length > size ? list[list.length - 1]!.xmbh : null });
    },
  );

  const loanView = async (loan: LoanRecord) => {
    const f = await loanFigures(db, loan.dkzh);
    return {
      dkzh: loan.dkzh,
      jkhtbh: loan.jkhtbh,
      htje: fenToYuan(loan.amountFen),
      dkye: fenToYuan(loan.balanceFen),
      dkqx: loan.months,
      syqs: f.periodsLeft,
      dkll: loan.annualRate,
      hkfs: loan.method,
      hkfsmc: REPAYMENT_METHODS[loan.method],
      dbfs: loan.dbfs,
      dbfsmc: GUARANTEE_TYPES[loan.dbfs as keyof typeof GUARANTEE_TYPES] ?? '其他',
      ffrq: loan.issueDate,
      dkzt: loan.status,
      dkztmc: LOAN_STATUS_NAMES[loan.status] ?? '',
      fwdz: loan.fwdz,
      hkyh: loan.hkyh,
      hkzh: maskBankCard(loan.hkzh),
      xqhkrq: f.next?.dueDate ?? '',
      xqhkje: fenToYuan(f.next?.paymentFen ?? 0n),
      yqqs: f.overduePeriods,
      yqje: fenToYuan(f.overdueFen),
      jqrq: loan.settledDate,
    };
  };

  app.get(
    `${ZHFW_PREFIX}/dkyw/dkxx`,
    {
      ...pre,
      schema: {
        summary: '贷款信息：本人（借款人或共同借款人）的住房公积金贷款，含余额、剩余期数、下期还款、逾期情况（还款账号脱敏）',
        tags,
        response: envelope({ type: 'object', properties: { list: { type: 'array', items: loanItem }, params: { type: 'object', properties: { overdueFactor: { type: 'number' } } } } }),
      },
    },
    async (request) => {
      const { zjhm } = await person(request);
      const loans = zjhm ? await listLoansOf(db, zjhm) : [];
      return ok({ list: await Promise.all(loans.map(loanView)), params: { overdueFactor: (await readLoanParams(db)).overdueFactor } });
    },
  );

  const trialSchema = {
    type: 'object',
    properties: {
      qc: { type: 'integer', description: '随第几期还款一并提前还款' },
      hkrq: str,
      tqhkje: money,
      jq: { type: 'boolean', description: '是否一次结清' },
      syqs: { type: 'integer' },
      jsqs: { type: 'integer', description: '减少的期数' },
      yhje: { ...money, description: '提前还款后的月还款额' },
      zzrq: { ...str, description: '新的到期日' },
      jslx: { ...money, description: '节省的利息' },
    },
  } as const;
  const trialOf = (r: PrepaymentResult) => ({
    qc: r.prepayPeriod,
    hkrq: r.prepayDate,
    tqhkje: r.prepayAmount,
    jq: r.settled,
    syqs: r.remainingMonths,
    jsqs: r.monthsSaved,
    yhje: r.monthlyPayment,
    zzrq: r.endDate,
    jslx: r.interestSaved,
  });

  app.post<{ Body: { dkzh: string; tqhkje: string } }>(
    `${ZHFW_PREFIX}/dkyw/tqhk/ss`,
    {
      ...pre,
      schema: {
        summary: '提前还款试算：随下一期还款提前归还一笔本金，缩短期限与减少月还款额两种方式并列（贷款引擎）；非本人的贷款答 403',
        tags,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['dkzh', 'tqhkje'],
          properties: {
            dkzh: { type: 'string', pattern: '^[0-9]{13,20}$', 'x-msg': '贷款账号格式不正确', 'x-required-msg': '请选择贷款' },
            tqhkje: { type: 'string', pattern: '^\\d{1,12}(\\.\\d{1,2})?$', 'x-msg': '提前还款金额应为金额（元），至多两位小数', 'x-required-msg': '请填写提前还款金额' },
          },
        },
        response: envelope({ type: 'object', required: ['shorten', 'reduce', 'zdje'], properties: { shorten: trialSchema, reduce: trialSchema, zdje: { ...money, description: '最多可提前还款的金额（下一期还款后的贷款余额，等于它即一次结清）' } } }),
      },
    },
    async (request) => {
      const loan = await ownLoan(request, request.body.dkzh);
      if (loan.status === '3') throw new ApiError(400, '该笔贷款已结清');
      const f = await loanFigures(db, loan.dkzh);
      if (f.overduePeriods > 0) throw new ApiError(400, '该笔贷款有逾期未还的款项，请先归还逾期款项再申请提前还款');
      if (!f.next || f.next.period >= loan.months) throw new ApiError(400, '该笔贷款已到最后一期，无需提前还款');
      if (Number(request.body.tqhkje) <= 0) throw new ApiError(400, '提前还款金额应大于 0');
      // The same computation GD0602 completes with (the loan as it stands, the lump sum with the next instalment).
      const [shorten, reduce] = await Promise.all([prepaymentOf(db, loan, request.body.tqhkje, 'shorten'), prepaymentOf(db, loan, request.body.tqhkje, 'reduce')]);
      if (!shorten || !reduce) throw new ApiError(400, '该笔贷款已到最后一期，无需提前还款');
      return ok({ shorten: { ...trialOf(shorten.result), qc: shorten.next }, reduce: { ...trialOf(reduce.result), qc: reduce.next }, zdje: fenToYuan(shorten.maxFen) });
    },
  );

  app.get<{ Querystring: { dkzh: string; after?: string; size?: number } }>(
    `${ZHFW_PREFIX}/dkyw/hkjl`,
    {
      ...pre,
      schema: {
        summary: '还款记录：一笔贷款的还款（银行卡、冲还贷、提前还款），新的在前，分页；非本人的贷款答 403',
        tags,
        querystring: {
          type: 'object',
          required: ['dkzh'],
          properties: {
            dkzh: { type: 'string', pattern: '^[0-9]{13,20}$', 'x-msg': '贷款账号格式不正确', 'x-required-msg': '请选择贷款' },
            after: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}:\\d{1,19}$', description: '上一页最后一条（日期:序号）', 'x-msg': '分页位置格式不正确' },
            size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          },
        },
        response: envelope({
          type: 'object',
          properties: {
            list: {
              type: 'array',
              items: { type: 'object', properties: { hkrq: str, qc: { type: ['integer', 'null'] }, hkbj: money, hklx: money, yqlx: money, hkje: money, ly: str, lymc: str } },
            },
            next: { type: ['string', 'null'] },
          },
        }),
      },
    },
    async (request) => {
      const loan = await ownLoan(request, request.query.dkzh);
      const size = request.query.size ?? 20;
      const [afterDate, afterId] = (request.query.after ?? '9999-12-31:9223372036854775807').split(':');
      const rows = await db.query<{ id: string; pay_date: string; period: number | null; p: string; i: string; o: string; source: string }>(
        `select id::text as id, pay_date::text as pay_date, period, principal_fen::text as p, interest_fen::text as i, overdue_interest_fen::text as o, source
           from loan_repayment where dkzh = $1 and (pay_date, id) < ($2::date, $3::bigint)
          order by pay_date desc, id desc limit $4`,
        [loan.dkzh, afterDate, afterId, size + 1],
      );
      const page = rows.slice(0, size);
      const names: Record<string, string> = { card: '银行卡扣款', offset: '冲还贷', prepay: '提前还款' };
      return ok({
        list: page.map((r) => ({
          hkrq: r.pay_date,
          qc: r.period,
          hkbj: fenToYuan(r.p),
          hklx: fenToYuan(r.i),
          yqlx: fenToYuan(r.o),
          hkje: fenToYuan(BigInt(r.p) + BigInt(r.i) + BigInt(r.o)),
          ly: r.source,
          lymc: names[r.source] ?? '',
        })),
        next: rows.length > size ? `${page.at(-1)!.pay_date}:${page.at(-1)!.id}` : null,
      });
    },
  );

  app.get<{ Querystring: { dkzh: string; after?: number; size?: number } }>(
    `${ZHFW_PREFIX}/dkyw/hkjh`,
    {
      ...pre,
      schema: {
        summary: '还款计划：一笔贷款按期次分页的还款计划（引擎生成，含每期已还本金利息和状态）；非本人的贷款答 403',
        tags,
        querystring: {
          type: 'object',
          required: ['dkzh'],
          properties: {
            dkzh: { type: 'string', pattern: '^[0-9]{13,20}$', 'x-msg': '贷款账号格式不正确', 'x-required-msg': '请选择贷款' },
            after: { type: 'integer', minimum: 0, default: 0, description: '上一页最后的期次' },
            size: { type: 'integer', minimum: 1, maximum: 360, default: 12 },
          },
        },
        response: envelope({ type: 'object', properties: { list: { type: 'array', items: scheduleItem }, next: { type: ['integer', 'null'] }, total: { type: 'integer' } } }),
      },
    },
    async (request) => {
      const loan = await ownLoan(request, request.query.dkzh);
      const { rows, next } = await listSchedule(db, loan.dkzh, { afterPeriod: request.query.after ?? 0, limit: request.query.size ?? 12 });
      return ok({
        list: rows.map((r) => ({
          qc: r.period,
          hkrq: r.dueDate,
          yhbj: fenToYuan(r.principalFen),
          yhlx: fenToYuan(r.interestFen),
          yhje: fenToYuan(r.paymentFen),
          syje: fenToYuan(r.balanceFen),
          yhbjje: fenToYuan(r.paidPrincipalFen),
          yhlxje: fenToYuan(r.paidInterestFen),
          zt: r.status,
          ztmc: { '0': '未还', '1': '已还', '2': '逾期' }[r.status] ?? '',
        })),
        next: next ?? null,
        total: loan.months,
      });
    },
  );

  const SCHEDULE_STATUS: Record<string, string> = { '0': '未还', '1': '已还', '2': '逾期' };
  const SCHEDULE_EXPORT: ExportColumn<ScheduleLine>[] = [
    { header: '期次', width: 8, value: (r) => String(r.period) },
    { header: '应还日期', width: 12, value: (r) => r.dueDate },
    { header: '应还本金（元）', width: 14, kind: 'money', value: (r) => Number(r.principalFen) },
    { header: '应还利息（元）', width: 14, kind: 'money', value: (r) => Number(r.interestFen) },
    { header: '应还合计（元）', width: 14, kind: 'money', value: (r) => Number(r.paymentFen) },
    { header: '本期后剩余本金（元）', width: 18, kind: 'money', value: (r) => Number(r.balanceFen) },
    { header: '已还本金（元）', width: 14, kind: 'money', value: (r) => Number(r.paidPrincipalFen) },
    { header: '已还利息（元）', width: 14, kind: 'money', value: (r) => Number(r.paidInterestFen) },
    { header: '状态', width: 8, value: (r) => SCHEDULE_STATUS[r.status] ?? '' },
  ];

  app.get<{ Querystring: { dkzh: string; format: 'xlsx' | 'csv' } }>(
    `${ZHFW_PREFIX}/dkyw/hkjh/export`,
    {
      ...pre,
      schema: {
        summary: '导出还款计划（xlsx 或 CSV，全部期次，按期次分段读取）；非本人的贷款答 403',
        tags,
        querystring: {
          type: 'object',
          required: ['dkzh', 'format'],
          properties: {
            dkzh: { type: 'string', pattern: '^[0-9]{13,20}$', 'x-msg': '贷款账号格式不正确', 'x-required-msg': '请选择贷款' },
            format: { type: 'string', enum: ['xlsx', 'csv'], description: '导出格式', 'x-msg': '导出格式只能是 xlsx 或 csv', 'x-required-msg': '请选择导出格式' },
          },
        },
        response: { 200: fileAnswer('导出的还款计划（xlsx 或 CSV，附件）', [EXPORT_TYPES.xlsx, 'text/csv'], { download: true }) },
      },
    },
    async (request, reply) => {
      const loan = await ownLoan(request, request.query.dkzh);
      const { format } = request.query;
      const [config] = await db.query<{ value: string }>("select value from sys_config where key = 'XT_ZXQC' and enable = 1");
      async function* pages() {
        let after = 0;
        for (;;) {
          const { rows, next } = await listSchedule(db, loan.dkzh, { afterPeriod: after, limit: 120 });
          if (rows.length > 0) yield rows;
          if (!next) return;
          after = next;
        }
      }
      const stamp = centreDateTime(now());
      const stream = exportStream({
        format,
        title: '还款计划',
        subtitle: [
          config?.value ?? '',
          `借款合同编号：${loan.jkhtbh}\u3000贷款账号：${loan.dkzh}\u3000借款人：${loan.xingming}`,
          `贷款金额：${fenToYuan(loan.amountFen)} 元\u3000期限：${loan.months} 个月\u3000年利率：${loan.annualRate}%\u3000还款方式：${REPAYMENT_METHODS[loan.method]}`,
          `导出时间：${stamp}`,
        ].filter(Boolean),
        columns: SCHEDULE_EXPORT,
        pages: pages(),
      });
      return reply
        .header('content-type', EXPORT_TYPES[format])
        .header('content-disposition', attachment(`还款计划_${loan.dkzh}_${stamp.slice(0, 10).replace(/-/g, '')}.${format}`))
        .send(stream);
    },
  );

  app.get(
    `${ZHFW_PREFIX}/dkyw/dkjd`,
    {
      ...pre,
      schema: {
        summary: '贷款进度：本账户提交过的住房公积金贷款申请（新的在前，至多 10 笔），各自的状态、承诺办结日期和办结后的贷款账号',
        tags,
        response: envelope({
          type: 'object',
          properties: {
            list: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  ywbh: str,
                  zt: str,
                  ztmc: str,
                  tjsj: { ...str, description: '提交时间' },
                  cnbjrq: { type: ['string', 'null'], description: '承诺办结日期' },
                  dkje: money,
                  dkqx: { type: 'integer' },
                  fwdz: str,
                  dkzh: { type: ['string', 'null'], description: '办结后生成的贷款账号' },
                },
              },
            },
          },
        }),
      },
    },
    async (request) => {
      await person(request);
      // application_account_list (account_id, id desc): a person files a handful of loan applications.
      const rows = await db.query<{ ywbh: string; zt: string; submitted_at: Date | null; promised: string | null; payload: Record<string, unknown>; dkzh: string | null }>(
        `select a.ywbh, a.zt, a.submitted_at, to_char(a.promised_date, 'YYYY-MM-DD') as promised, a.payload, l.dkzh
           from application a left join loan l on l.ywbh = a.ywbh
          where a.account_id = $1 and a.ywlx = 'GD0101' and a.zt <> '00'
          order by a.id desc limit 10`,
        [request.session!.accountId],
      );
      return ok({
        list: rows.map((r) => ({
          ywbh: r.ywbh,
          zt: r.zt,
          ztmc: STATUS[r.zt as keyof typeof STATUS] ?? '',
          tjsj: r.submitted_at ? centreDateTime(new Date(r.submitted_at)) : '',
          cnbjrq: r.promised,
          dkje: typeof r.payload.dkje === 'string' && /^\d/.test(r.payload.dkje) ? fenToYuan(yuanToFen(r.payload.dkje)) : '0.00',
          dkqx: Number(r.payload.dkqx ?? 0),
          fwdz: String(r.payload.fwdz ?? ''),
          dkzh: r.dkzh,
        })),
      });
    },
  );
}
