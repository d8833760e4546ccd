import { useEffect, useId, useState } from 'react';
import { formatMoney, maskBankCard, toCapitalAmount } from '@gjj-hall/sdk/format';
import { SelectField, TextField } from '../../shared/wizard/fields';
import { Wizard, type StepContext, type WizardErrors, type WizardFormStep, type WizardValues } from '../../shared/wizard/wizard';
import { fetchBanks, fetchLimit, type Bank, type WithdrawalLimit } from './api';
import { amountError, cardError } from './form';

// 租赁住房提取 (TQ0107, docs/api-withdrawals.md): the lease, then the amount (the server's limit and its reasons shown
// before typing, the capital form beside the amount) and the receiving card, then the wizard's materials, check and
// submission. Within the quota the centre's automatic rule completes it at once.

const blank: WizardValues = { zlht: '', zldz: '', yzj: '', zlqsrq: '', zlzzrq: '', wfsm: '', tqje: '', skyh: '', skzh: '', skrxm: '' };
const t = (v: WizardValues, f: string) => (v[f] ?? '').trim();
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The application's payload from the answers. */
export function rentPayload(v: WizardValues): Record<string, unknown> {
  return {
    zlht: t(v, 'zlht'),
    zldz: t(v, 'zldz'),
    yzj: t(v, 'yzj'),
    zlqsrq: t(v, 'zlqsrq'),
    zlzzrq: t(v, 'zlzzrq'),
    wfsm: v.wfsm === '1',
    tqje: t(v, 'tqje'),
    skyh: t(v, 'skyh'),
    skzh: t(v, 'skzh').replace(/\s/g, ''),
    skrxm: t(v, 'skrxm'),
  };
}

function leaseErrors(v: WizardValues): WizardErrors {
  const e: WizardErrors = {};
  if (!t(v, 'zlht')) e.zlht = '请输入租赁合同编号';
  if (t(v, 'zldz').length < 2) e.zldz = '请输入租赁房屋坐落';
  if (!/^(0|[1-9]\d{0,9})(\.\d{1,2})?$/.test(t(v, 'yzj'))) e.yzj = '月租金应为金额，至多两位小数';
  if (!DATE.test(t(v, 'zlqsrq'))) e.zlqsrq = '租赁起始日期应为日期（年-月-日）';
  if (!DATE.test(t(v, 'zlzzrq'))) e.zlzzrq = '租赁终止日期应为日期（年-月-日）';
  else if (t(v, 'zlqsrq') && t(v, 'zlzzrq') <= t(v, 'zlqsrq')) e.zlzzrq = '租赁终止日期应晚于起始日期';
  if (v.wfsm !== '1') e.wfsm = '请确认本人及配偶在本市无自有住房';
  return e;
}

function Declaration({ values, errors, set }: StepContext) {
  const id = useId();
  return (
    <div className={`field${errors.wfsm ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        <input id={id} type="checkbox" checked={values.wfsm === '1'} aria-describedby={`${id}-error`} onChange={(e) => set('wfsm', e.target.checked ? '1' : '')} />
        {' '}本人声明：本人及配偶在本市无自有住房
      </label>
      <p id={`${id}-error`} className="field__error">
        {errors.wfsm}
      </p>
    </div>
  );
}

/** The limit and its reasons, fetched once the step opens; the amount and its capital form; the card. */
function AmountStep({ values, errors, set, limit, banks }: StepContext & { limit: WithdrawalLimit | null | 'error'; banks: Bank[] }) {
  const capital = t(values, 'tqje') && !amountError(t(values, 'tqje'), '9999999999') ? toCapitalAmount(t(values, 'tqje')) : '';
  return (
    <div className="wizard-form">
      <section className="wizard__note" aria-label="本次最多可提取金额">
        {limit === null && <p>正在计算可提取金额…</p>}
        {limit === 'error' && <p role="alert">可提取金额暂时无法计算，请稍后重试</p>}
        {limit && limit !== 'error' && (
          <>
            <p>
              本次最多可提取 <strong>{formatMoney(limit.ktqje)}</strong> 元
            </p>
            <ul>
              {limit.yy.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </>
        )}
      </section>
      <TextField
        name="tqje"
        label="提取金额（元）"
        value={values.tqje ?? ''}
        error={errors.tqje}
        onChange={set}
        maxLength={13}
        inputMode="text"
        hint={capital ? `大写：${capital}` : '至多两位小数'}
      />
      <SelectField name="skyh" label="收款银行" value={values.skyh ?? ''} error={errors.skyh} onChange={set} options={banks.map((b) => [b.code, b.name] as const)} empty="请选择" />
      <TextField
        name="skzh"
        label="收款银行卡号"
        value={values.skzh ?? ''}
        error={errors.skzh}
        onChange={set}
        maxLength={23}
        inputMode="numeric"
        hint={t(values, 'skzh').replace(/\s/g, '').length >= 12 ? `请核对：${maskBankCard(t(values, 'skzh'))}` : '本人名下的借记卡'}
      />
      <TextField name="skrxm" label="持卡人姓名" value={values.skrxm ?? ''} error={errors.skrxm} onChange={set} maxLength={50} hint="须与申请人姓名一致" />
    </div>
  );
}

/** The page of the menu entry /grwt/tqSys/tqyw/zfzj_tq. */
export function RentPage() {
  const [limit, setLimit] = useState<WithdrawalLimit | null | 'error'>(null);
  const [banks, setBanks] = useState<Bank[]>([]);
  useEffect(() => {
    let live = true;
    fetchLimit('TQ0107').then(
      (l) => live && setLimit(l),
      () => live && setLimit('error'),
    );
    fetchBanks().then(
      (b) => live && setBanks(b),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const max = limit && limit !== 'error' ? limit.ktqje : '0.00';

  const steps: WizardFormStep[] = [
    {
      title: '租赁信息',
      render: (ctx) => (
        <div className="wizard-form">
          <TextField name="zlht" label="租赁合同编号" value={ctx.values.zlht ?? ''} error={ctx.errors.zlht} onChange={ctx.set} maxLength={50} />
          <TextField name="zldz" label="租赁房屋坐落" value={ctx.values.zldz ?? ''} error={ctx.errors.zldz} onChange={ctx.set} maxLength={200} />
          <TextField name="yzj" label="月租金（元）" value={ctx.values.yzj ?? ''} error={ctx.errors.yzj} onChange={ctx.set} maxLength={13} />
          <TextField name="zlqsrq" label="租赁起始日期" value={ctx.values.zlqsrq ?? ''} error={ctx.errors.zlqsrq} onChange={ctx.set} maxLength={10} hint="格式：2026-03-01" />
          <TextField name="zlzzrq" label="租赁终止日期" value={ctx.values.zlzzrq ?? ''} error={ctx.errors.zlzzrq} onChange={ctx.set} maxLength={10} hint="格式：2027-02-28" />
          <Declaration {...ctx} />
        </div>
      ),
      validate: leaseErrors,
    },
    {
      title: '提取金额与收款账户',
      render: (ctx) => <AmountStep {...ctx} limit={limit} banks={banks} />,
      validate: (v): WizardErrors => {
        const e: WizardErrors = {};
        const amount = amountError(t(v, 'tqje'), max);
        if (amount) e.tqje = amount;
        if (!t(v, 'skyh')) e.skyh = '请选择收款银行';
        const card = cardError(t(v, 'skzh'));
        if (card) e.skzh = card;
        if (!t(v, 'skrxm')) e.skrxm = '请输入持卡人姓名';
        return e;
      },
    },
  ];

  return (
    <Wizard
      ywlx="TQ0107"
      title="租赁住房提取"
      formSteps={steps}
      initialValues={blank}
      toPayload={rentPayload}
      checkRows={(v) => [
        { label: '租赁合同', value: `${t(v, 'zlht')}（${t(v, 'zldz')}）`, formStep: 0 },
        { label: '租赁期限', value: `${t(v, 'zlqsrq')} 至 ${t(v, 'zlzzrq')}，月租金 ${t(v, 'yzj') ? formatMoney(t(v, 'yzj')) : ''} 元`, formStep: 0 },
        { label: '提取金额', value: t(v, 'tqje') ? `${formatMoney(t(v, 'tqje'))} 元（${toCapitalAmount(t(v, 'tqje'))}）` : '', formStep: 1 },
        { label: '收款账户', value: `${banks.find((b) => b.code === t(v, 'skyh'))?.name ?? ''} ${t(v, 'skzh') ? maskBankCard(t(v, 'skzh')) : ''}（${t(v, 'skrxm')}）`, formStep: 1 },
      ]}
      nextSteps={(r) => (
        <p>
          {r.zt === '03'
            ? '已在额度内即时办结，提取金额将转入您的银行卡。可在“提取历史”查看并打印提取回单。'
            : `中心将在承诺办结日期（${r.promisedDate ?? ''}）前审核，结果以短信通知您。`}
        </p>
      )}
    />
  );
}
