import type { Queryable } from '../../db/db';
import { ACCOUNT_STATUS, fenToYuan } from '../../records';
import { COMMON_MATERIALS } from '../materials';
import type { BusinessMaterial } from '../types';
import { dateField, defineWithdrawal, GUIDE_COMMON, hasContinuousMonths, moneyField, todayOf, depositorOf, type CardFields, type AmountField, type Depositor } from './common';
import { PARAMETER_DEFAULTS } from '../../params/centre';
import { readWithdrawalParams, yuanParamFen, type WithdrawalParams } from './params';

/**
 * TQ0107 租赁住房提取 (zfzj_tq): a depositor who owns no home in the city (nor does the spouse) withdraws for rent,
 * within the year's quota (per household for a married applicant where the centre says so), at most once a quarter.
 * Within the quota it completes at once (the automatic rule); the money goes to the applicant's bank card.
 */
export interface Tq0107Payload extends CardFields, AmountField {
  /** 租赁合同编号 */
  zlht: string;
  /** 租赁房屋坐落 */
  zldz: string;
  /** 月租金 (yuan) */
  yzj: string;
  /** 租赁起止日期 */
  zlqsrq: string;
  zlzzrq: string;
  /** 本人及配偶在本市无自有住房的声明 */
  wfsm: boolean;
}

/** The ID numbers whose rent withdrawals share the applicant's quota: the applicant's, and the spouse's for a household. */
export function householdOf(p: Pick<WithdrawalParams, 'rentQuotaPerHousehold'>, d: Depositor): string[] {
  return p.rentQuotaPerHousehold && d.married && d.pozjhm ? [d.zjhm, d.pozjhm] : [d.zjhm];
}

/** The year's rent quota of the applicant, in fen. */
export function rentQuotaFen(p: WithdrawalParams, d: Depositor): bigint {
  return yuanParamFen(d.married && p.rentQuotaPerHousehold ? p.rentYearQuotaHouseholdYuan : p.rentYearQuotaSingleYuan);
}

/**
 * Rent withdrawn (journal lines 11 with reason 07) by the household's accounts from `from` to `to`, and rent held by
 * their applications in progress (other than `except`): what counts against the quota.
 */
export async function rentUsed(q: Queryable, zjhms: readonly string[], from: string, to: string, except = ''): Promise<{ fen: bigint; times: number }> {
  const [row] = await q.query<{ fen: string; times: string }>(
    `with accts as (select grzh from personal_account where zjhm = any($1::text[])),
          paid as (select j.ywbh, -j.amount_fen as fen from journal_entry j join accts a on a.grzh = j.account_no
                    where j.kind = '11' and j.tqyy = '07' and j.value_date between $2::date and $3::date),
          held as (select w.ywbh, w.amount_fen as fen from withdrawal w join accts a on a.grzh = w.grzh
                     join application ap on ap.ywbh = w.ywbh
                    where w.tqyy = '07' and ap.zt in ('01', '02') and w.ywbh <> $4)
     select coalesce(sum(fen), 0)::text as fen, count(distinct ywbh)::text as times from (select * from paid union all select * from held) x`,
    [zjhms, from, to, except],
  );
  return { fen: BigInt(row!.fen), times: Number(row!.times) };
}

/** The calendar quarter of a date: its first and last day. */
export function quarterOf(date: string): { from: string; to: string } {
  const y = date.slice(0, 4);
  const q = Math.floor((Number(date.slice(5, 7)) - 1) / 3);
  const first = String(q * 3 + 1).padStart(2, '0');
  const lastMonth = q * 3 + 3;
  const lastDay = new Date(Date.UTC(Number(y), lastMonth, 0)).getUTCDate();
  return { from: `${y}-${first}-01`, to: `${y}-${String(lastMonth).padStart(2, '0')}-${lastDay}` };
}

/** Whether the register holds a home of any of these people. */
export async function ownsHome(q: Queryable, zjhms: readonly string[]): Promise<boolean> {
  return (await q.query('select 1 from property_record where zjhm = any($1::text[]) limit 1', [zjhms])).length > 0;
}

const spouseAware = (d: Depositor): string[] => (d.married && d.pozjhm ? [d.zjhm, d.pozjhm] : [d.zjhm]);

const LEASE: BusinessMaterial<Tq0107Payload> = {
  wjlxId: 'ZLHT',
  wjmc: '房屋租赁合同',
  jdbh: 'TQ0107-01',
  mlbh: '0701',
  zstj: '本人（或配偶）作为承租人签订的、在租赁期内的房屋租赁合同',
  required: true,
  maxFiles: 20,
};

const D = PARAMETER_DEFAULTS;
const rentMonthsMessage = (n: number) => `连续缴存满 ${n} 个月后才能办理租房提取`;

export const tq0107 = defineWithdrawal<Tq0107Payload>({
  ywlx: 'TQ0107',
  ywmc: '租赁住房提取',
  tqyy: '07',
  closing: false,
  timeLimitDays: 3,
  statuses: [ACCOUNT_STATUS.normal],
  fields: {
    zlht: { type: 'string', minLength: 1, maxLength: 50, description: '租赁合同编号', 'x-msg': '租赁合同编号应为 1 至 50 个字', 'x-required-msg': '请输入租赁合同编号' },
    zldz: { type: 'string', minLength: 2, maxLength: 200, description: '租赁房屋坐落', 'x-msg': '租赁房屋坐落应为 2 至 200 个字', 'x-required-msg': '请输入租赁房屋坐落' },
    yzj: moneyField('月租金', '请输入月租金'),
    zlqsrq: dateField('租赁起始日期', '请选择租赁起始日期'),
    zlzzrq: dateField('租赁终止日期', '请选择租赁终止日期'),
    wfsm: { type: 'boolean', description: '本人及配偶在本市无自有住房的声明', 'x-msg': '请确认无房声明', 'x-required-msg': '请确认本人及配偶在本市无自有住房' },
  },
  required: ['zlht', 'zldz', 'yzj', 'zlqsrq', 'zlzzrq', 'wfsm'],
  rules: [
    {
      name: 'continuous-months',
      description: `连续足额缴存满 rentMinMonths 个月（默认 ${D.rentMinMonths}，截至本月或上月）`,
      msg: rentMonthsMessage(D.rentMinMonths),
      message: async ({ q }) => rentMonthsMessage((await readWithdrawalParams(q)).rentMinMonths),
      param: 'rentMinMonths',
      atOpen: true,
      async holds(ctx) {
        const d = await depositorOf(ctx.q, ctx.applicant);
        return !d || hasContinuousMonths(ctx.q, d.grzh, todayOf(ctx), (await readWithdrawalParams(ctx.q)).rentMinMonths);
      },
    },
    {
      name: 'no-home-on-record',
      description: '本人及配偶在本市房产登记中没有住房',
      msg: '房产登记显示您或配偶在本市有自有住房，不能办理租房提取',
      atOpen: true,
      async holds(ctx) {
        const d = await depositorOf(ctx.q, ctx.applicant);
        return !d || !(await ownsHome(ctx.q, spouseAware(d)));
      },
    },
    {
      name: 'quarter-frequency',
      description: `每个自然季度至多提取 rentPerQuarter 次（默认 ${D.rentPerQuarter}，含在办的和配偶的）`,
      msg: '本季度已办理过租房提取，请下个季度再申请',
      param: 'rentPerQuarter',
      atOpen: true,
      async holds(ctx) {
        const d = await depositorOf(ctx.q, ctx.applicant);
        if (!d) return true;
        const { from, to } = quarterOf(todayOf(ctx));
        const p = await readWithdrawalParams(ctx.q);
        return (await rentUsed(ctx.q, householdOf(p, d), from, to, ctx.ywbh)).times < p.rentPerQuarter;
      },
    },
    {
      name: 'no-home-declared',
      description: '申请人声明本人及配偶在本市无自有住房',
      msg: '请确认本人及配偶在本市无自有住房',
      holds: ({ payload }) => payload.wfsm === true,
    },
    {
      name: 'lease-current',
      description: '租赁合同在租赁期内（起始日期不晚于今天，终止日期不早于今天）',
      msg: '租赁合同不在租赁期内，请核对租赁起止日期',
      holds: (ctx) => ctx.payload.zlqsrq <= todayOf(ctx) && ctx.payload.zlzzrq >= todayOf(ctx) && ctx.payload.zlqsrq < ctx.payload.zlzzrq,
    },
  ],
  async limit({ q, depositor, today, ywbh }) {
    const year = today.slice(0, 4);
    const p = await readWithdrawalParams(q);
    const quota = rentQuotaFen(p, depositor);
    const used = await rentUsed(q, householdOf(p, depositor), `${year}-01-01`, `${year}-12-31`, ywbh);
    const left = quota - used.fen > 0n ? quota - used.fen : 0n;
    const who = householdOf(p, depositor).length > 1 ? '家庭（本人和配偶合计）' : '本人';
    return {
      maxFen: left,
      reasons: [`${year} 年${who}租房提取额度 ${fenToYuan(quota)} 元，已提取或在办 ${fenToYuan(used.fen)} 元，剩余 ${fenToYuan(left)} 元`],
    };
  },
  materials: [COMMON_MATERIALS.SFZ as BusinessMaterial<Tq0107Payload>, LEASE, COMMON_MATERIALS.SQS as BusinessMaterial<Tq0107Payload>],
  guide: (p) => ({
    ...GUIDE_COMMON,
    bjsj: '额度内提交后即时办结，资金 1 个工作日内到账',
    xzdy: '职工及配偶在本市无自有住房且租赁住房的，可按季度提取住房公积金支付房租，每年不超过中心规定的额度。',
    sltj: `1. 账户状态正常；2. 连续缴存满 ${p.rentMinMonths} 个月；3. 本人及配偶在本市无自有住房；4. 本季度办理租房提取不足 ${p.rentPerQuarter} 次；5. 没有其他在办的提取业务。`,
    sqcl: '身份证；房屋租赁合同。',
    bllc: '1. 阅读须知；2. 填写租赁信息和提取金额；3. 填写本人银行卡；4. 上传材料并提交；5. 额度内即时办结，资金转入银行卡。',
    bljg: '提取金额转入本人银行卡，账户余额相应减少；可在“提取历史”查看并打印提取回单。',
    bz:
      p.rentQuotaPerHousehold === 1
        ? `未婚职工每年 ${p.rentYearQuotaSingleYuan} 元，已婚职工家庭每年合计 ${p.rentYearQuotaHouseholdYuan} 元（配偶提取的计入）。`
        : `每人每年 ${p.rentYearQuotaSingleYuan} 元（已婚职工也按个人计算）。`,
  }),
  notice: (p) =>
    '一、本人及配偶在本市无自有住房的，方可办理租房提取；虚假声明的，中心将追回已提取的资金并记入信用记录。\n' +
    `二、每个自然季度可提取 ${p.rentPerQuarter} 次，全年合计不超过中心规定的额度，额度按自然年度计算。\n` +
    '三、资金只转入申请人本人的银行卡。',
  automatic: { description: '额度内的租房提取即时办结', decide: () => 'complete' },
});

