import { COMMON_MATERIALS } from '../materials';
import { defineBusiness } from '../types';
import { FLEXIBLE_ACCOUNT_RULE, GUIDE_COMMON, statusRule, typed, upsertFlexible } from './common';
import { ACCOUNT_STATUS } from '../../records';

/**
 * GJ0802 灵活就业人员信息变更 (/grwt/zhxx/lhjyryyw/lhjyryxxbg, the information change of the `lhjyjczgry` role, spec
 * 1 and 2.2; the information-completeness prompt of spec 4.3 leads the flexible login here). Contact details complete
 * at once; the household registration (户籍所在地, which decides local subsidies) needs the centre to see the 户口簿.
 * 姓名 and 证件号码 are changed at the counter (or through GJ0302 by a unit depositor), not here.
 */
export interface Gj0802Payload {
  txdz?: string;
  yzbm?: string;
  dzyx?: string;
  hyzk?: string;
  zy?: string;
  xl?: string;
  hjszd?: string;
}

/** Fields that complete at once. */
export const GJ0802_DETAIL_FIELDS = ['txdz', 'yzbm', 'hyzk', 'dzyx', 'zy', 'xl'] as const;

const text = (description: string, minLength: number, maxLength: number, extra: Record<string, unknown> = {}) => ({
  type: 'string',
  minLength,
  maxLength,
  description,
  'x-msg': `${description}应为 ${minLength} 至 ${maxLength} 个字`,
  ...extra,
});

export const gj0802 = defineBusiness<Gj0802Payload>({
  ywlx: 'GJ0802',
  ywmc: '灵活就业人员信息变更',
  area: 'flexible',
  loginTypes: [1],
  timeLimitDays: 3,
  allowsSealedAccount: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      txdz: text('通讯地址', 5, 100),
      yzbm: text('邮政编码', 6, 6, { pattern: '^[1-9]\\d{5}$', 'x-msg': '请输入正确的邮政编码' }),
      dzyx: text('电子邮箱', 5, 60, { pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', 'x-msg': '请输入正确的邮箱格式' }),
      hyzk: { type: 'string', enum: ['10', '20', '30', '40', '90'], description: '婚姻状况', 'x-msg': '婚姻状况的取值不正确' },
      zy: text('职业', 1, 30),
      xl: text('学历', 1, 30),
      hjszd: text('户籍所在地', 2, 30),
    },
  },
  rules: [
    typed(FLEXIBLE_ACCOUNT_RULE),
    typed(statusRule('status-not-closed', [ACCOUNT_STATUS.normal, ACCOUNT_STATUS.sealed], '您的灵活就业账户已冻结或销户，信息变更请到中心柜台办理')),
    {
      name: 'something-changes',
      description: '至少填写一项要变更的信息',
      msg: '请至少填写一项要变更的信息',
      holds: ({ payload }) => Object.values(payload).some((v) => typeof v === 'string' && v.trim() !== ''),
    },
  ],
  guide: {
    ...GUIDE_COMMON,
    bjsj: '只变更联系方式等一般信息的，提交后即时办结；变更户籍所在地的，3 个工作日内办结',
    xzdy: '灵活就业人员的通讯地址、邮政编码、电子邮箱、婚姻状况、职业、学历或户籍所在地发生变化时，申请变更账户登记的信息。',
    sltj: '1. 灵活就业账户状态正常或封存；2. 没有正在办理中的同类业务。',
    sqcl: '只变更一般信息的，无需材料；变更户籍所在地的，提供居民户口簿（首页和本人页）。',
    bllc: '1. 阅读办理须知并同意；2. 填写要变更的信息；3. 上传所需材料；4. 核对信息并提交；5. 一般信息即时办结，户籍所在地由中心审核。',
    bljg: '账户登记的信息变更完成。',
    bz: '变更姓名、证件号码的，请本人携带身份证件到中心柜台办理。',
  },
  materials: [
    {
      wjlxId: 'HKB',
      wjmc: '居民户口簿（首页和本人页）',
      jdbh: 'GJ0802-01',
      mlbh: '0101',
      zstj: '变更户籍所在地时提供',
      required: true,
      maxFiles: 2,
      when: (a) => Boolean(a.hjszd),
    },
    { ...COMMON_MATERIALS.SQS, when: (a) => Boolean(a.hjszd) },
  ],
  notice:
    '一、本业务变更您灵活就业账户登记的个人信息，请确认您是账户本人。\n' +
    '二、只变更通讯地址、邮政编码、电子邮箱、婚姻状况、职业、学历的，提交后即时办结；变更户籍所在地的，须上传户口簿，由中心在 3 个工作日内审核。\n' +
    '三、变更姓名、证件号码的，请本人携带身份证件到中心柜台办理。',
  automatic: {
    description: '不变更户籍所在地时即时办结；变更户籍所在地时由中心审核户口簿',
    decide: ({ payload }) => (payload.hjszd ? null : 'complete'),
  },
  async complete({ tx, at, application }) {
    const p = application.payload;
    if (GJ0802_DETAIL_FIELDS.some((f) => p[f] !== undefined)) {
      const values = GJ0802_DETAIL_FIELDS.map((f) => p[f] ?? null);
      await tx.query(
        `insert into person_detail (account_id, txdz, yzbm, hyzk, dzyx, zy, xl, updated_at, ywbh)
         values ($1, coalesce($2, ''), coalesce($3, ''), coalesce($4, ''), coalesce($5, ''), coalesce($6, ''), coalesce($7, ''), $8, $9)
         on conflict (account_id) do update set
           txdz = coalesce($2, person_detail.txdz), yzbm = coalesce($3, person_detail.yzbm), hyzk = coalesce($4, person_detail.hyzk),
           dzyx = coalesce($5, person_detail.dzyx), zy = coalesce($6, person_detail.zy), xl = coalesce($7, person_detail.xl),
           updated_at = $8, ywbh = $9`,
        [application.accountId, ...values, at, application.ywbh],
      );
    }
    if (p.hjszd) await upsertFlexible(tx, application.zh, { hjszd: p.hjszd }, at, application.ywbh);
    // The person has reviewed and completed their information: the completeness prompt (spec 4.3, status 1 or 3) is over.
    await tx.query(`update info_check set status = 0 where account_id = $1 and status in (1, 3)`, [application.accountId]);
  },
});
