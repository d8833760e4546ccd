import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '@gjj-hall/sdk';
import { isEmail, isIdCard, isPostalCode } from '@gjj-hall/sdk/validate';
import { client } from '../../../shared/services';
import { SelectField, TextField } from '../../../shared/wizard/fields';
import { Wizard, type CheckRow, type WizardErrors, type WizardFormStep, type WizardValues } from '../../../shared/wizard/wizard';
import { EDUCATION, FIELDS, gj0302Payload, LABELS, MARITAL, MARRIED, masked, NAME, NOTHING_CHANGED, trimmed, type Current, type Field } from './gj0302-form';

/**
 * GJ0302 个人账户信息变更 (menu /grwt/zhxx/zhxxbg/grzhxxbg; the prompt after sign-in of spec 4.3 leads here): the
 * form starts from what the records hold (`grzhxxbg/current`), and only what the user changes is sent
 * (packages/server/src/business/personal/gj0302.ts; docs/api-personal.md). 姓名 and 证件号码 are typed anew and need
 * the centre's check and documents; the other fields complete at once.
 */

const errorsOf = (checks: Array<[string, boolean, string]>): WizardErrors =>
  Object.fromEntries(checks.filter(([, bad]) => bad).map(([f, , msg]) => [f, msg]));

function steps(current: Current): WizardFormStep[] {
  return [
    {
      title: '身份信息',
      render: ({ values, errors, set }) => (
        <div className="wizard-form">
          <p className="wizard__note">姓名、证件号码只在需要变更时填写新的内容，不变更的请留空。变更姓名或证件号码须由中心审核，并需提供相关材料。</p>
          <TextField
            name="xingming"
            label="新姓名"
            value={values.xingming ?? ''}
            error={errors.xingming}
            onChange={set}
            maxLength={15}
            hint={`现登记：${current.xingming || '—'}。需中心审核，并提供户口簿和更名证明`}
          />
          <TextField
            name="zjhm"
            label="新证件号码"
            value={values.zjhm ?? ''}
            error={errors.zjhm}
            onChange={set}
            maxLength={18}
            hint={`现登记：${current.zjhm || '—'}。18 位居民身份证号码，需中心审核`}
          />
        </div>
      ),
      validate: (v) =>
        errorsOf([
          ['xingming', trimmed(v, 'xingming') !== '' && !NAME.test(trimmed(v, 'xingming')), '姓名应为 2 至 15 个汉字或字母'],
          ['zjhm', trimmed(v, 'zjhm') !== '' && !isIdCard(trimmed(v, 'zjhm')), '证件号码不正确，请核对出生日期和最后一位校验码'],
        ]),
    },
    {
      title: '联系信息',
      render: ({ values, errors, set }) => (
        <div className="wizard-form">
          <p className="wizard__note">以下为现登记的信息，修改需要变更的项目即可。</p>
          <TextField name="txdz" label="通讯地址" value={values.txdz ?? ''} error={errors.txdz} onChange={set} maxLength={100} autoComplete="street-address" />
          <TextField name="yzbm" label="邮政编码" value={values.yzbm ?? ''} error={errors.yzbm} onChange={set} maxLength={6} inputMode="numeric" autoComplete="postal-code" />
          <TextField name="gzdh" label="单位电话" value={values.gzdh ?? ''} error={errors.gzdh} onChange={set} maxLength={20} inputMode="tel" hint="如 010-12345678" />
          <TextField name="dzyx" label="电子邮箱" value={values.dzyx ?? ''} error={errors.dzyx} onChange={set} maxLength={60} inputMode="email" autoComplete="email" />
        </div>
      ),
      validate: (v) =>
        errorsOf([
          ['txdz', trimmed(v, 'txdz') === '' && current.txdz !== '', '通讯地址不能清空，请填写新的通讯地址'],
          ['yzbm', trimmed(v, 'yzbm') !== '' && !isPostalCode(trimmed(v, 'yzbm')), '邮政编码应为 6 位数字'],
          ['gzdh', trimmed(v, 'gzdh') !== '' && !/^[0-9-]{7,20}$/.test(trimmed(v, 'gzdh')), '单位电话应为 7 至 20 位数字或短横线'],
          ['dzyx', trimmed(v, 'dzyx') !== '' && !isEmail(trimmed(v, 'dzyx')), '电子邮箱格式不正确'],
        ]),
    },
    {
      title: '个人情况',
      render: ({ values, errors, set }) => {
        const married = (values.hyzk || current.hyzk) === MARRIED;
        return (
          <div className="wizard-form">
            <SelectField name="hyzk" label="婚姻状况" value={values.hyzk ?? ''} error={errors.hyzk} onChange={set} options={MARITAL} empty="请选择" />
            {married && (
              <>
                <p className="wizard__note">配偶信息选填；填写的，配偶姓名和配偶证件号码须同时填写。办理贷款、提取时将用于核验。</p>
                <TextField name="poxm" label="配偶姓名" value={values.poxm ?? ''} error={errors.poxm} onChange={set} maxLength={15} />
                <TextField
                  name="pozjhm"
                  label="配偶证件号码"
                  value={values.pozjhm ?? ''}
                  error={errors.pozjhm}
                  onChange={set}
                  maxLength={18}
                  hint={current.pozjhm ? '已登记的号码部分隐藏；变更时请输入完整的 18 位号码' : '18 位居民身份证号码'}
                />
              </>
            )}
            <TextField name="zy" label="职业" value={values.zy ?? ''} error={errors.zy} onChange={set} maxLength={30} />
            <SelectField name="xl" label="学历" value={values.xl ?? ''} error={errors.xl} onChange={set} options={EDUCATION} empty="请选择" />
          </div>
        );
      },
      validate: (v) => {
        const married = (v.hyzk || current.hyzk) === MARRIED;
        if (!married) return {};
        const poxm = trimmed(v, 'poxm');
        const pozjhm = trimmed(v, 'pozjhm');
        const ownIds = [current.zjhm, trimmed(v, 'zjhm')].map((x) => x.toUpperCase());
        return errorsOf([
          ['poxm', poxm !== '' && !NAME.test(poxm), '配偶姓名应为 2 至 15 个汉字或字母'],
          ['poxm', poxm === '' && pozjhm !== '', '请同时填写配偶姓名和配偶证件号码'],
          ['pozjhm', pozjhm === '' && poxm !== '', '请同时填写配偶姓名和配偶证件号码'],
          ['pozjhm', pozjhm !== '' && masked(pozjhm) && pozjhm !== current.pozjhm, '请输入完整的 18 位配偶证件号码'],
          ['pozjhm', pozjhm !== '' && !masked(pozjhm) && !isIdCard(pozjhm), '配偶证件号码不正确，请核对出生日期和最后一位校验码'],
          ['pozjhm', pozjhm !== '' && ownIds.includes(pozjhm.toUpperCase()), '配偶证件号码不能与本人证件号码相同'],
        ]);
      },
    },
  ];
}

const STEP_OF: Record<Field, number> = { xingming: 0, zjhm: 0, txdz: 1, yzbm: 1, gzdh: 1, dzyx: 1, hyzk: 2, poxm: 2, pozjhm: 2, zy: 2, xl: 2 };

function checkRows(values: WizardValues, current: Current): CheckRow[] {
  const payload = gj0302Payload(values, current);
  const word = (f: Field, v: string) => (f === 'hyzk' ? (MARITAL.find(([k]) => k === v)?.[1] ?? v) : v);
  const rows = FIELDS.filter((f) => payload[f]).map((f) => ({
    label: f === 'xingming' || f === 'zjhm' ? `${LABELS[f]}（需中心审核）` : LABELS[f],
    value: current[f] && f !== 'xingming' && f !== 'zjhm' ? `${word(f, current[f])} → ${word(f, payload[f]!)}` : word(f, payload[f]!),
    formStep: STEP_OF[f],
  }));
  return rows.length > 0 ? rows : [{ label: '变更内容', value: '（没有修改任何信息）', formStep: 1 }];
}

const BLANK: Current = Object.fromEntries(FIELDS.map((f) => [f, ''])) as Current;

/** The page of the menu entry (component name = its path, packages/server/src/seed/menus.ts). */
export function Gj0302Page() {
  const [current, setCurrent] = useState<Current | null>(null);
  const [failure, setFailure] = useState('');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    client.get<Partial<Current>>('/api/izfgjj-zhfw/v1/grzhxxbg/current', { silent: true }).then(
      ({ data }) => live && setCurrent({ ...BLANK, ...Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [k, String(v ?? '')])) }),
      (error: unknown) => live && setFailure(errorMessage(error, '现登记信息加载失败，请稍后重试')),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const load = () => {
    setFailure('');
    setAttempt((n) => n + 1);
  };

  const formSteps = useMemo(() => (current ? steps(current) : []), [current]);
  const initialValues = useMemo<WizardValues>(() => (current ? { ...current, xingming: '', zjhm: '' } : {}), [current]);
  const toPayload = useCallback((v: WizardValues) => gj0302Payload(v, current ?? BLANK), [current]);

  if (!current) {
    return (
      <section className="page wizard" aria-labelledby="gj0302-title">
        <h1 id="gj0302-title">个人账户信息变更</h1>
        {failure ? (
          <div role="alert">
            <p>{failure}</p>
            <button type="button" className="btn" onClick={load}>
              重新加载
            </button>
          </div>
        ) : (
          <p role="status">正在加载，请稍候…</p>
        )}
      </section>
    );
  }
  return (
    <Wizard
      ywlx="GJ0302"
      title="个人账户信息变更"
      formSteps={formSteps}
      initialValues={initialValues}
      toPayload={toPayload}
      checkRows={(v) => checkRows(v, current)}
      validateAll={(v) => (Object.keys(gj0302Payload(v, current)).length === 0 ? NOTHING_CHANGED : '')}
    />
  );
}
