import { isEmail, isIdCard, isPostalCode } from '@gjj-hall/sdk/validate';
import { SelectField, TextField } from '../../../shared/wizard/fields';
import { Wizard, type CheckRow, type WizardErrors, type WizardFormStep, type WizardValues } from '../../../shared/wizard/wizard';

/**
 * GJ0302 个人账户信息变更 (menu /grwt/zhxx/zhxxbg/grzhxxbg): the fields of the server's schema
 * (packages/server/src/business/personal/gj0302.ts) in three steps. Only what the user fills in changes; 姓名 and
 * 证件号码 need the centre's check and their documents, the other fields complete at once.
 */

const FIELDS = ['xingming', 'zjhm', 'txdz', 'yzbm', 'gzdh', 'dzyx', 'hyzk', 'zy', 'xl'] as const;

const LABELS: Record<(typeof FIELDS)[number], string> = {
  xingming: '姓名',
  zjhm: '证件号码',
  txdz: '通讯地址',
  yzbm: '邮政编码',
  gzdh: '单位电话',
  dzyx: '电子邮箱',
  hyzk: '婚姻状况',
  zy: '职业',
  xl: '学历',
};

/** 婚姻状况 (GB/T 2261.2), as the server's schema lists them. */
const MARITAL: ReadonlyArray<readonly [string, string]> = [
  ['10', '未婚'],
  ['20', '已婚'],
  ['30', '丧偶'],
  ['40', '离婚'],
  ['90', '未说明'],
];

const EDUCATION: ReadonlyArray<readonly [string, string]> = ['博士研究生', '硕士研究生', '大学本科', '大学专科', '中等专科', '高中', '初中及以下'].map((x) => [x, x] as const);

const blank = Object.fromEntries(FIELDS.map((f) => [f, ''])) as WizardValues;
const trimmed = (v: WizardValues, f: string) => (v[f] ?? '').trim();

/** The payload: the fields filled in, trimmed (证件号码 upper case). */
export function gj0302Payload(values: WizardValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of FIELDS) {
    const v = trimmed(values, f);
    if (v) out[f] = f === 'zjhm' ? v.toUpperCase() : v;
  }
  return out;
}

const errorsOf = (checks: Array<[string, boolean, string]>): WizardErrors =>
  Object.fromEntries(checks.filter(([, bad]) => bad).map(([f, , msg]) => [f, msg]));

const STEPS: WizardFormStep[] = [
  {
    title: '身份信息',
    render: ({ values, errors, set }) => (
      <div className="wizard-form">
        <p className="wizard__note">只填写需要变更的项目，不变更的请留空。变更姓名或证件号码须由中心审核，并需提供相关材料。</p>
        <TextField name="xingming" label="新姓名" value={values.xingming ?? ''} error={errors.xingming} onChange={set} maxLength={15} hint="需中心审核，并提供户口簿和更名证明" />
        <TextField name="zjhm" label="新证件号码" value={values.zjhm ?? ''} error={errors.zjhm} onChange={set} maxLength={18} hint="18 位居民身份证号码，需中心审核" />
      </div>
    ),
    validate: (v) =>
      errorsOf([
        ['xingming', trimmed(v, 'xingming') !== '' && !/^[\u4e00-\u9fa5·A-Za-z ]{2,15}$/.test(trimmed(v, 'xingming')), '姓名应为 2 至 15 个汉字或字母'],
        ['zjhm', trimmed(v, 'zjhm') !== '' && !isIdCard(trimmed(v, 'zjhm')), '证件号码不正确，请核对出生日期和最后一位校验码'],
      ]),
  },
  {
    title: '联系信息',
    render: ({ values, errors, set }) => (
      <div className="wizard-form">
        <TextField name="txdz" label="通讯地址" value={values.txdz ?? ''} error={errors.txdz} onChange={set} maxLength={100} autoComplete="street-address" />
        <TextField name="yzbm" label="邮政编码" value={values.yzbm ?? ''} error={errors.yzbm} onChange={set} maxLength={6} inputMode="numeric" autoComplete="postal-code" />
        <TextField name="gzdh" label="单位电话" value={values.gzdh ?? ''} error={errors.gzdh} onChange={set} maxLength={20} inputMode="tel" hint="如 010-12345678" />
        <TextField name="dzyx" label="电子邮箱" value={values.dzyx ?? ''} error={errors.dzyx} onChange={set} maxLength={60} inputMode="email" autoComplete="email" />
      </div>
    ),
    validate: (v) =>
      errorsOf([
        ['yzbm', trimmed(v, 'yzbm') !== '' && !isPostalCode(trimmed(v, 'yzbm')), '邮政编码应为 6 位数字'],
        ['gzdh', trimmed(v, 'gzdh') !== '' && !/^[0-9-]{7,20}$/.test(trimmed(v, 'gzdh')), '单位电话应为 7 至 20 位数字或短横线'],
        ['dzyx', trimmed(v, 'dzyx') !== '' && !isEmail(trimmed(v, 'dzyx')), '电子邮箱格式不正确'],
      ]),
  },
  {
    title: '个人情况',
    render: ({ values, errors, set }) => (
      <div className="wizard-form">
        <SelectField name="hyzk" label="婚姻状况" value={values.hyzk ?? ''} error={errors.hyzk} onChange={set} options={MARITAL} />
        <TextField name="zy" label="职业" value={values.zy ?? ''} error={errors.zy} onChange={set} maxLength={30} />
        <SelectField name="xl" label="学历" value={values.xl ?? ''} error={errors.xl} onChange={set} options={EDUCATION} />
      </div>
    ),
  },
];

const STEP_OF: Record<string, number> = { xingming: 0, zjhm: 0, txdz: 1, yzbm: 1, gzdh: 1, dzyx: 1, hyzk: 2, zy: 2, xl: 2 };

function checkRows(values: WizardValues): CheckRow[] {
  const payload = gj0302Payload(values);
  const rows = FIELDS.filter((f) => payload[f]).map((f) => ({
    label: LABELS[f],
    value: f === 'hyzk' ? (MARITAL.find(([k]) => k === payload[f])?.[1] ?? payload[f]!) : payload[f]!,
    formStep: STEP_OF[f]!,
  }));
  return rows.length > 0 ? rows : [{ label: '变更内容', value: '（尚未填写）', formStep: 0 }];
}

/** The page of the menu entry (component name = its path, packages/server/src/seed/menus.ts). */
export function Gj0302Page() {
  return (
    <Wizard
      ywlx="GJ0302"
      title="个人账户信息变更"
      formSteps={STEPS}
      initialValues={blank}
      toPayload={gj0302Payload}
      checkRows={checkRows}
      validateAll={(v) => (Object.keys(gj0302Payload(v)).length === 0 ? '请至少填写一项要变更的信息' : '')}
    />
  );
}
