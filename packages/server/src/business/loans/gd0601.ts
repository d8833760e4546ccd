import type { Queryable } from '../../db/db';
import { centreDate } from '../../clock';
import { ApiError } from '../../http/envelope';
import { getAccount } from '../../records/accounts';
import { ACCOUNT_STATUS } from '../../records/kinds';
import { COMMON_MATERIALS } from '../materials';
import { holderOf } from '../personal/gj0314';
import { defineBusiness, type Applicant, type BusinessRule } from '../types';
import { getLoan } from './ledger';

/**
 * GD0601 签约冲还贷 (spec 2.4 /grwt/dkSys/dkyw/qychd; docs/api-loans.md › 签约冲还贷): the agreement that each
 * instalment of the borrower's loan is taken first from the borrower's own provident account (the monthly command
 * posts 冲还贷, kind 31, into C400; collect.ts), or stopping it. The spouse's account joins by their own
 * application on their login (their consent), which this module also accepts: the loan names them as co-borrower.
 */
export interface Gd0601Payload {
  dkzh: string;
  grzh: string;
  /** 01 签约, 02 解约. */
  czlx: '01' | '02';
}

const FORBIDDEN = '当前操作没有权限，请联系管理员授权';

async function activeAgreement(q: Queryable, dkzh: string, grzh: string): Promise<boolean> {
  const rows = await q.query(`select 1 from loan_offset where dkzh = $1 and grzh = $2 and stopped_on is null`, [dkzh, grzh]);
  return rows.length > 0;
}

/** The rule table (docs/api-loans.md › 签约冲还贷), each row tested (gd0601.test.ts). */
export const GD0601_RULES: ReadonlyArray<BusinessRule<Gd0601Payload>> = [
  {
    name: 'own-loan',
    description: '贷款是申请人本人作为借款人或共同借款人的贷款；否则 403，不透露任何信息',
    msg: FORBIDDEN,
    status: 403,
    async holds({ q, applicant, payload }) {
      const [loan, zjhm] = await Promise.all([getLoan(q, payload.dkzh), holderOf(q, applicant)]);
      return Boolean(loan && zjhm && (loan.zjhm === zjhm || loan.gtjkrZjhm === zjhm));
    },
  },
  {
    name: 'own-account',
    description: '冲还贷的公积金账户是申请人本人的账户；否则 403',
    msg: FORBIDDEN,
    status: 403,
    async holds({ q, applicant, payload }) {
      const [account, zjhm] = await Promise.all([getAccount(q, payload.grzh), holderOf(q, applicant)]);
      return Boolean(account && zjhm && account.zjhm === zjhm);
    },
  },
  {
    name: 'loan-running',
    description: '贷款未结清',
    msg: '该笔贷款已结清，不能办理冲还贷签约或解约',
    holds: async ({ q, payload }) => (await getLoan(q, payload.dkzh))?.status !== '3',
  },
  {
    name: 'account-normal',
    description: '签约时公积金账户状态正常（01）',
    msg: '您的住房公积金账户状态不是“正常”，不能签约冲还贷',
    holds: async ({ q, payload }) => payload.czlx === '02' || (await getAccount(q, payload.grzh))?.grzhzt === ACCOUNT_STATUS.normal,
  },
  {
    name: 'agreement-state',
    description: '签约时该账户尚未签约；解约时该账户已签约',
    msg: '该账户的冲还贷签约状态与所选操作不符（已签约的不能重复签约，未签约的无需解约）',
    holds: async ({ q, payload }) => (await activeAgreement(q, payload.dkzh, payload.grzh)) === (payload.czlx === '02'),
  },
];

export const gd0601 = defineBusiness<Gd0601Payload>({
  ywlx: 'GD0601',
  ywmc: '签约冲还贷',
  area: 'loan',
  loginTypes: [1],
  timeLimitDays: 3,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['dkzh', 'grzh', 'czlx'],
    properties: {
      dkzh: { type: 'string', pattern: '^[0-9]{13,20}$', description: '贷款账号', 'x-msg': '贷款账号格式不正确', 'x-required-msg': '请选择贷款' },
      grzh: { type: 'string', pattern: '^[0-9]{6,20}$', description: '冲还贷的公积金账号', 'x-msg': '个人账号格式不正确', 'x-required-msg': '请选择公积金账户' },
      czlx: { type: 'string', enum: ['01', '02'], description: '操作类型（01 签约，02 解约）', 'x-msg': '操作类型的取值不正确', 'x-required-msg': '请选择签约或解约' },
    },
  },
  rules: GD0601_RULES,
  guide: {
    blqd: '网上业务大厅、住房公积金管理中心各服务网点柜台',
    fwdx: '有未结清住房公积金贷款的借款人及其共同借款人',
    bjsj: '3 个工作日',
    xzdy: '借款人与中心约定，每月还款日先从本人（及配偶）的住房公积金账户中扣划当期应还款额（冲还贷），不足部分再从还款银行卡扣收。',
    slyj: '《住房公积金管理条例》第二十四条：偿还购房贷款本息的，可以提取职工住房公积金账户内的存储余额。',
    sltj: '1. 贷款未结清；2. 冲还贷的账户为本人账户且状态正常；3. 同一账户不重复签约。',
    sqcl: '身份证。',
    bllc: '1. 阅读须知；2. 选择贷款和账户；3. 提交；4. 中心审核，办结后从下一还款日起按月冲还贷。',
    bljg: '签约后每月还款日先从公积金账户扣划当期应还款额（以账户余额为限），其余从银行卡扣收；解约后全部从银行卡扣收。',
    bz: '冲还贷按当期应还款额与账户余额中的较小者扣划。如有疑问请致电 12329。',
  },
  materials: [COMMON_MATERIALS.SFZ, COMMON_MATERIALS.QT],
  notice:
    '一、签约后，每月还款日中心先从您的住房公积金账户扣划当期应还款额（以账户余额为限），不足部分从还款银行卡扣收。\n' +
    '二、冲还贷的金额从账户中支取，记为“冲还贷”，可在个人账户明细中查看。\n' +
    '三、解约后，每月应还款额全部从还款银行卡扣收，请保证卡内余额充足。',
  async complete({ tx, at, application }) {
    const p = application.payload;
    const applicant = { accountId: application.accountId, userId: application.userId, zh: application.zh } as Applicant;
    await tx.query('select 1 from loan where dkzh = $1 for update', [p.dkzh]);
    for (const rule of GD0601_RULES) {
      if (!(await rule.holds({ q: tx, applicant, payload: p, now: at, ywbh: application.ywbh }))) {
        throw new ApiError(409, rule.status === 403 ? '该贷款或账户已不是申请人本人的，不能办结' : rule.msg);
      }
    }
    const date = centreDate(at);
    if (p.czlx === '01') {
      await tx.query(
        `insert into loan_offset (dkzh, grzh, seq, ywbh, started_on)
         select $1, $2, coalesce(max(seq), 0) + 1, $3, $4 from loan_offset where dkzh = $1`,
        [p.dkzh, p.grzh, application.ywbh, date],
      );
    } else {
      await tx.query(`update loan_offset set stopped_on = $3 where dkzh = $1 and grzh = $2 and stopped_on is null`, [p.dkzh, p.grzh, date]);
    }
  },
});
