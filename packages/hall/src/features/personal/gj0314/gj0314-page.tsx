import { useEffect, useId, useState } from 'react';
import { errorMessage } from '@gjj-hall/sdk';
import { formatMoney } from '@gjj-hall/sdk/format';
import { SelectField, TextField } from '../../../shared/wizard/fields';
import { Wizard, type StepContext, type WizardErrors, type WizardFormStep, type WizardValues } from '../../../shared/wizard/wizard';
import { checkTransfer, fetchTransferAccounts, type TransferAccount } from './api';
import './gj0314.css';

/**
 * GJ0314 个人账户同城转移 (menu /grwt/zhxx/zhxxbg/tczy; the code is ours, docs/api-personal.md › 同城转移): the
 * applicant picks one of their own unit accounts, names the new unit by its account number and full name (checked by
 * the server against the whole rule table before going on; no unit is ever listed), gives the reason, then the
 * materials the reason calls for. The centre completes it: the account then belongs to the new unit.
 */

/** 转移原因, as the server's schema lists them. */
const REASONS: ReadonlyArray<readonly [string, string]> = [
  ['01', '工作调动'],
  ['02', '单位合并或分立'],
  ['03', '其他'],
];

const blank: WizardValues = { grzh: '', ydwmc: '', grzhye: '', zrdwzh: '', zrdwmc: '', zyyy: '', zysm: '' };
const t = (v: WizardValues, f: string) => (v[f] ?? '').trim();

/** The payload of the server's schema (the old unit and balance are only shown). */
export function gj0314Payload(v: WizardValues): Record<string, string> {
  const out: Record<string, string> = { grzh: t(v, 'grzh'), zrdwzh: t(v, 'zrdwzh'), zrdwmc: t(v, 'zrdwmc'), zyyy: t(v, 'zyyy') };
  if (t(v, 'zyyy') === '03' && t(v, 'zysm')) out.zysm = t(v, 'zysm');
  return out;
}

function AccountStep({ values, errors, set }: StepContext) {
  const [state, setState] = useState<{ list: TransferAccount[]; loading: boolean; error: string }>({ list: [], loading: true, error: '' });
  const [attempt, setAttempt] = useState(0);
  const errorId = useId();
  const labelId = useId();
  useEffect(() => {
    let live = true;
    fetchTransferAccounts().then(
      (list) => live && setState({ list, loading: false, error: '' }),
      (error: unknown) => live && setState({ list: [], loading: false, error: errorMessage(error, '账户查询失败，请稍后重试') }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  if (state.loading) return <p role="status">正在查询您的个人账户…</p>;
  if (state.error)
    return (
      <div role="alert">
        <p>{state.error}</p>
        <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
          重新查询
        </button>
      </div>
    );
  if (state.list.length === 0) return <p className="wizard__note">您在本中心没有单位缴存的个人账户。灵活就业人员账户请办理“灵活就业人员账户转移”。</p>;
  return (
    // A radio group that can say it is in error (and take the focus the wizard gives the first field in error).
    <div
      className="transfer-accounts"
      role="radiogroup"
      tabIndex={-1}
      aria-labelledby={labelId}
      aria-invalid={errors.grzh ? true : undefined}
      aria-describedby={errors.grzh ? errorId : undefined}
    >
      <p id={labelId} className="field__label">
        选择要转移的个人账户
      </p>
      <p className="wizard__note">账户转入新单位后个人账号不变，余额随账户一并转移。</p>
      {state.list.map((a) => (
        <label key={a.grzh} className={`transfer-account${a.movable ? '' : ' transfer-account--disabled'}`}>
          <input
            type="radio"
            name="grzh"
            value={a.grzh}
            checked={values.grzh === a.grzh}
            disabled={!a.movable}
            onChange={() => {
              set('grzh', a.grzh);
              set('ydwmc', a.dwmc);
              set('grzhye', a.grzhye);
            }}
          />
          <span className="transfer-account__body">
            <span className="transfer-account__no">个人账号 {a.grzh}</span>
            <span>原单位：{a.dwmc}</span>
            <span>
              账户状态：<span className={`tag ${a.grzhzt === '02' ? 'tag--warn' : ''}`}>{a.ztmc}</span>
            </span>
            <span>账户余额：{formatMoney(a.grzhye)} 元</span>
            {!a.movable && <span className="transfer-account__why">{a.reason}</span>}
          </span>
        </label>
      ))}
      <p id={errorId} className="field__error">
        {errors.grzh}
      </p>
    </div>
  );
}

/** The unit step's own checks, then the server's (the number and name of the unit, and every rule of the table). */
async function validateUnit(v: WizardValues): Promise<WizardErrors> {
  const local: WizardErrors = {};
  if (!t(v, 'zrdwzh')) local.zrdwzh = '请填写转入单位账号';
  else if (!/^[0-9]{6,20}$/.test(t(v, 'zrdwzh'))) local.zrdwzh = '转入单位账号应为 6 至 20 位数字';
  if (!t(v, 'zrdwmc')) local.zrdwmc = '请填写转入单位名称';
  else if (t(v, 'zrdwmc').length < 2) local.zrdwmc = '转入单位名称应为 2 至 100 个字';
  if (!t(v, 'zyyy')) local.zyyy = '请选择转移原因';
  if (t(v, 'zyyy') === '03' && !t(v, 'zysm')) local.zysm = '转移原因为“其他”时，请填写情况说明';
  if (Object.keys(local).length > 0) return local;
  try {
    await checkTransfer({ grzh: t(v, 'grzh'), zrdwzh: t(v, 'zrdwzh'), zrdwmc: t(v, 'zrdwmc') });
    return {};
  } catch (error) {
    // The server's rule message (the unit does not match, is not normal, is the old one …) under the unit's number.
    return { zrdwzh: errorMessage(error, '转入单位核验失败，请稍后重试') };
  }
}

const STEPS: WizardFormStep[] = [
  {
    title: '选择账户',
    render: (ctx) => <AccountStep {...ctx} />,
    validate: (v): WizardErrors => (t(v, 'grzh') ? {} : { grzh: '请选择要转移的个人账户' }),
  },
  {
    title: '转入单位',
    render: ({ values, errors, set: setField }) => {
      // The server's answer about the unit is shown under its number but concerns the name too: changing either clears it.
      const set = (name: string, value: string) => {
        setField(name, value);
        if (name === 'zrdwmc' && errors.zrdwzh) setField('zrdwzh', values.zrdwzh ?? '');
      };
      return (
        <div className="wizard-form">
          <p className="wizard__note">请向新单位经办人索取单位账号和单位全称。填写后点“下一步”，系统将核验单位信息。</p>
          <TextField name="zrdwzh" label="转入单位账号" value={values.zrdwzh ?? ''} error={errors.zrdwzh} onChange={set} maxLength={20} inputMode="numeric" hint="新单位在住房公积金管理中心的单位账号" />
          <TextField name="zrdwmc" label="转入单位名称" value={values.zrdwmc ?? ''} error={errors.zrdwmc} onChange={set} maxLength={100} hint="与新单位在中心登记的全称一致" />
          <SelectField name="zyyy" label="转移原因" value={values.zyyy ?? ''} error={errors.zyyy} onChange={set} options={REASONS} empty="请选择" />
          {values.zyyy === '03' && <TextField name="zysm" label="情况说明" value={values.zysm ?? ''} error={errors.zysm} onChange={set} maxLength={200} />}
        </div>
      );
    },
    validate: validateUnit,
  },
];

function checkRows(v: WizardValues) {
  const reason = REASONS.find(([k]) => k === t(v, 'zyyy'))?.[1] ?? '';
  return [
    { label: '转出账户', value: t(v, 'grzh') ? `${t(v, 'grzh')}（${t(v, 'ydwmc')}）` : '', formStep: 0 },
    { label: '转移金额', value: t(v, 'grzhye') ? `${formatMoney(t(v, 'grzhye'))} 元（以办结时的账户余额为准）` : '', formStep: 0 },
    { label: '转入单位', value: `${t(v, 'zrdwmc')}（单位账号 ${t(v, 'zrdwzh')}）`, formStep: 1 },
    { label: '转移原因', value: t(v, 'zyyy') === '03' ? `${reason}：${t(v, 'zysm')}` : reason, formStep: 1 },
  ];
}

/** The page of the menu entry (component name = its path, packages/server/src/seed/transfer.ts). */
export function Gj0314Page() {
  return (
    <Wizard
      ywlx="GJ0314"
      title="个人账户同城转移"
      formSteps={STEPS}
      initialValues={blank}
      toPayload={gj0314Payload}
      checkRows={checkRows}
      nextSteps={(r) => (
        <p>
          中心将在承诺办结日期（{r.promisedDate ?? ''}）前审核。办结后您的个人账户转入新单位，个人账号不变，余额和利息随账户转移，此后由新单位为您缴存；结果以短信通知您。审核通过前您可以在“我的业务”中撤回申请。
        </p>
      )}
    />
  );
}
