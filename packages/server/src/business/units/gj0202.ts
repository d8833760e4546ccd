import { centreDate } from '../../clock';
import { ApiError } from '../../http/envelope';
import { fenToYuan, postMovements, RecordsError, yuanToFen } from '../../records';
import { monthOf } from '../flexible/params';
import { defineBusiness, type BusinessRule } from '../types';
import { backpaySummary, writeBackpayLines } from './backpay';
import { buttonRule } from './buttons';
import { GUIDE_COMMON, typed, UNIT_ACCOUNT_RULE, UNIT_NORMAL_RULE, unitFor } from './common';

/**
 * GJ0202 单位补缴 (/dwwt/jcyw/dw_bj): the unit pays a past month for the employees who missed it (an account opened
 * late, a month left out). The month is one the unit has already paid by 汇缴 (its 缴至年月 or before; later months
 * are GJ0201's); the list is every employee in status 正常 whose first unpaid month is this one (GET dwyw/bjqd,
 * src/business/units/backpay.ts), so each employee's months are closed in order and none is paid twice. The clerk
 * confirms the persons and total shown; accepted at once, completed when the money arrives as GJ0201 is: the payment
 * row (unit_remittance, kind 02), its lines and a 补缴 entry (kind 02, period the month) on every account, set-based,
 * in the transaction of the status. 缴至年月 does not move.
 */
export interface Gj0202Payload {
  /** 补缴年月 YYYYMM. */
  bjny: string;
  rs: number;
  /** 补缴金额 (yuan) as the clerk checked it. */
  bjje: string;
}

/** The rule table of GJ0202 (docs/api-unit-business.md › 补缴), in the order it is checked. */
export const GJ0202_RULES: ReadonlyArray<BusinessRule<Gj0202Payload>> = [
  buttonRule<Gj0202Payload>('GJ0202'),
  typed(UNIT_ACCOUNT_RULE),
  typed(UNIT_NORMAL_RULE),
  {
    name: 'month-paid-by-unit',
    description: '补缴年月是单位已汇缴的月份（缴至年月及以前）；以后的月份办理汇缴',
    msg: '补缴年月须为单位已汇缴的月份（缴至年月及以前），以后的月份请办理汇缴',
    async holds(ctx) {
      const unit = await unitFor(ctx);
      return !unit || (unit.jzny !== null && ctx.payload.bjny <= unit.jzny);
    },
  },
  {
    name: 'not-before-opening',
    description: '补缴年月不早于单位开户年月',
    msg: '补缴年月不能早于单位开户年月',
    async holds(ctx) {
      const unit = await unitFor(ctx);
      return !unit || ctx.payload.bjny >= monthOf(unit.khrq);
    },
  },
  {
    name: 'has-employees',
    description: '该月有需要补缴的职工：正常状态、已开户、该月未缴且更早的月份均已缴（每名职工按月份顺序补缴，同一月份只缴一次）',
    msg: '该月没有需要补缴的职工（职工须按月份顺序补缴，已缴的月份不能重复缴纳）',
    param: 'roundingFen',
    async holds(ctx) {
      const unit = await unitFor(ctx);
      return !unit || (await backpaySummary(ctx.q, unit.dwzh, ctx.payload.bjny)).persons > 0;
    },
  },
  {
    name: 'matches-list',
    description: '补缴人数和金额与提交时按职工缴存基数、比例计算的补缴清单一致（单位合计等于各职工金额之和）',
    msg: '补缴人数或金额与当前补缴清单不一致，请刷新清单后重新核对',
    param: 'roundingFen',
    async holds(ctx) {
      const unit = await unitFor(ctx);
      if (!unit) return true;
      const s = await backpaySummary(ctx.q, unit.dwzh, ctx.payload.bjny);
      return s.persons === ctx.payload.rs && fenToYuan(s.totalFen) === ctx.payload.bjje;
    },
  },
];

export const gj0202 = defineBusiness<Gj0202Payload>({
  ywlx: 'GJ0202',
  ywmc: '单位补缴',
  area: 'unit',
  loginTypes: [2],
  timeLimitDays: 3,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['bjny', 'rs', 'bjje'],
    properties: {
      bjny: { type: 'string', pattern: '^\\d{4}(0[1-9]|1[0-2])$', description: '补缴年月（YYYYMM）', 'x-msg': '补缴年月应为六位年月，如 202403', 'x-required-msg': '请选择补缴年月' },
      rs: { type: 'integer', minimum: 1, maximum: 1_000_000, description: '补缴人数', 'x-msg': '补缴人数应为正整数', 'x-required-msg': '请核对补缴人数' },
      bjje: { type: 'string', pattern: '^(0|[1-9]\\d{0,11})\\.\\d{2}$', description: '补缴金额（元，两位小数）', 'x-msg': '补缴金额应为两位小数的金额', 'x-required-msg': '请核对补缴金额' },
    },
  },
  rules: GJ0202_RULES,
  guide: {
    ...GUIDE_COMMON,
    bjsj: '核对清单后即时受理，银行到账后即时入账',
    xzdy: '单位为职工补缴以前月份漏缴的住房公积金：职工开户晚于单位已汇缴的月份，或某月未列入汇缴清单。',
    sltj: '1. 单位账户状态正常；2. 补缴年月是单位已汇缴的月份（缴至年月及以前），不早于单位开户年月；3. 每名职工按月份顺序补缴，已缴的月份不能重复缴纳。',
    sqcl: '无需材料。',
    bllc: '1. 阅读办理须知并同意；2. 选择补缴年月（默认最早的漏缴月份），核对补缴清单；3. 确认人数和金额并提交；4. 按受理通知缴款；5. 到账后记入每位职工的个人账户。',
    bljg: '到账后每位职工的个人账户记一笔“补缴”，所属年月为补缴年月。',
    bz: '补缴金额按职工当前的缴存基数和缴存比例计算。',
  },
  materials: [],
  notice:
    '一、补缴清单列出所选月份漏缴的职工，金额按职工当前的缴存基数和缴存比例计算。\n' +
    '二、职工的漏缴月份须按顺序逐月补缴；已缴的月份不能重复缴纳。\n' +
    '三、缴至年月以后的月份请办理汇缴。提交后请按受理通知足额缴款，银行到账后即记入职工个人账户。',
  automatic: { description: '补缴清单核对无误，即时受理，待单位缴款到账', decide: () => 'accept' },
  async complete({ tx, at, application }) {
    const p = application.payload;
    // The unit's row lock: a 补缴 and a 汇缴 of one unit never settle side by side.
    const [unit] = await tx.query<{ jzny: string | null }>('select jzny from unit_account where dwzh = $1 for update', [application.zh]);
    if (!unit) throw new RecordsError('单位账户不存在');
    await tx.query(`insert into unit_remittance (ywbh, dwzh, period, kind, persons, total_fen, paid_at) values ($1, $2, $3, '02', 0, 0, $4)`, [
      application.ywbh,
      application.zh,
      p.bjny,
      at,
    ]);
    await tx.query(`select 1 from personal_account where dwzh = $1 and kind = 'gr' order by grzh for update`, [application.zh]);
    const lines = await writeBackpayLines(tx, application.ywbh, application.zh, p.bjny);
    const total = lines.reduce((s, l) => s + l.amountFen, 0n);
    if (lines.length !== p.rs || total !== yuanToFen(p.bjje)) {
      throw new ApiError(409, `补缴清单已变化（现为 ${lines.length} 人、${fenToYuan(total)} 元），与缴款的 ${p.rs} 人、${p.bjje} 元不一致，请中心核对`);
    }
    await tx.query('update unit_remittance set persons = $2, total_fen = $3 where ywbh = $1', [application.ywbh, lines.length, String(total)]);
    const posted = await postMovements(
      tx,
      { kind: '02', ywbh: application.ywbh, valueDate: centreDate(at), period: p.bjny, note: `补缴 ${p.bjny.slice(0, 4)} 年 ${p.bjny.slice(4)} 月` },
      lines,
    );
    if (posted.replayed === 0 && posted.totalFen !== total) throw new RecordsError('入账金额与补缴金额不一致');
  },
});
