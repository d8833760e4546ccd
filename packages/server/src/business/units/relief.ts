import { RecordsError } from '../../records';
import { UNIT_ACCOUNT_STATUS } from '../../records/kinds';
import { PARAMETER_DEFAULTS, readParameters, type CentreParameters } from '../../params/centre';
import { COMMON_MATERIALS, UNIT_MATERIALS } from '../materials';
import { defineBusiness, type BusinessMaterial, type BusinessRule } from '../types';
import { buttonRule } from './buttons';
import { GUIDE_COMMON, typed, UNIT_ACCOUNT_RULE, UNIT_NORMAL_RULE, unitOf } from './common';
import { dueMonth } from './gj0201';
import { PART_SQL } from './params';

/**
 * The two reliefs a unit in difficulty asks the centre for (docs/api-unit-business.md › 降低缴存比例 and 缓缴):
 * GJ0205 降低缴存比例 (/dwwt/jcyw/jd_bl) and GJ0206 单位缓缴 (/dwwt/jcyw/dw_huanj). Their conditions are rule rows
 * (numbers from the centre's parameter table: reducedRatioMin, ratioMax, deferMaxMonths); the centre decides each (no
 * automatic rule) on the materials: the employees' resolution and the unit's financial statements. What approval
 * changes is done in the transaction of the completion.
 */

const D = PARAMETER_DEFAULTS;

/** The materials of both: the unit's own, the employees' resolution and the financial statements. */
export const RELIEF_MATERIALS: ReadonlyArray<BusinessMaterial> = [
  ...UNIT_MATERIALS.filter((m) => m.wjlxId !== COMMON_MATERIALS.QT.wjlxId),
  {
    wjlxId: 'ZDHJY',
    wjmc: '职工代表大会或全体职工决议',
    jdbh: 'DW-05',
    mlbh: '9811',
    zstj: '经本单位职工代表大会或者工会讨论通过的决议',
    description: '职工代表大会或全体职工（工会）讨论通过的决议，盖单位公章',
    required: true,
    maxFiles: 5,
  },
  {
    wjlxId: 'CWBB',
    wjmc: '单位财务报表',
    jdbh: 'DW-05',
    mlbh: '9812',
    zstj: '单位上一年度及近期的财务报表',
    description: '反映单位经营困难的上一年度及近期财务报表（资产负债表、利润表），盖单位公章',
    required: true,
    maxFiles: 10,
  },
  COMMON_MATERIALS.QT,
];

const REASON = (what: string) => ({
  type: 'string',
  minLength: 4,
  maxLength: 500,
  description: `${what}原因`,
  'x-msg': `${what}原因应为 4 至 500 个字`,
  'x-required-msg': `请填写${what}原因`,
});

// ——— GJ0205 降低缴存比例 ———

export interface Gj0205Payload {
  dwjcbl: number;
  grjcbl: number;
  /** 降低原因. */
  jdyy: string;
}

const reducedMessage = (p: Pick<CentreParameters, 'reducedRatioMin' | 'ratioMax'>) => `降低后的单位和个人缴存比例须为 ${p.reducedRatioMin}% 至 ${p.ratioMax}% 的整数`;

const RATIO = (what: string) => ({
  type: 'integer',
  minimum: 1,
  maximum: 100,
  description: `降低后的${what}缴存比例（%）`,
  'x-msg': `${what}缴存比例应为 1 至 100 的整数`,
  'x-required-msg': `请选择${what}缴存比例`,
});

export const GJ0205_RULES: ReadonlyArray<BusinessRule<Gj0205Payload>> = [
  buttonRule<Gj0205Payload>('GJ0205'),
  typed(UNIT_ACCOUNT_RULE),
  typed(UNIT_NORMAL_RULE),
  {
    name: 'reduced-within-bounds',
    description: `降低后的单位和个人缴存比例各为 reducedRatioMin 至 ratioMax 之间的整数（默认 ${D.reducedRatioMin}% 至 ${D.ratioMax}%）`,
    msg: reducedMessage(D),
    message: async ({ q }) => reducedMessage(await readParameters(q)),
    param: 'reducedRatioMin, ratioMax',
    async holds({ q, payload }) {
      const p = await readParameters(q);
      return [payload.dwjcbl, payload.grjcbl].every((r) => Number.isInteger(r) && r >= p.reducedRatioMin && r <= p.ratioMax);
    },
  },
  {
    name: 'lower',
    description: '至少一项比例低于现行比例，且没有一项高于现行比例（提高比例办理“缴存比例调整”）',
    msg: '降低缴存比例须低于现行比例；提高比例请办理“缴存比例调整”',
    async holds({ q, applicant, payload }) {
      const unit = await unitOf(q, applicant);
      if (!unit) return true;
      const [dw, gr] = [Number(unit.dwjcbl), Number(unit.grjcbl)];
      return payload.dwjcbl <= dw && payload.grjcbl <= gr && (payload.dwjcbl < dw || payload.grjcbl < gr);
    },
  },
];

export const gj0205 = defineBusiness<Gj0205Payload>({
  ywlx: 'GJ0205',
  ywmc: '降低缴存比例',
  area: 'unit',
  loginTypes: [2],
  timeLimitDays: 10,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['dwjcbl', 'grjcbl', 'jdyy'],
    properties: { dwjcbl: RATIO('单位'), grjcbl: RATIO('个人'), jdyy: REASON('降低') },
  },
  rules: GJ0205_RULES,
  guide: (p) => ({
    ...GUIDE_COMMON,
    bjsj: '10 个工作日',
    xzdy: '生产经营困难的单位，经职工代表大会或工会讨论通过，申请降低住房公积金缴存比例，由中心审批。',
    sltj: `1. 单位账户状态正常；2. 降低后的单位和个人缴存比例各为 ${p.reducedRatioMin}% 至 ${p.ratioMax}% 的整数，不高于现行比例；3. 职工代表大会或全体职工讨论通过。`,
    sqcl: '营业执照、经办人身份证、授权委托书；职工代表大会或全体职工决议；单位财务报表。',
    bllc: '1. 填写降低后的比例和原因并上传材料；2. 中心审批；3. 批准后单位和全体职工的比例即时降低。',
    bljg: '单位和全体职工的缴存比例、职工的月缴存额更新，下一次汇缴按新比例计算。',
    bz: '单位经营状况好转后，应及时办理“缴存比例调整”恢复缴存比例。',
  }),
  materials: RELIEF_MATERIALS,
  notice: (p) =>
    `一、降低缴存比例须经本单位职工代表大会或工会讨论通过。\n二、降低后的比例不低于 ${p.reducedRatioMin}%。\n三、由中心审批，批准后自下一次汇缴起执行。`,
  async complete({ tx, application }) {
    const { dwjcbl, grjcbl } = application.payload;
    // The bounds and the current ratios again, in the transaction: a ratio raised since submission stops it.
    const [unit] = await tx.query<{ dwjcbl: string; grjcbl: string }>('select dwjcbl::text as dwjcbl, grjcbl::text as grjcbl from unit_account where dwzh = $1 for update', [application.zh]);
    if (!unit || dwjcbl > Number(unit.dwjcbl) || grjcbl > Number(unit.grjcbl)) throw new RecordsError('单位的缴存比例已变化，请重新申请', 409);
    const p = await readParameters(tx);
    if ([dwjcbl, grjcbl].some((r) => r < p.reducedRatioMin || r > p.ratioMax)) throw new RecordsError(reducedMessage(p), 409);
    await tx.query('update unit_account set dwjcbl = $2, grjcbl = $3 where dwzh = $1', [application.zh, dwjcbl, grjcbl]);
    await tx.query(
      `update personal_account p
          set dwjcbl = $2, grjcbl = $3,
              yjce_fen = ${PART_SQL('p.jcjs_fen', '$2::numeric', '$4::bigint')} + ${PART_SQL('p.jcjs_fen', '$3::numeric', '$4::bigint')}
        where p.dwzh = $1 and p.kind = 'gr' and p.grzhzt not in ('03', '04', '05')`,
      [application.zh, dwjcbl, grjcbl, p.roundingFen],
    );
  },
});

// ——— GJ0206 单位缓缴 ———

export interface Gj0206Payload {
  /** 缓缴起始年月: the month after 缴至年月 (the next month due). */
  qsny: string;
  /** 缓缴终止年月. */
  zzny: string;
  hjyy: string;
}

/** Months from `from` to `to`, both counted (202701 to 202706: 6). */
export const monthsBetween = (from: string, to: string): number =>
  Number(to.slice(0, 4)) * 12 + Number(to.slice(4)) - (Number(from.slice(0, 4)) * 12 + Number(from.slice(4))) + 1;

const deferMessage = (p: Pick<CentreParameters, 'deferMaxMonths'>) => `缓缴期限至多 ${p.deferMaxMonths} 个月`;
const MONTH = (what: string) => ({
  type: 'string',
  pattern: '^\\d{4}(0[1-9]|1[0-2])$',
  description: `缓缴${what}年月（YYYYMM）`,
  'x-msg': `缓缴${what}年月应为六位年月，如 202701`,
  'x-required-msg': `请选择缓缴${what}年月`,
});

export const GJ0206_RULES: ReadonlyArray<BusinessRule<Gj0206Payload>> = [
  buttonRule<Gj0206Payload>('GJ0206'),
  typed(UNIT_ACCOUNT_RULE),
  typed(UNIT_NORMAL_RULE),
  {
    name: 'starts-when-due',
    description: '缓缴起始年月是单位应缴的月份（缴至年月的次月）：已到期未缴的月份不能缓缴以外的方式跳过',
    msg: '缓缴起始年月须为单位应缴的月份（缴至年月的次月）',
    async holds({ q, applicant, payload }) {
      const unit = await unitOf(q, applicant);
      return !unit || payload.qsny === dueMonth(unit);
    },
  },
  {
    name: 'ends-after-start',
    description: '缓缴终止年月不早于起始年月',
    msg: '缓缴终止年月不能早于起始年月',
    holds: ({ payload }) => payload.zzny >= payload.qsny,
  },
  {
    name: 'at-most-months',
    description: `缓缴期限（起止月份都计）至多 deferMaxMonths 个月（默认 ${D.deferMaxMonths}）`,
    msg: deferMessage(D),
    message: async ({ q }) => deferMessage(await readParameters(q)),
    param: 'deferMaxMonths',
    holds: async ({ q, payload }) => payload.zzny < payload.qsny || monthsBetween(payload.qsny, payload.zzny) <= (await readParameters(q)).deferMaxMonths,
  },
];

export const gj0206 = defineBusiness<Gj0206Payload>({
  ywlx: 'GJ0206',
  ywmc: '单位缓缴',
  area: 'unit',
  loginTypes: [2],
  timeLimitDays: 10,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['qsny', 'zzny', 'hjyy'],
    properties: { qsny: MONTH('起始'), zzny: MONTH('终止'), hjyy: REASON('缓缴') },
  },
  rules: GJ0206_RULES,
  guide: (p) => ({
    ...GUIDE_COMMON,
    bjsj: '10 个工作日',
    xzdy: '生产经营困难、无力缴存的单位，经职工代表大会或工会讨论通过，申请暂缓缴存住房公积金，由中心审批。',
    sltj: `1. 单位账户状态正常；2. 缓缴自单位应缴的月份（缴至年月的次月）起，至多 ${p.deferMaxMonths} 个月；3. 职工代表大会或全体职工讨论通过。`,
    sqcl: '营业执照、经办人身份证、授权委托书；职工代表大会或全体职工决议；单位财务报表。',
    bllc: '1. 填写缓缴起止年月和原因并上传材料；2. 中心审批；3. 批准后单位账户状态为“缓缴”。',
    bljg: '单位账户状态为“缓缴”；缓缴期满后应恢复汇缴并补缴缓缴期间的住房公积金。',
    bz: '',
  }),
  materials: RELIEF_MATERIALS,
  notice: (p) =>
    `一、缓缴须经本单位职工代表大会或工会讨论通过。\n二、一次缓缴至多 ${p.deferMaxMonths} 个月，自单位应缴的月份起。\n三、缓缴期满后应补缴缓缴期间的住房公积金。由中心审批。`,
  async complete({ tx, at, application }) {
    const { qsny, zzny } = application.payload;
    const [unit] = await tx.query<{ jzny: string | null; khrq: string; dwzhzt: string }>(
      `select a.jzny, a.khrq::text as khrq, r.dwzhzt from unit_account a join unit_record r on r.dwzh = a.dwzh where a.dwzh = $1 for update of a`,
      [application.zh],
    );
    // Checked again in the transaction: a month paid since submission moves the month due.
    if (!unit || unit.dwzhzt !== UNIT_ACCOUNT_STATUS.normal || qsny !== dueMonth(unit)) throw new RecordsError('单位的缴至年月或账户状态已变化，请重新申请', 409);
    await tx.query('insert into unit_deferral (ywbh, dwzh, qsny, zzny, granted_at) values ($1, $2, $3, $4, $5)', [application.ywbh, application.zh, qsny, zzny, at]);
    await tx.query('update unit_record set dwzhzt = $2 where dwzh = $1', [application.zh, UNIT_ACCOUNT_STATUS.deferred]);
  },
});
