import { buttonRule } from './buttons';
import { defineBusiness, type BusinessRule } from '../types';
import { GUIDE_COMMON, typed, UNIT_ACCOUNT_RULE, UNIT_NORMAL_RULE, unitOf } from './common';
import { BOUND_MESSAGES, PARAMETER_DEFAULTS, readParameters } from '../../params/centre';
import { PART_SQL } from './params';

/**
 * GJ0204 缴存比例调整 (/dwwt/jcyw/bl_tz): the unit sets its unit and personal ratios, within the centre's bounds; every
 * employee account of the unit not closed takes them, and its 月缴存额 is recomputed by the one rounding rule, in one
 * statement. Lowering a ratio is 降低缴存比例 (GJ0205, decided by the centre), not this business.
 */
export interface Gj0204Payload {
  dwjcbl: number;
  grjcbl: number;
}

const D = PARAMETER_DEFAULTS;
const RATIO = (what: string) => ({
  type: 'integer',
  minimum: 1,
  maximum: 100,
  description: `${what}缴存比例（%）`,
  'x-msg': `${what}缴存比例应为 1 至 100 的整数`,
  'x-required-msg': `请选择${what}缴存比例`,
});

export const GJ0204_RULES: ReadonlyArray<BusinessRule<Gj0204Payload>> = [
  buttonRule<Gj0204Payload>('GJ0204'),
  typed(UNIT_ACCOUNT_RULE),
  typed(UNIT_NORMAL_RULE),
  {
    name: 'ratio-within-bounds',
    description: `单位和个人缴存比例各为 ratioMin 至 ratioMax 之间的整数（默认 ${D.ratioMin}% 至 ${D.ratioMax}%，与个人和灵活就业业务同一行）`,
    msg: BOUND_MESSAGES.ratio(D),
    message: async ({ q }) => BOUND_MESSAGES.ratio(await readParameters(q)),
    param: 'ratioMin, ratioMax',
    async holds({ q, payload }) {
      const p = await readParameters(q);
      return [payload.dwjcbl, payload.grjcbl].every((r) => Number.isInteger(r) && r >= p.ratioMin && r <= p.ratioMax);
    },
  },
  {
    name: 'not-lower',
    description: '比例不低于现行比例（降低缴存比例办理“降低缴存比例”，由中心审批）',
    msg: '降低缴存比例请办理“降低缴存比例”业务',
    async holds({ q, applicant, payload }) {
      const unit = await unitOf(q, applicant);
      return !unit || (payload.dwjcbl >= Number(unit.dwjcbl) && payload.grjcbl >= Number(unit.grjcbl));
    },
  },
  {
    name: 'changed',
    description: '比例与现行比例不同',
    msg: '新的缴存比例与现行比例相同，无需调整',
    async holds({ q, applicant, payload }) {
      const unit = await unitOf(q, applicant);
      return !unit || payload.dwjcbl !== Number(unit.dwjcbl) || payload.grjcbl !== Number(unit.grjcbl);
    },
  },
];

export const gj0204 = defineBusiness<Gj0204Payload>({
  ywlx: 'GJ0204',
  ywmc: '缴存比例调整',
  area: 'unit',
  loginTypes: [2],
  timeLimitDays: 1,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['dwjcbl', 'grjcbl'],
    properties: { dwjcbl: RATIO('单位'), grjcbl: RATIO('个人') },
  },
  rules: GJ0204_RULES,
  guide: (p) => ({
    ...GUIDE_COMMON,
    bjsj: '即时办结',
    xzdy: '单位在中心规定的范围内调整单位和职工的住房公积金缴存比例。',
    sltj: `1. 单位账户状态正常；2. 单位和个人缴存比例各为 ${p.ratioMin}% 至 ${p.ratioMax}% 的整数；3. 不低于现行比例（降低比例另行申请）。`,
    sqcl: '无需材料。',
    bllc: '1. 选择新的比例；2. 核对并提交；3. 即时生效，下一次汇缴按新比例计算。',
    bljg: '单位和全体职工的缴存比例、职工的月缴存额更新。',
    bz: '',
  }),
  materials: [],
  notice: (p) => `一、缴存比例须在 ${p.ratioMin}% 至 ${p.ratioMax}% 之间。\n二、新的比例自下一次汇缴起执行。\n三、降低缴存比例须办理“降低缴存比例”，由中心审批。`,
  automatic: { description: '条件全部满足，即时生效', decide: () => 'complete' },
  async complete({ tx, application }) {
    const { dwjcbl, grjcbl } = application.payload;
    await tx.query('update unit_account set dwjcbl = $2, grjcbl = $3 where dwzh = $1', [application.zh, dwjcbl, grjcbl]);
    await tx.query(
      `update personal_account p
          set dwjcbl = $2, grjcbl = $3,
              yjce_fen = ${PART_SQL('p.jcjs_fen', '$2::numeric', '$4::bigint')} + ${PART_SQL('p.jcjs_fen', '$3::numeric', '$4::bigint')}
        where p.dwzh = $1 and p.kind = 'gr' and p.grzhzt not in ('03', '04', '05')`,
      [application.zh, dwjcbl, grjcbl, (await readParameters(tx)).roundingFen],
    );
  },
});
