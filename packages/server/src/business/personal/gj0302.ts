import { isIdCard } from '@gjj-hall/sdk/validate';
import { defineBusiness } from '../types';

/**
 * GJ0302 个人账户信息变更: the depositor changes the details of their personal account. The key fields (姓名, 证件号码)
 * need the centre to check the documents; the others (address, marital status, work phone …) complete at once.
 */

export interface Gj0302Payload {
  xingming?: string;
  zjhm?: string;
  txdz?: string;
  yzbm?: string;
  hyzk?: string;
  gzdh?: string;
  dzyx?: string;
  zy?: string;
  xl?: string;
}

/** Fields a person at the centre must check against the documents before they change. */
export const GJ0302_KEY_FIELDS = ['xingming', 'zjhm'] as const;
/** Fields that complete at once. */
export const GJ0302_DETAIL_FIELDS = ['txdz', 'yzbm', 'hyzk', 'gzdh', 'dzyx', 'zy', 'xl'] as const;

/** 婚姻状况 (GB/T 2261.2): 10 未婚, 20 已婚, 30 丧偶, 40 离婚, 90 未说明. */
export const MARITAL_STATUS = { '10': '未婚', '20': '已婚', '30': '丧偶', '40': '离婚', '90': '未说明' } as const;

const text = (description: string, maxLength: number, extra: Record<string, unknown> = {}) => ({
  type: 'string',
  minLength: 1,
  maxLength,
  description,
  ...extra,
});

export const gj0302 = defineBusiness<Gj0302Payload>({
  ywlx: 'GJ0302',
  ywmc: '个人账户信息变更',
  area: 'personal',
  loginTypes: [1],
  timeLimitDays: 3,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      xingming: text('姓名', 15, { minLength: 2, pattern: '^[\\u4e00-\\u9fa5·A-Za-z ]+$', 'x-msg': '姓名应为 2 至 15 个汉字或字母' }),
      zjhm: text('证件号码', 18, { pattern: '^[1-9]\\d{16}[\\dXx]$', 'x-msg': '证件号码应为 18 位居民身份证号码' }),
      txdz: text('通讯地址', 100),
      yzbm: text('邮政编码', 6, { pattern: '^\\d{6}$', 'x-msg': '邮政编码应为 6 位数字' }),
      hyzk: { type: 'string', enum: Object.keys(MARITAL_STATUS), description: '婚姻状况', 'x-msg': '婚姻状况的取值不正确' },
      gzdh: text('单位电话', 20, { pattern: '^[0-9-]{7,20}$', 'x-msg': '单位电话应为 7 至 20 位数字或短横线' }),
      dzyx: text('电子邮箱', 60, { pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', 'x-msg': '电子邮箱格式不正确' }),
      zy: text('职业', 30),
      xl: text('学历', 30),
    },
  },
  rules: [
    {
      name: 'something-changes',
      description: '至少填写一项要变更的信息',
      msg: '请至少填写一项要变更的信息',
      holds: ({ payload }) => Object.values(payload).some((v) => typeof v === 'string' && v !== ''),
    },
    {
      name: 'id-number-valid',
      description: '变更证件号码时，新号码是有效的居民身份证号码（出生日期、校验位）',
      msg: '证件号码不正确，请核对出生日期和最后一位校验码',
      holds: ({ payload }) => payload.zjhm === undefined || isIdCard(payload.zjhm),
    },
    {
      name: 'id-number-free',
      description: '变更证件号码时，新号码不是中心另一位缴存人的证件号码',
      msg: '该证件号码已登记在其他住房公积金账户下，请携带身份证件到住房公积金管理中心柜台办理',
      async holds({ q, applicant, payload }) {
        if (payload.zjhm === undefined) return true;
        const rows = await q.query(
          `select 1 from depositor_record where zjhm = upper($1)
            and zjhm <> (select zjhm from person_info where account_id = $2)
           union all
           select 1 from person_info where zjhm = upper($1)
            and zjhm <> (select zjhm from person_info where account_id = $2)
           limit 1`,
          [payload.zjhm, applicant.accountId],
        );
        return rows.length === 0;
      },
    },
  ],
  automatic: {
    description: '只变更通讯地址、邮政编码、婚姻状况、单位电话、电子邮箱、职业、学历时即时办结；变更姓名或证件号码时由中心人工审核',
    decide: ({ payload }) => (GJ0302_KEY_FIELDS.some((f) => payload[f] !== undefined) ? null : 'complete'),
  },
  async complete({ tx, at, application }) {
    const p = application.payload;
    const details = GJ0302_DETAIL_FIELDS.filter((f) => p[f] !== undefined);
    if (details.length > 0) {
      const values = GJ0302_DETAIL_FIELDS.map((f) => p[f] ?? null);
      await tx.query(
        `insert into person_detail (account_id, txdz, yzbm, hyzk, gzdh, dzyx, zy, xl, updated_at, ywbh)
         values ($1, coalesce($2, ''), coalesce($3, ''), coalesce($4, ''), coalesce($5, ''), coalesce($6, ''), coalesce($7, ''), coalesce($8, ''), $9, $10)
         on conflict (account_id) do update set
           txdz = coalesce($2, person_detail.txdz), yzbm = coalesce($3, person_detail.yzbm), hyzk = coalesce($4, person_detail.hyzk),
           gzdh = coalesce($5, person_detail.gzdh), dzyx = coalesce($6, person_detail.dzyx), zy = coalesce($7, person_detail.zy),
           xl = coalesce($8, person_detail.xl), updated_at = $9, ywbh = $10`,
        [application.accountId, ...values, at, application.ywbh],
      );
    }
    if (p.xingming !== undefined || p.zjhm !== undefined) {
      // The depositor record by the account number (a person's two accounts have one record each way of reaching it).
      await tx.query(
        `update depositor_record set xingming = coalesce($2, xingming), zjhm = coalesce($3, zjhm)
          where zjhm = (select zjhm from person_info where account_id = $1)`,
        [application.accountId, p.xingming ?? null, p.zjhm?.toUpperCase() ?? null],
      );
      // The centre's records (src/records): every account the person holds carries the holder's name and number.
      await tx.query(
        `update personal_account set xingming = coalesce($2, xingming), zjhm = coalesce($3, zjhm)
          where zjhm = (select zjhm from person_info where account_id = $1)`,
        [application.accountId, p.xingming ?? null, p.zjhm?.toUpperCase() ?? null],
      );
      await tx.query(
        `update person_info set xingming = coalesce($2, xingming), zjhm = coalesce($3, zjhm)
          where zjhm = (select zjhm from person_info where account_id = $1)`,
        [application.accountId, p.xingming ?? null, p.zjhm?.toUpperCase() ?? null],
      );
      if (p.xingming !== undefined) {
        await tx.query('update user_account set nik_name = $2 where id = $1', [application.accountId, p.xingming]);
      }
    }
  },
});
