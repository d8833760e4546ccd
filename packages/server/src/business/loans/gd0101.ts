import { selectRateCodes, type RepaymentMethod } from '@gjj-hall/sdk/loan';
import type { Queryable } from '../../db/db';
import { centreDate } from '../../clock';
import { ApiError } from '../../http/envelope';
import { getAccount, type PersonalAccount } from '../../records/accounts';
import { ACCOUNT_STATUS } from '../../records/kinds';
import { fenToYuan, yuanToFen } from '../../records/money';
import { COMMON_MATERIALS } from '../materials';
import { holderOf } from '../personal/gj0314';
import { defineBusiness, ruleMessage, type Applicant, type BusinessRule, type RuleContext } from '../types';
import { createLoan, getLoanOf } from './ledger';
import { maximumOf, type Maximum } from './maximum';
import { PARAMETER_DEFAULTS } from '../../params/centre';
import { GUARANTEE_TYPES, loanParams, PROPERTY_KINDS, readLoanParams, REPAYMENT_METHODS, type LoanParams } from './params';

/**
 * GD0101 住房公积金贷款申请 (spec 2.4 /grwt/dkSys/dkyw/dksq; docs/api-loans.md › 贷款申请): eligibility, the most this
 * applicant may borrow (maximum.ts, computed here and explained), the property (an approved developer's project or a
 * resale home), the term, the method, the guarantee and the repayment card. The centre decides; completing it
 * creates the loan with its numbers and the engine's schedule in the status's transaction (ledger.ts).
 */

export interface Gd0101Payload {
  /** The applicant's own provident account. */
  grzh: string;
  /** 01 合作楼盘新房 (xmbh), 02 二手房. */
  fwlx: '01' | '02';
  xmbh?: string;
  fwdz: string;
  /** 建筑面积 (㎡), text with up to two decimals. */
  fwmj: string;
  /** 房屋总价 (yuan), text with up to two decimals. */
  fwzj: string;
  /** 是否第二套住房: '0' 首套, '1' 第二套. */
  sfecf: '0' | '1';
  /** 申请贷款金额 (yuan). */
  dkje: string;
  /** 贷款期限 (months). */
  dkqx: number;
  hkfs: RepaymentMethod;
  dbfs: keyof typeof GUARANTEE_TYPES;
  hkyh: string;
  hkzh: string;
}

/** The rate in force on `date` for a loan of this term and home (loan_rate; codes of spec 9 by the sdk). */
export async function rateFor(q: Queryable, secondHome: boolean, months: number, date: string): Promise<{ code: string; rate: string } | undefined> {
  const { provident } = selectRateCodes({ secondHome, months });
  const [row] = await q.query<{ rate: string }>(
    `select rate::text as rate from loan_rate where category = 'provident' and code = $1 and effective_date <= $2::date order by effective_date desc limit 1`,
    [provident, date],
  );
  return row ? { code: provident, rate: String(Number(row.rate)) } : undefined;
}

/**
 * Whole months of deposits (汇缴 or 补缴), unbroken, ending at the newest month remitted, and that month (YYYYMM); 0
 * when the newest is older than the previous month (not depositing now). Reads at most 400 entries of the account
 * through its journal index.
 */
export async function continuousMonths(q: Queryable, grzh: string, today: string): Promise<number> {
  const rows = await q.query<{ period: string }>(
    `select period from journal_entry where account_no = $1 and kind in ('01', '02') and period is not null order by value_date desc, id desc limit 400`,
    [grzh],
  );
  const index = (p: string) => Number(p.slice(0, 4)) * 12 + Number(p.slice(4, 6)) - 1;
  const months = [...new Set(rows.map((r) => index(r.period)))].sort((a, b) => b - a);
  const current = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1;
  if (months.length === 0 || months[0]! < current - 1) return 0;
  let n = 1;
  while (n < months.length && months[n] === months[n - 1]! - 1) n++;
  return n;
}

/** Whole years of age on `date` of an 18-digit ID number; undefined for another. */
export function ageOn(zjhm: string, date: string): number | undefined {
  const m = /^\d{6}(\d{4})(\d{2})(\d{2})\d{3}[\dXx]$/.exec(zjhm);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), m[2]!, m[3]!];
  return Number(date.slice(0, 4)) - y - (date.slice(5, 7) + date.slice(8, 10) < mo + d ? 1 : 0);
}

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/** An approved project on sale (spzt 02, zt 01) of that number. */
async function approvedProject(q: Queryable, xmbh: string | undefined) {
  if (!xmbh) return undefined;
  const [row] = await q.query<{ xmbh: string; xmmc: string; xmdz: string }>(
    `select xmbh, xmmc, xmdz from developer_project where xmbh = $1 and spzt = '02' and zt = '01'`,
    [xmbh],
  );
  return row;
}

/** The account the rules read: the payload's, or the session's at the wizard's first check; read once per check. */
const accounts = new WeakMap<object, Promise<PersonalAccount | undefined>>();
const accountOf = (ctx: RuleContext<Partial<Gd0101Payload>>) => {
  let found = accounts.get(ctx);
  if (!found) {
    found = getAccount(ctx.q, ctx.payload.grzh || ctx.applicant.zh);
    accounts.set(ctx, found);
  }
  return found;
};
const holders = new WeakMap<object, Promise<string>>();
const holderOfCtx = (ctx: RuleContext<Partial<Gd0101Payload>>) => {
  let found = holders.get(ctx);
  if (!found) {
    found = holderOf(ctx.q, ctx.applicant);
    holders.set(ctx, found);
  }
  return found;
};

/** The payload's figures are complete enough to compute a maximum (the schema has checked them on submit). */
const figuresOf = (p: Partial<Gd0101Payload>) =>
  p.fwzj && MONEY.test(p.fwzj) && Number.isInteger(p.dkqx) && (p.hkfs === '01' || p.hkfs === '02')
    ? { priceFen: yuanToFen(p.fwzj), months: p.dkqx!, method: p.hkfs, secondHome: p.sfecf === '1' }
    : undefined;

/**
 * The maximum for this applicant and payload on `date`, or undefined when the figures or the rate are missing.
 * (The co-borrower is counted once their consent by QR signing is built: today one borrower.)
 */
export async function maximumFor(q: Queryable, account: PersonalAccount, p: Partial<Gd0101Payload>, date: string): Promise<(Maximum & { rate: string; rateCode: string }) | undefined> {
  const f = figuresOf(p);
  if (!f) return undefined;
  const rate = await rateFor(q, f.secondHome, f.months, date);
  if (!rate) return undefined;
  const m = maximumOf(
    { borrowers: [{ balanceFen: account.balanceFen, baseFen: account.jcjsFen }], priceFen: f.priceFen, secondHome: f.secondHome, months: f.months, method: f.method, annualRate: rate.rate },
    await readLoanParams(q),
  );
  return { ...m, rate: rate.rate, rateCode: rate.code };
}

const today = (ctx: RuleContext<unknown>) => centreDate(ctx.now ?? new Date());

/** The parameters at the table's defaults: the rules' documented wording only (the answers read the rows in force). */
const D = loanParams(PARAMETER_DEFAULTS);
/** The answers of the rows that name a parameter, in the parameters `p`. */
const MESSAGES = {
  months: (p: LoanParams) => `申请贷款须正在缴存住房公积金，且已连续足额缴存满 ${p.minContinuousMonths} 个月`,
  term: (p: LoanParams) => `贷款期限应在 ${p.minMonths} 至 ${p.maxMonths} 个月（${years(p.maxMonths)} 年）之间`,
  age: (p: LoanParams) => `借款人应年满 ${p.minAge} 周岁，且贷款到期时年龄不超过 ${p.maxAgeAtEnd} 周岁，请缩短贷款期限`,
  amount: (p: LoanParams) => `申请贷款金额不能低于 ${p.minAmountYuan / 10_000} 万元`,
} as const;
/** Months as years in words (360 → 30, 300 → 25, 366 → 30.5). */
const years = (months: number) => String(Math.round((months / 12) * 10) / 10);

/**
 * The rule table (docs/api-loans.md › 贷款申请 › 规则), in the order it is checked; each row tested at its edges
 * (gd0101.test.ts). Rows marked atOpen are asked by the wizard before anything is typed.
 */
export const GD0101_RULES: ReadonlyArray<BusinessRule<Gd0101Payload>> = [
  {
    name: 'holder',
    description: '申请账户是申请人本人（同一证件号码）的个人账户；否则 403，不透露任何信息',
    msg: '当前操作没有权限，请联系管理员授权',
    status: 403,
    atOpen: true,
    async holds(ctx) {
      const [account, holder] = await Promise.all([accountOf(ctx), holderOfCtx(ctx)]);
      return Boolean(account && holder && account.zjhm === holder);
    },
  },
  {
    name: 'account-normal',
    description: '个人账户状态正常（01）：封存、冻结或销户的账户不能申请贷款',
    msg: '您的住房公积金账户状态不是“正常”，不能申请贷款',
    atOpen: true,
    holds: async (ctx) => (await accountOf(ctx))?.grzhzt === ACCOUNT_STATUS.normal,
  },
  {
    name: 'continuous-months',
    description: `正在缴存（最近一次缴存为本月或上月），且已连续缴存不少于 loanMinContinuousMonths 个月（默认 ${D.minContinuousMonths}）`,
    msg: MESSAGES.months(D),
    message: async ({ q }) => MESSAGES.months(await readLoanParams(q)),
    param: 'loanMinContinuousMonths',
    atOpen: true,
    holds: async (ctx) => (await continuousMonths(ctx.q, (await accountOf(ctx))?.grzh ?? '', today(ctx))) >= (await readLoanParams(ctx.q)).minContinuousMonths,
  },
  {
    name: 'no-unsettled-loan',
    description: '申请人（作为借款人或共同借款人）没有未结清的住房公积金贷款',
    msg: '您有尚未结清的住房公积金贷款，结清后才能再次申请',
    atOpen: true,
    holds: async (ctx) => (await getLoanOf(ctx.q, await holderOfCtx(ctx))) === undefined,
  },
  {
    name: 'no-withdrawal',
    description: '申请人没有在办（已提交、已受理、已退回）的提取业务',
    msg: '您有提取业务正在办理，办结或撤回后才能申请贷款',
    atOpen: true,
    async holds({ q, applicant }) {
      const rows = await q.query(`select 1 from application where account_id = $1 and ywlx like 'TQ%' and zt in ('01', '02', '04') limit 1`, [applicant.accountId]);
      return rows.length === 0;
    },
  },
  {
    name: 'no-other-application',
    description: '申请人没有另一笔在办的贷款申请',
    msg: '您已有一笔贷款申请正在办理，办结或撤回后才能再申请',
    atOpen: true,
    async holds({ q, applicant, ywbh }) {
      const rows = await q.query(
        `select 1 from application where account_id = $1 and ywlx = 'GD0101' and zt in ('01', '02', '04') and ywbh <> $2 limit 1`,
        [applicant.accountId, ywbh ?? ''],
      );
      return rows.length === 0;
    },
  },
  {
    name: 'term-range',
    description: `贷款期限在 loanMinMonths 至 loanMaxMonths 个月之间（默认 ${D.minMonths} 至 ${D.maxMonths}）`,
    msg: MESSAGES.term(D),
    message: async ({ q }) => MESSAGES.term(await readLoanParams(q)),
    param: 'loanMinMonths, loanMaxMonths',
    async holds({ q, payload }) {
      const p = await readLoanParams(q);
      return payload.dkqx >= p.minMonths && payload.dkqx <= p.maxMonths;
    },
  },
  {
    name: 'age-at-end',
    description: `申请人年满 loanMinAge 周岁，且贷款到期时年龄不超过 loanMaxAgeAtEnd 周岁（年龄 × 12 + 期限 ≤ loanMaxAgeAtEnd × 12；默认 ${D.minAge}、${D.maxAgeAtEnd}）`,
    msg: MESSAGES.age(D),
    message: async ({ q }) => MESSAGES.age(await readLoanParams(q)),
    param: 'loanMinAge, loanMaxAgeAtEnd',
    async holds(ctx) {
      const age = ageOn(await holderOfCtx(ctx), today(ctx));
      const p = await readLoanParams(ctx.q);
      return age !== undefined && age >= p.minAge && age * 12 + ctx.payload.dkqx <= p.maxAgeAtEnd * 12;
    },
  },
  {
    name: 'project-approved',
    description: '新建商品房须是中心审核通过、在售的合作楼盘；二手房须填写房屋地址',
    msg: '所选楼盘不是中心审核通过的在售合作楼盘，请重新选择',
    holds: async ({ q, payload }) => (payload.fwlx === '02' ? payload.fwdz.trim() !== '' : (await approvedProject(q, payload.xmbh)) !== undefined),
  },
  {
    name: 'amount-min',
    description: `申请贷款金额不低于 loanMinAmountYuan 元（默认 ${D.minAmountYuan}）`,
    msg: MESSAGES.amount(D),
    message: async ({ q }) => MESSAGES.amount(await readLoanParams(q)),
    param: 'loanMinAmountYuan',
    holds: async ({ q, payload }) => MONEY.test(payload.dkje) && yuanToFen(payload.dkje) >= BigInt((await readLoanParams(q)).minAmountYuan) * 100n,
  },
  {
    name: 'within-maximum',
    description: '申请贷款金额不超过可贷额度：余额倍数、还款能力、房价扣除最低首付、最高额度四者中的最小者（maximum.ts）',
    msg: '申请贷款金额超过了您的可贷额度，请查看可贷额度的计算并调整金额',
    param: 'loanBalanceMultiple, loanCapacityPercent, loanDownPaymentPercent*, loanCeiling*, loanRoundingYuan',
    async holds(ctx) {
      const account = await accountOf(ctx);
      if (!account || !MONEY.test(ctx.payload.dkje)) return false;
      const max = await maximumFor(ctx.q, account, ctx.payload, today(ctx));
      return max !== undefined && yuanToFen(ctx.payload.dkje) <= max.maxFen;
    },
  },
];

/** The first row that stops this application, or undefined (the maximum route and completion). */
export async function firstFailing(ctx: RuleContext<Gd0101Payload>, rows: ReadonlyArray<BusinessRule<Gd0101Payload>> = GD0101_RULES): Promise<BusinessRule<Gd0101Payload> | undefined> {
  for (const rule of rows) if (!(await rule.holds(ctx))) return rule;
  return undefined;
}

const text = (description: string, maxLength: number, extra: Record<string, unknown> = {}) => ({
  type: 'string',
  minLength: 1,
  maxLength,
  description,
  'x-required-msg': `请填写${description}`,
  ...extra,
});

export const gd0101 = defineBusiness<Gd0101Payload>({
  ywlx: 'GD0101',
  ywmc: '住房公积金贷款申请',
  area: 'loan',
  loginTypes: [1],
  timeLimitDays: 10,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['grzh', 'fwlx', 'fwdz', 'fwmj', 'fwzj', 'sfecf', 'dkje', 'dkqx', 'hkfs', 'dbfs', 'hkyh', 'hkzh'],
    properties: {
      grzh: text('个人账号', 20, { pattern: '^[0-9]{6,20}$', 'x-msg': '个人账号格式不正确' }),
      fwlx: { type: 'string', enum: Object.keys(PROPERTY_KINDS), description: '房屋类型', 'x-msg': '房屋类型的取值不正确', 'x-required-msg': '请选择房屋类型' },
      xmbh: { type: 'string', maxLength: 40, description: '楼盘编号', 'x-msg': '楼盘编号格式不正确' },
      fwdz: text('房屋坐落地址', 200),
      fwmj: text('建筑面积', 12, { pattern: '^\\d{1,6}(\\.\\d{1,2})?$', 'x-msg': '建筑面积应为数字，至多两位小数' }),
      fwzj: text('房屋总价', 16, { pattern: '^\\d{1,12}(\\.\\d{1,2})?$', 'x-msg': '房屋总价应为金额（元），至多两位小数' }),
      sfecf: { type: 'string', enum: ['0', '1'], description: '是否第二套住房', 'x-msg': '是否第二套住房的取值不正确', 'x-required-msg': '请选择是否第二套住房' },
      dkje: text('申请贷款金额', 16, { pattern: '^\\d{1,12}(\\.\\d{1,2})?$', 'x-msg': '申请贷款金额应为金额（元），至多两位小数' }),
      dkqx: { type: 'integer', minimum: 1, maximum: 999, description: '贷款期限（月）', 'x-msg': '贷款期限应为 1 至 999 的整月数', 'x-required-msg': '请填写贷款期限' },
      hkfs: { type: 'string', enum: Object.keys(REPAYMENT_METHODS), description: '还款方式', 'x-msg': '还款方式的取值不正确', 'x-required-msg': '请选择还款方式' },
      dbfs: { type: 'string', enum: Object.keys(GUARANTEE_TYPES), description: '担保方式', 'x-msg': '担保方式的取值不正确', 'x-required-msg': '请选择担保方式' },
      hkyh: text('还款银行', 60),
      hkzh: text('还款银行卡号', 19, { minLength: 12, pattern: '^[0-9]{12,19}$', 'x-msg': '还款银行卡号应为 12 至 19 位数字' }),
    },
  },
  rules: GD0101_RULES,
  guide: (c) => ({
    blqd: '网上业务大厅、住房公积金管理中心各服务网点柜台',
    fwdx: '在本中心正常缴存住房公积金、购买自住住房的职工',
    bjsj: '10 个工作日',
    xzdy: '缴存职工购买自住住房（合作楼盘新建商品房或二手房）时，以所购住房抵押等方式向中心申请的个人住房公积金贷款。',
    slyj: '《住房公积金管理条例》第二十六条：缴存住房公积金的职工，在购买、建造、翻建、大修自住住房时，可以向住房公积金管理中心申请住房公积金贷款。',
    sltj: `1. 账户状态正常，正在缴存且已连续缴存满 ${c.loanMinContinuousMonths} 个月；2. 没有未结清的住房公积金贷款，没有在办的提取业务；3. 贷款期限不超过 ${years(c.loanMaxMonths)} 年，且到期时年龄不超过 ${c.loanMaxAgeAtEnd} 周岁；4. 申请金额不超过可贷额度。`,
    sqcl: '身份证、购房合同、首付款凭证、收入证明；二手房另需房屋权属证明；已婚的提供结婚证。',
    bllc: '1. 阅读办理须知并同意；2. 阅读办事指南；3. 填写房屋和贷款信息，查看可贷额度的计算；4. 上传材料；5. 核对并提交；6. 中心审核，审批通过后签订借款合同；7. 短信通知办理结果。',
    bljg: '审批通过后生成借款合同编号和贷款账号，按所选还款方式生成还款计划，可在“贷款信息”“还款计划”中查看。',
    bz: '可贷额度为账户余额倍数、还款能力、房价扣除最低首付、最高贷款额度四者中的最小者。如有疑问请致电 12329。',
  }),
  materials: [
    COMMON_MATERIALS.SFZ,
    { wjlxId: 'GFHT', wjmc: '购房合同', jdbh: 'GD0101-01', mlbh: '0501', zstj: '商品房买卖合同（网签备案）或二手房买卖合同', required: true, maxFiles: 20 },
    { wjlxId: 'SFKPZ', wjmc: '首付款凭证', jdbh: 'GD0101-01', mlbh: '0502', zstj: '首付款发票或收据', required: true, maxFiles: 6 },
    { wjlxId: 'SRZM', wjmc: '收入证明', jdbh: 'GD0101-01', mlbh: '0503', zstj: '单位出具的收入证明或近 6 个月银行流水', required: true, maxFiles: 10 },
    {
      wjlxId: 'QSZM',
      wjmc: '房屋权属证明',
      jdbh: 'GD0101-01',
      mlbh: '0504',
      zstj: '购买二手房时提供：卖方的不动产权证书',
      required: true,
      maxFiles: 6,
      when: (a) => a.fwlx === '02',
    },
    { wjlxId: 'HYZM', wjmc: '婚姻状况证明', jdbh: 'GD0101-01', mlbh: '0505', zstj: '已婚的提供结婚证，离异的提供离婚证或判决书', required: false, maxFiles: 4 },
    COMMON_MATERIALS.QT,
    COMMON_MATERIALS.SQS,
  ],
  notice: (c) =>
    '一、住房公积金贷款用于购买自住住房，请如实填写房屋和收入情况，提供虚假材料的将不予受理并记入诚信记录。\n' +
    `二、申请时须正在缴存且已连续缴存满 ${c.loanMinContinuousMonths} 个月，且没有未结清的住房公积金贷款。\n` +
    '三、可贷额度由中心按账户余额、还款能力、房屋总价和最高贷款额度计算，页面显示各项数额，取其中最小者。\n' +
    '四、中心在 10 个工作日内审批。审批通过后生成借款合同和还款计划，首期还款日为放款次月的对应日。\n' +
    '五、办理结果将以短信通知您的预留手机号码。',
  async complete({ tx, at, application }) {
    const p = application.payload;
    const applicant = { accountId: application.accountId, userId: application.userId, zh: application.zh } as Applicant;
    await tx.query('select 1 from personal_account where grzh = $1 for update', [p.grzh]);
    const ctx = { q: tx, applicant, payload: p, now: at, ywbh: application.ywbh };
    const failing = await firstFailing(ctx);
    if (failing) throw failing.status === 403 ? new ApiError(409, '申请账户已不是申请人本人的账户，不能办结') : new ApiError(409, await ruleMessage(failing, ctx));
    const date = centreDate(at);
    const account = (await getAccount(tx, p.grzh))!;
    const rate = (await rateFor(tx, p.sfecf === '1', p.dkqx, date))!;
    const project = p.fwlx === '01' ? await approvedProject(tx, p.xmbh) : undefined;
    await createLoan(tx, {
      ywbh: application.ywbh,
      zjhm: account.zjhm,
      xingming: account.xingming,
      grzh: account.grzh,
      amountFen: yuanToFen(p.dkje),
      months: p.dkqx,
      annualRate: rate.rate,
      rateCode: rate.code,
      method: p.hkfs,
      issueDate: date,
      fwlx: p.fwlx,
      xmbh: project?.xmbh ?? null,
      fwdz: p.fwdz,
      fwmj: p.fwmj,
      fwzjFen: yuanToFen(p.fwzj),
      secondHome: p.sfecf === '1',
      dbfs: p.dbfs,
      hkyh: p.hkyh,
      hkzh: p.hkzh,
      at,
    });
  },
});

/** yuan text of the maximum's fen (routes). */
export const maxYuan = (m: Maximum) => fenToYuan(m.maxFen);
