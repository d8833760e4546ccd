import { centreYear } from '../../clock';
import { yuanToFen } from '../../records';
import { defineBusiness } from '../types';
import { BASE_FIELDS, boundRules, FLEXIBLE_ACCOUNT_RULE, flexibleAccountOf, GUIDE_COMMON, NORMAL_ONLY, statusRule, typed } from './common';
import { readParameters } from '../../params/centre';
import { FLEXIBLE_PARAMS, monthlyFen } from './params';

/**
 * GJ0804 月缴存额调整 (/grwt/zhxx/lhjyryyw/yjce_tz): a flexible depositor sets a new base and ratio within the centre's
 * bounds; the monthly deposit is recomputed (each part rounded to the yuan). Completes at once, from the next
 * deduction on; once a calendar year (parameter adjustmentsPerYear).
 */
export interface Gj0804Payload {
  jcjs: string;
  jcbl: number;
}

export const gj0804 = defineBusiness<Gj0804Payload>({
  ywlx: 'GJ0804',
  ywmc: '月缴存额调整',
  area: 'flexible',
  loginTypes: [1],
  timeLimitDays: 3,
  schema: { type: 'object', additionalProperties: false, required: ['jcjs', 'jcbl'], properties: BASE_FIELDS },
  rules: [
    typed(FLEXIBLE_ACCOUNT_RULE),
    typed(statusRule('status-normal', NORMAL_ONLY, '您的灵活就业账户不是正常缴存状态，不能调整月缴存额；已封存的请先办理启封')),
    ...boundRules<Gj0804Payload>(),
    {
      name: 'amount-changes',
      description: '新的缴存基数或比例与现在的不同',
      msg: '新的月缴存基数和缴存比例与现在的相同，无需调整',
      async holds({ q, applicant, payload }) {
        const account = await flexibleAccountOf(q, applicant);
        return !account || account.jcjsFen !== yuanToFen(payload.jcjs) || account.ratio !== payload.jcbl;
      },
    },
    {
      name: 'once-a-year',
      description: `每个自然年至多调整 ${FLEXIBLE_PARAMS.adjustmentsPerYear} 次（已办结的月缴存额调整）`,
      msg: `每年只能调整 ${FLEXIBLE_PARAMS.adjustmentsPerYear} 次月缴存额，您本年度已调整过，请明年再办理`,
      message: async ({ q }) => `每年只能调整 ${(await readParameters(q)).adjustmentsPerYear} 次月缴存额，您本年度已调整过，请明年再办理`,
      param: 'adjustmentsPerYear',
      atOpen: true,
      async holds({ q, applicant, now }) {
        const [row] = await q.query<{ n: string }>(
          `select count(*)::text as n from application
            where account_id = $1 and ywlx = 'GJ0804' and zt = '03'
              and extract(year from updated_at at time zone 'Asia/Shanghai') = $2`,
          [applicant.accountId, centreYear(now ?? new Date())],
        );
        return Number(row?.n ?? 0) < (await readParameters(q)).adjustmentsPerYear;
      },
    },
  ],
  guide: {
    ...GUIDE_COMMON,
    bjsj: '提交后即时办结，自下月扣款起按新的月缴存额扣缴',
    xzdy: '灵活就业人员在中心规定的缴存基数和比例范围内，调整本人的月缴存基数和缴存比例，月缴存额随之变化。',
    sltj: '1. 灵活就业账户状态正常；2. 月缴存基数和缴存比例在中心公布的范围内（填写页显示当前范围），比例为整数；3. 每个自然年可调整的次数以中心公布为准。',
    sqcl: '无需材料。',
    bllc: '1. 阅读办理须知并同意；2. 填写新的月缴存基数和缴存比例；3. 核对信息并提交；4. 即时办结。',
    bljg: '月缴存额 = 缴存基数 × 缴存比例 × 2（单位部分和个人部分各自按中心规定的取整单位四舍五入后相加），自下月起按新额扣缴。',
    bz: '如有疑问请致电 12329。',
  },
  materials: [],
  notice:
    '一、本业务调整您灵活就业账户的月缴存基数和缴存比例。\n' +
    '二、月缴存基数和缴存比例须在中心公布的范围内（填写页显示当前范围）。\n' +
    '三、提交后即时办结，自下月扣款起按新的月缴存额扣缴；每个自然年可调整的次数以中心公布为准。',
  automatic: { description: '即时办结', decide: () => 'complete' },
  async complete({ tx, application }) {
    const { jcjs, jcbl } = application.payload;
    const baseFen = yuanToFen(jcjs);
    const rows = await tx.query(
      `update personal_account set jcjs_fen = $2, dwjcbl = $3, grjcbl = $3, yjce_fen = $4
        where grzh = $1 and kind = 'lhjy' and grzhzt = '01' returning grzh`,
      [application.zh, String(baseFen), jcbl, String(monthlyFen(baseFen, jcbl, (await readParameters(tx)).roundingFen))],
    );
    // The account changed status since submission: nothing is half done, the centre sees it waiting.
    if (rows.length === 0) throw new Error(`灵活就业账户 ${application.zh} 不是正常状态，不能调整月缴存额`);
  },
});
