import { isIdCard } from '@gjj-hall/sdk/validate';
import { COMMON_MATERIALS } from '../materials';
import { defineBusiness } from '../types';
import type { Queryable } from '../../db/db';
import { currentDetails } from './person-details';

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
  poxm?: string;
  pozjhm?: string;
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
export const GJ0302_DETAIL_FIELDS = ['txdz', 'yzbm', 'hyzk', 'poxm', 'pozjhm', 'gzdh', 'dzyx', 'zy', 'xl'] as const;

/**
 * The field table of GJ0302 (configuration; docs/api-personal.md): each field, its words, and who completes a change
 * of it: `once` at submission by the automatic rule, `centre` by a person at the centre who checks the documents.
 * The automatic rule, the materials and the page read it; each row is tested (gj0302.test.ts).
 */
export const GJ0302_FIELD_TABLE = [
  { field: 'xingming', label: '姓名', handling: 'centre' },
  { field: 'zjhm', label: '证件号码', handling: 'centre' },
  { field: 'txdz', label: '通讯地址', handling: 'once' },
  { field: 'yzbm', label: '邮政编码', handling: 'once' },
  { field: 'hyzk', label: '婚姻状况', handling: 'once' },
  { field: 'poxm', label: '配偶姓名', handling: 'once' },
  { field: 'pozjhm', label: '配偶证件号码', handling: 'once' },
  { field: 'gzdh', label: '单位电话', handling: 'once' },
  { field: 'dzyx', label: '电子邮箱', handling: 'once' },
  { field: 'zy', label: '职业', handling: 'once' },
  { field: 'xl', label: '学历', handling: 'once' },
] as const satisfies ReadonlyArray<{ field: keyof Gj0302Payload; label: string; handling: 'once' | 'centre' }>;

/** 婚姻状况 (GB/T 2261.2): 10 未婚, 20 已婚, 30 丧偶, 40 离婚, 90 未说明. */
export const MARITAL_STATUS = { '10': '未婚', '20': '已婚', '30': '丧偶', '40': '离婚', '90': '未说明' } as const;
/** 已婚: the status that calls for the spouse. */
export const MARRIED = '20';

/** 学历, in words (after GB/T 4658-2006 学历代码, the groups a depositor's form offers). */
export const EDUCATION_LEVELS = ['研究生（博士）', '研究生（硕士）', '大学本科', '大学专科', '中等专科', '职业高中', '技工学校', '普通高中', '初中', '小学', '其他'] as const;

/**
 * What information counts as complete (info_check status 0, spec 4.3): these details given. A completed GJ0302 that
 * fills them clears the prompt after sign-in. The spouse is optional (docs/api-personal.md: a married depositor with
 * no spouse on file may still change an address; the loan and withdrawal businesses collect the spouse themselves).
 */
export const GJ0302_COMPLETE_FIELDS = ['txdz', 'yzbm', 'hyzk', 'zy', 'xl'] as const;

/** The role of a flexible-employment account: its information changes through GJ0802 (spec 2.2), not here. */
export const FLEXIBLE_ROLE = 'lhjyjczgry';

const given = (v: string | undefined): v is string => typeof v === 'string' && v !== '';
const same = (field: string, sent: string, now: string) => (field === 'zjhm' || field === 'pozjhm' ? sent.toUpperCase() === now.toUpperCase() : sent === now);

/** The details after the change: what is sent over what the records hold (the spouse cleared when not married). */
async function after(q: Queryable, accountId: string, p: Partial<Gj0302Payload>) {
  const now = await currentDetails(q, accountId);
  const hyzk = p.hyzk ?? now?.hyzk ?? '';
  const married = hyzk === MARRIED;
  return { now, hyzk, poxm: married ? (p.poxm ?? now?.poxm ?? '') : '', pozjhm: married ? (p.pozjhm ?? now?.pozjhm ?? '') : '' };
}

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
      poxm: text('配偶姓名', 15, { minLength: 2, pattern: '^[\\u4e00-\\u9fa5·A-Za-z ]+$', 'x-msg': '配偶姓名应为 2 至 15 个汉字或字母' }),
      pozjhm: text('配偶证件号码', 18, { pattern: '^[1-9]\\d{16}[\\dXx]$', 'x-msg': '配偶证件号码应为 18 位居民身份证号码' }),
      gzdh: text('单位电话', 20, { pattern: '^[0-9-]{7,20}$', 'x-msg': '单位电话应为 7 至 20 位数字或短横线' }),
      dzyx: text('电子邮箱', 60, { pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', 'x-msg': '电子邮箱格式不正确' }),
      zy: text('职业', 30),
      xl: { type: 'string', enum: [...EDUCATION_LEVELS], description: '学历', 'x-msg': '学历的取值不正确，请从列表中选择' },
    },
  },
  rules: [
    {
      name: 'not-flexible',
      description: '灵活就业人员账户（角色 lhjyjczgry）的信息变更走“灵活就业人员信息变更”（GJ0802，/grwt/zhxx/lhjyryyw/lhjyryxxbg）',
      msg: '灵活就业人员的个人信息请通过“灵活就业人员信息变更”办理',
      async holds({ q, applicant }) {
        const [row] = await q.query<{ roles: string[] }>('select roles from user_account where id = $1', [applicant.accountId]);
        return !(row?.roles ?? []).includes(FLEXIBLE_ROLE);
      },
    },
    {
      name: 'something-changes',
      description: '至少填写一项要变更的信息',
      msg: '请至少填写一项要变更的信息',
      holds: ({ payload }) => Object.values(payload).some((v) => typeof v === 'string' && v !== ''),
    },
    {
      name: 'something-differs',
      description: '至少有一项与现有登记信息不同',
      msg: '您填写的信息与现有登记信息相同，无需变更',
      async holds({ q, applicant, payload }) {
        const now = await currentDetails(q, applicant.accountId);
        if (!now) return true;
        return Object.entries(payload).some(([f, v]) => given(v as string) && !same(f, v as string, now[f as keyof typeof now] ?? ''));
      },
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
    {
      name: 'spouse-id-valid',
      description: '配偶证件号码是有效的居民身份证号码（出生日期、校验位）',
      msg: '配偶证件号码不正确，请核对出生日期和最后一位校验码',
      holds: ({ payload }) => payload.pozjhm === undefined || isIdCard(payload.pozjhm),
    },
    {
      name: 'spouse-not-self',
      description: '配偶证件号码不是本人的证件号码（现有的，或本次变更后的）',
      msg: '配偶证件号码不能与本人证件号码相同',
      async holds({ q, applicant, payload }) {
        if (payload.pozjhm === undefined) return true;
        const now = await currentDetails(q, applicant.accountId);
        const own = [now?.zjhm ?? '', payload.zjhm ?? ''].map((x) => x.toUpperCase());
        return !own.includes(payload.pozjhm.toUpperCase());
      },
    },
    {
      name: 'spouse-only-married',
      description: '只有婚姻状况为已婚（本次变更后）时才填写配偶信息',
      msg: '婚姻状况不是“已婚”时不能填写配偶信息',
      async holds({ q, applicant, payload }) {
        if (payload.poxm === undefined && payload.pozjhm === undefined) return true;
        return (await after(q, applicant.accountId, payload)).hyzk === MARRIED;
      },
    },
    {
      name: 'spouse-complete',
      description: '婚姻状况为已婚（本次变更后）时，配偶姓名和配偶证件号码同时登记或同时不登记（配偶信息选填）',
      msg: '请同时填写配偶姓名和配偶证件号码',
      async holds({ q, applicant, payload }) {
        const a = await after(q, applicant.accountId, payload);
        return given(a.poxm) === given(a.pozjhm);
      },
    },
  ],
  guide: {
    blqd: '网上业务大厅、住房公积金管理中心各服务网点柜台',
    fwdx: '本中心正常缴存的个人住房公积金缴存职工',
    bjsj: '只变更联系方式等一般信息的，提交后即时办结；变更姓名或证件号码的，3 个工作日内办结',
    xzdy: '缴存职工的通讯地址、邮政编码、婚姻状况、配偶信息、单位电话、电子邮箱、职业、学历或姓名、证件号码发生变化时，申请变更个人住房公积金账户中登记的信息。',
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
    '三、只变更通讯地址、邮政编码、婚姻状况、配偶信息、单位电话、电子邮箱、职业、学历的，提交后即时办结；变更姓名或证件号码的，须上传相关材料，由中心在 3 个工作日内审核。\n' +
    '四、同一时间只能有一笔个人账户信息变更在办理中。办理结果将以短信通知您的预留手机号码。',
  automatic: {
    description: '只变更通讯地址、邮政编码、婚姻状况、配偶信息、单位电话、电子邮箱、职业、学历时即时办结；变更姓名或证件号码时由中心人工审核',
    decide: ({ payload }) =>
      GJ0302_FIELD_TABLE.some((row) => row.handling === 'centre' && payload[row.field] !== undefined) ? null : 'complete',
  },
  async complete({ tx, at, application }) {
    const p = application.payload;
    const details = GJ0302_DETAIL_FIELDS.filter((f) => p[f] !== undefined);
    if (details.length > 0) {
      const values = GJ0302_DETAIL_FIELDS.map((f) => p[f] ?? null);
      await tx.query(
        `insert into person_detail (account_id, txdz, yzbm, hyzk, poxm, pozjhm, gzdh, dzyx, zy, xl, updated_at, ywbh)
         values ($1, coalesce($2, ''), coalesce($3, ''), coalesce($4, ''), coalesce($5, ''), upper(coalesce($6, '')), coalesce($7, ''),
                 coalesce($8, ''), coalesce($9, ''), coalesce($10, ''), $11, $12)
         on conflict (account_id) do update set
           txdz = coalesce($2, person_detail.txdz), yzbm = coalesce($3, person_detail.yzbm), hyzk = coalesce($4, person_detail.hyzk),
           poxm = coalesce($5, person_detail.poxm), pozjhm = coalesce(upper($6), person_detail.pozjhm),
           gzdh = coalesce($7, person_detail.gzdh), dzyx = coalesce($8, person_detail.dzyx), zy = coalesce($9, person_detail.zy),
           xl = coalesce($10, person_detail.xl), updated_at = $11, ywbh = $12`,
        [application.accountId, ...values, at, application.ywbh],
      );
      // No longer married: the spouse on file goes with the status (the rules allow no spouse then).
      await tx.query(`update person_detail set poxm = '', pozjhm = '' where account_id = $1 and hyzk <> $2`, [application.accountId, MARRIED]);
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
    // The information is complete now (spec 4.3): the prompt after sign-in stops asking (status 2, key information
    // at the counter, is the centre's to clear).
    await tx.query(
      `update info_check c set status = 0
         from person_detail d
        where c.account_id = $1 and d.account_id = c.account_id and c.status in (1, 3)
          and ${GJ0302_COMPLETE_FIELDS.map((f) => `d.${f} <> ''`).join(' and ')}`,
      [application.accountId],
    );
  },
});
