import { centreDate } from '../../clock';
import { ApiError } from '../../http/envelope';
import { fenToYuan, postMovements, RecordsError, yuanToFen } from '../../records';
import { monthOf } from '../flexible/params';
import { buttonRule } from './buttons';
import { defineBusiness, type BusinessRule } from '../types';
import { GUIDE_COMMON, nextMonth, today, typed, UNIT_ACCOUNT_RULE, UNIT_NORMAL_RULE, unitFor, type ApplicantUnit } from './common';
import { remittanceSummary, writeRemittanceLines } from './remittance';

/**
 * GJ0201 单位汇缴 (/dwwt/jcyw/dw_huij): the unit pays the month's remittance for all its employees. The clerk checks
 * the list (GET dwyw/hjqd) and submits the month with the persons and total the list showed; the server checks them
 * against the list as it stands and accepts it at once (待缴款). The unit's payment is the centre's bank collection:
 * when it arrives (the reference server: `POST /dev/unit-remittance/{ywbh}/pay`, or the centre's 办结) the
 * remittance is completed: the payment row (unit_remittance), its lines, and a 汇缴 entry on every employee account,
 * set-based, in the one transaction of the status change. The unit's total equals the sum of its lines to the fen.
 */
export interface Gj0201Payload {
  /** 汇缴年月 YYYYMM: the month after the unit's 缴至年月. */
  hjny: string;
  /** 汇缴人数 and 汇缴金额 (yuan) as the clerk checked them. */
  rs: number;
  hjje: string;
}

/** The rounding units (parameter roundingFen) in words. */
const ROUNDING_WORDS: Readonly<Record<number, string>> = { 100: '元', 10: '角', 1: '分' };

/** The month the unit pays next: the month after its 缴至年月, or its opening month before any remittance. */
export const dueMonth = (unit: Pick<ApplicantUnit, 'jzny' | 'khrq'>): string => (unit.jzny ? nextMonth(unit.jzny) : monthOf(unit.khrq));

/** The rule table of GJ0201 (docs/api-unit-business.md › 汇缴), in the order it is checked. */
export const GJ0201_RULES: ReadonlyArray<BusinessRule<Gj0201Payload>> = [
  buttonRule<Gj0201Payload>('GJ0201'),
  typed(UNIT_ACCOUNT_RULE),
  typed(UNIT_NORMAL_RULE),
  {
    name: 'month-in-order',
    description: '汇缴年月是单位缴至年月的次月（逐月缴存，不能跳月；漏缴的月份办理补缴）',
    msg: '汇缴须从缴至年月的次月起逐月办理，请按页面显示的汇缴年月缴款',
    async holds(ctx) {
      const unit = await unitFor(ctx);
      return !unit || ctx.payload.hjny === dueMonth(unit);
    },
  },
  {
    name: 'not-future',
    description: '汇缴年月不晚于本月',
    msg: '还不能缴纳以后月份的住房公积金',
    holds: (ctx) => ctx.payload.hjny <= monthOf(today(ctx)),
  },
  {
    name: 'not-paid',
    description: '该月尚未汇缴（同一单位同一月份只能汇缴一次）',
    msg: '该月已汇缴，不能重复缴纳',
    async holds(ctx) {
      const unit = await unitFor(ctx);
      if (!unit) return true;
      const rows = await ctx.q.query(`select 1 from unit_remittance where dwzh = $1 and period = $2 and kind = '01'`, [unit.dwzh, ctx.payload.hjny]);
      return rows.length === 0;
    },
  },
  {
    name: 'has-employees',
    description: '单位有正常缴存的职工（月缴存额大于零）',
    msg: '单位没有正常缴存的职工，无需汇缴',
    param: 'roundingFen',
    async holds(ctx) {
      const unit = await unitFor(ctx);
      return !unit || (await remittanceSummary(ctx.q, unit.dwzh)).persons > 0;
    },
  },
  {
    name: 'matches-list',
    description: '汇缴人数和金额与提交时按职工缴存基数、比例计算的清单一致（单位合计等于各职工金额之和）',
    msg: '汇缴人数或金额与当前缴存清单不一致，请刷新清单后重新核对',
    param: 'roundingFen',
    async holds(ctx) {
      const unit = await unitFor(ctx);
      if (!unit) return true;
      const s = await remittanceSummary(ctx.q, unit.dwzh);
      return s.persons === ctx.payload.rs && fenToYuan(s.totalFen) === ctx.payload.hjje;
    },
  },
];

export const gj0201 = defineBusiness<Gj0201Payload>({
  ywlx: 'GJ0201',
  ywmc: '单位汇缴',
  area: 'unit',
  loginTypes: [2],
  timeLimitDays: 1,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['hjny', 'rs', 'hjje'],
    properties: {
      hjny: { type: 'string', pattern: '^\\d{4}(0[1-9]|1[0-2])$', description: '汇缴年月（YYYYMM）', 'x-msg': '汇缴年月应为六位年月，如 202611', 'x-required-msg': '请选择汇缴年月' },
      rs: { type: 'integer', minimum: 1, maximum: 1_000_000, description: '汇缴人数', 'x-msg': '汇缴人数应为正整数', 'x-required-msg': '请核对汇缴人数' },
      hjje: { type: 'string', pattern: '^(0|[1-9]\\d{0,11})\\.\\d{2}$', description: '汇缴金额（元，两位小数）', 'x-msg': '汇缴金额应为两位小数的金额', 'x-required-msg': '请核对汇缴金额' },
    },
  },
  rules: GJ0201_RULES,
  guide: (c) => ({
    ...GUIDE_COMMON,
    bjsj: '核对清单后即时受理，银行到账后即时入账',
    xzdy: '单位按月为在职职工汇缴住房公积金：按职工的缴存基数和单位、个人缴存比例计算，单位部分和个人部分一并缴纳。',
    sltj: '1. 单位账户状态正常；2. 从缴至年月的次月起逐月汇缴，同一月份只能汇缴一次，漏缴月份办理补缴；3. 有正常缴存的职工。',
    sqcl: '无需材料。',
    bllc: '1. 阅读办理须知并同意；2. 核对本月汇缴清单（新增、变更的职工已标出）；3. 确认人数和金额并提交；4. 按受理通知缴款；5. 到账后记入每位职工的个人账户。',
    bljg: '到账后每位职工的个人账户记一笔“汇缴”，单位缴至年月顺延一个月。',
    bz: `单位部分和个人部分分别按缴存基数乘以比例计算，各自四舍五入到${ROUNDING_WORDS[c.roundingFen] ?? '分'}。`,
  }),
  materials: [],
  notice:
    '一、汇缴清单按职工当前的缴存基数和缴存比例计算；职工增减、基数或比例调整请先办理相应业务。\n' +
    '二、汇缴须逐月办理，同一月份只能缴纳一次；漏缴的月份请办理补缴。\n' +
    '三、提交后请按受理通知足额缴款，银行到账后即记入职工个人账户。',
  automatic: { description: '汇缴清单核对无误，即时受理，待单位缴款到账', decide: () => 'accept' },
  async complete({ tx, at, application }) {
    const p = application.payload;
    // The unit's row lock: two settlements of one unit never run side by side.
    const [unit] = await tx.query<{ jzny: string | null; khrq: string }>('select jzny, khrq::text as khrq from unit_account where dwzh = $1 for update', [application.zh]);
    if (!unit) throw new RecordsError('单位账户不存在');
    if (p.hjny !== dueMonth(unit)) throw new ApiError(409, `该单位应汇缴 ${dueMonth(unit)}，不能缴纳 ${p.hjny}`);
    const [payment] = await tx.query(
      `insert into unit_remittance (ywbh, dwzh, period, kind, persons, total_fen, paid_at) values ($1, $2, $3, '01', 0, 0, $4)
       on conflict (dwzh, period, kind) where kind = '01' do nothing returning 1`,
      [application.ywbh, application.zh, p.hjny, at],
    );
    if (!payment) throw new ApiError(409, '该月已汇缴，不能重复缴纳');
    // Every account of the unit, locked in account order before its line is computed.
    await tx.query(`select 1 from personal_account where dwzh = $1 and kind = 'gr' order by grzh for update`, [application.zh]);
    const lines = await writeRemittanceLines(tx, application.ywbh, application.zh);
    const total = lines.reduce((s, l) => s + l.amountFen, 0n);
    if (lines.length !== p.rs || total !== yuanToFen(p.hjje)) {
      throw new ApiError(409, `缴存清单已变化（现为 ${lines.length} 人、${fenToYuan(total)} 元），与缴款的 ${p.rs} 人、${p.hjje} 元不一致，请中心核对`);
    }
    await tx.query('update unit_remittance set persons = $2, total_fen = $3 where ywbh = $1', [application.ywbh, lines.length, String(total)]);
    const posted = await postMovements(
      tx,
      { kind: '01', ywbh: application.ywbh, valueDate: centreDate(at), period: p.hjny, note: `汇缴 ${p.hjny.slice(0, 4)} 年 ${p.hjny.slice(4)} 月` },
      lines,
    );
    // The journal's side of the same figure: what was posted now plus what an earlier run posted.
    if (posted.replayed === 0 && posted.totalFen !== total) throw new RecordsError('入账金额与汇缴金额不一致');
    await tx.query('update unit_account set jzny = $2 where dwzh = $1', [application.zh, p.hjny]);
  },
});
