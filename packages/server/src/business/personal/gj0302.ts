import { isIdCard } from '@gjj-hall/sdk/validate';
import { COMMON_MATERIALS } from '../materials';
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
/** Whether the answers change a key field (the centre reviews by hand). */
const keyChange = (a: Partial<Gj0302Payload>) => GJ0302_KEY_FIELDS.some((f) => Boolean(a[f]));

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
  guide: {
    blqd: '网上业务大厅、住房公积金管理中心各服务网点柜台',
    fwdx: '本中心正常缴存的个人住房公积金缴存职工',
    bjsj: '只变更联系方式等一般信息的，提交后即时办结；变更姓名或证件号码的，3 个工作日内办结',
    xzdy: '缴存职工的通讯地址、邮政编码、婚姻状况、单位电话、电子邮箱、职业、学历或姓名、证件号码发生变化时，申请变更个人住房公积金账户中登记的信息。',
    slyj: '《住房公积金管理条例》第十三条、第十五条；本中心住房公积金归集管理办法',
    sltj: '1. 个人住房公积金账户状态正常（未封存、冻结或销户）；2. 没有正在办理中的同类业务；3. 变更姓名或证件号码的，应与公安机关登记的信息一致。',
    sqcl: '只变更一般信息的，无需材料；变更姓名的，提供居民户口簿和公安机关出具的更名证明；变更证件号码的，提供新的居民身份证。',
    bllc: '1. 阅读办理须知并同意；2. 阅读办事指南；3. 填写要变更的信息；4. 上传所需材料；5. 核对信息并提交；6. 中心审核（一般信息即时办结）；7. 短信通知办理结果。',
    bljg: '账户信息变更完成，可在“我的业务”中查看办理进度和结果。',
    bz: '变更后的信息用于中心与您联系和寄送材料，请如实填写。如有疑问请致电 12329。',
  },
  // The rule table of the materials (docs/api-archive.md › Materials), each row tested in gj0302.test.ts: what the
  // centre checks by hand needs documents; a change that completes at once (address, phone …) needs none.
  materials: [
    {
      ...COMMON_MATERIALS.SFZ,
      jdbh: 'GJ0302-01',
      mlbh: '0103',
      zstj: '变更证件号码时提供',
      description: '新居民身份证正面和反面的照片或扫描件',
      when: (a) => Boolean(a.zjhm),
    },
    {
      wjlxId: 'HKB',
      wjmc: '居民户口簿（本人页）',
      jdbh: 'GJ0302-01',
      mlbh: '0101',
      zstj: '变更姓名时提供',
      description: '居民户口簿首页和本人页的照片或扫描件',
      required: true,
      maxFiles: 2,
      when: (a) => Boolean(a.xingming),
    },
    {
      wjlxId: 'GMZM',
      wjmc: '公安机关出具的更名证明',
      jdbh: 'GJ0302-01',
      mlbh: '0102',
      zstj: '变更姓名时提供',
      required: true,
      maxFiles: 2,
      when: (a) => Boolean(a.xingming),
    },
    {
      wjlxId: 'JHZ',
      wjmc: '结婚证或离婚证',
      jdbh: 'GJ0302-02',
      mlbh: '0201',
      zstj: '变更婚姻状况时可提供，便于日后办理贷款和提取',
      required: false,
      maxFiles: 4,
      when: (a) => a.hyzk === '20' || a.hyzk === '40',
    },
    // Optional, and only where a person at the centre reviews the application (a key field changes).
    { ...COMMON_MATERIALS.QT, when: (a) => keyChange(a) },
    { ...COMMON_MATERIALS.SQS, when: (a) => keyChange(a) },
  ],
  notice:
    '一、本业务用于变更您本人住房公积金个人账户中登记的信息，请确认您是账户本人。\n' +
    '二、请如实填写变更信息。提供虚假信息或材料的，中心将不予办理，并依法追究相关责任。\n' +
    '三、只变更通讯地址、邮政编码、婚姻状况、单位电话、电子邮箱、职业、学历的，提交后即时办结；变更姓名或证件号码的，须上传相关材料，由中心在 3 个工作日内审核。\n' +
    '四、同一时间只能有一笔个人账户信息变更在办理中。办理结果将以短信通知您的预留手机号码。',
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
