import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@gjj-hall/sdk';
import { formatMoney, maskBankCard, toCapitalAmount } from '@gjj-hall/sdk/format';
import { SelectField, TextField } from '../../shared/wizard/fields';
import { DataTable, type TableColumn } from '../../shared/table';
import { Pager } from '../../shared/ui/pager';
import { fetchBanks, type Bank } from './api';
import { amountError } from './form';
import { fetchStanding, fetchStandingPayments, signAgreement, stopAgreement, type Agreement, type StandingPayments, type StandingState, type StandingPayment } from './standing-api';
import { BLANK_STANDING, standingErrors, standingPayload, type StandingErrors, type StandingValues } from './standing-form';

// 按月/按季租房提取 (docs/api-withdrawals.md; a tab of the rent menu entry, docs/decisions.md): the agreement in force
// with its stop button, else the form to sign one (the lease as 租赁住房提取 asks it, how often, the amount a period
// within the year's quota left, the card), and what the agreements paid, one page at a time.

const columns: TableColumn<StandingPayment>[] = [
  { prop: 'qj', label: '期间', rowHeader: true, className: 'nowrap' },
  { prop: 'je', label: '金额（元）', align: 'right', text: (r) => formatMoney(r.je) },
  { prop: 'zfrq', label: '支付日期', className: 'nowrap' },
  { prop: 'ywbh', label: '业务编号' },
];

function AgreementFacts({ agreement }: { agreement: Agreement }) {
  return (
    <dl className="facts">
      <div className="facts__item">
        <dt>协议状态</dt>
        <dd>{agreement.ztmc}{agreement.zzyy ? `（${agreement.zzyy}）` : ''}</dd>
      </div>
      <div className="facts__item">
        <dt>租赁合同编号</dt>
        <dd>{agreement.zlht}</dd>
      </div>
      <div className="facts__item">
        <dt>租赁终止日期</dt>
        <dd>{agreement.zlzzrq}</dd>
      </div>
      <div className="facts__item">
        <dt>提取频率</dt>
        <dd>{agreement.plmc}</dd>
      </div>
      <div className="facts__item">
        <dt>每期提取金额</dt>
        <dd>{formatMoney(agreement.dqje)} 元</dd>
      </div>
      <div className="facts__item">
        <dt>收款账户</dt>
        <dd>
          {agreement.skyhmc} {agreement.skzh}
        </dd>
      </div>
      <div className="facts__item">
        <dt>签订时间</dt>
        <dd>{agreement.qdsj}</dd>
      </div>
    </dl>
  );
}

function SignForm({ state, banks, onSigned }: { state: StandingState; banks: Bank[]; onSigned: (a: Agreement | null) => void }) {
  const [values, setValues] = useState<StandingValues>(BLANK_STANDING);
  const [errors, setErrors] = useState<StandingErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const declarationId = useId();
  const plId = useId();
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const dqje = (values.dqje ?? '').trim();
  const capital = dqje && !amountError(dqje, '9999999999') ? toCapitalAmount(dqje) : '';
  const card = (values.skzh ?? '').replace(/\s/g, '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = standingErrors(values, state.syed);
    setErrors(found);
    setMessage('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      onSigned(await signAgreement(standingPayload(values)));
    } catch (error) {
      // What was typed stays; the server's reason is shown above the button.
      setMessage(errorMessage(error, '协议签订失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="wizard-form" noValidate onSubmit={submit} aria-label="签订按月/按季租房提取协议">
      <section className="wizard__note" aria-label="本年度剩余额度">
        <p>
          本年度剩余租房提取额度 <strong>{formatMoney(state.syed)}</strong> 元
        </p>
        <ul>
          {state.yy.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>
      <TextField name="zlht" label="租赁合同编号" value={values.zlht ?? ''} error={errors.zlht} onChange={set} maxLength={50} />
      <TextField name="zldz" label="租赁房屋坐落" value={values.zldz ?? ''} error={errors.zldz} onChange={set} maxLength={200} />
      <TextField name="zlqsrq" label="租赁起始日期" value={values.zlqsrq ?? ''} error={errors.zlqsrq} onChange={set} maxLength={10} hint="格式：2026-03-01" />
      <TextField name="zlzzrq" label="租赁终止日期" value={values.zlzzrq ?? ''} error={errors.zlzzrq} onChange={set} maxLength={10} hint="租赁合同到期后协议自动终止" />
      <fieldset className={`field${errors.pl ? ' field--invalid' : ''}`} aria-describedby={`${plId}-error`}>
        <legend className="field__label">提取频率</legend>
        <label>
          <input type="radio" name="pl" value="M" checked={values.pl === 'M'} onChange={() => set('pl', 'M')} /> 按月（每月支付一次）
        </label>{' '}
        <label>
          <input type="radio" name="pl" value="Q" checked={values.pl === 'Q'} onChange={() => set('pl', 'Q')} /> 按季（1、4、7、10 月支付）
        </label>
        <p id={`${plId}-error`} className="field__error">
          {errors.pl}
        </p>
      </fieldset>
      <TextField name="dqje" label="每期提取金额（元）" value={values.dqje ?? ''} error={errors.dqje} onChange={set} maxLength={13} hint={capital ? `大写：${capital}` : '不超过本年度剩余额度，至多两位小数'} />
      <SelectField name="skyh" label="收款银行" value={values.skyh ?? ''} error={errors.skyh} onChange={set} options={banks.map((b) => [b.code, b.name] as const)} empty="请选择" />
      <TextField name="skzh" label="收款银行卡号" value={values.skzh ?? ''} error={errors.skzh} onChange={set} maxLength={23} inputMode="numeric" hint={card.length >= 12 ? `请核对：${maskBankCard(card)}` : '本人名下的借记卡'} />
      <TextField name="skrxm" label="持卡人姓名" value={values.skrxm ?? ''} error={errors.skrxm} onChange={set} maxLength={50} hint="须与申请人姓名一致" />
      <div className={`field${errors.wfsm ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={declarationId}>
          <input id={declarationId} type="checkbox" checked={values.wfsm === '1'} aria-describedby={`${declarationId}-error`} onChange={(e) => set('wfsm', e.target.checked ? '1' : '')} /> 本人声明：本人及配偶在本市无自有住房
        </label>
        <p id={`${declarationId}-error`} className="field__error">
          {errors.wfsm}
        </p>
      </div>
      {message && (
        <p className="form-alert" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? '正在签订…' : '签订协议'}
      </button>
    </form>
  );
}

/** The tab 按月/按季提取 of the rent menu entry. */
export function StandingPage() {
  const [state, setState] = useState<StandingState | null | 'error'>(null);
  const [banks, setBanks] = useState<Bank[]>([]);
  const [payments, setPayments] = useState<StandingPayments | null>(null);
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState('');
  const noticeRef = useRef<HTMLParagraphElement>(null);

  const load = useCallback(() => {
    fetchStanding().then(setState, () => setState('error'));
  }, []);
  useEffect(() => {
    load();
    fetchBanks().then(setBanks, () => undefined);
  }, [load]);
  useEffect(() => {
    fetchStandingPayments(paging.pageNum, paging.pageSize).then(setPayments, () => setPayments({ total: 0, list: [] }));
  }, [paging]);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const stop = async (agreement: Agreement) => {
    try {
      await stopAgreement(agreement.id);
      setNotice('协议已终止，之后不再按期支付。');
    } catch (error) {
      setNotice(errorMessage(error, '协议终止失败，请稍后重试'));
    }
    setConfirming(false);
    load();
  };

  if (state === null) return <p className="page" role="status">正在加载，请稍候…</p>;
  if (state === 'error') return <p className="page content-error" role="alert">协议信息暂时无法加载，请稍后重试</p>;
  const active = state.agreement?.zt === 'active' ? state.agreement : null;
  return (
    <section className="page standing" aria-labelledby="standing-title">
      <h1 id="standing-title">按月/按季租房提取</h1>
      <p className="page__lead">签订一次协议后，中心每月（或每季首月）按约定金额把租房提取款转入您的银行卡，全年不超过租房提取额度；可随时终止，租赁合同到期、账户封存或额度用完时自动终止。每次支付都会短信通知您。</p>
      {notice && (
        <p ref={noticeRef} tabIndex={-1} role="status">
          {notice}
        </p>
      )}
      {active ? (
        <section aria-labelledby="standing-active">
          <h2 id="standing-active">生效中的协议</h2>
          <AgreementFacts agreement={active} />
          {confirming ? (
            <p>
              确定终止该协议吗？{' '}
              <button type="button" className="btn btn--primary" onClick={() => void stop(active)}>
                确认终止
              </button>{' '}
              <button type="button" className="btn" onClick={() => setConfirming(false)}>
                取消
              </button>
            </p>
          ) : (
            <button type="button" className="btn" onClick={() => setConfirming(true)}>
              终止协议
            </button>
          )}
        </section>
      ) : (
        <section aria-labelledby="standing-sign">
          <h2 id="standing-sign">签订协议</h2>
          {state.agreement && <AgreementFacts agreement={state.agreement} />}
          <SignForm
            state={state}
            banks={banks}
            onSigned={() => {
              setNotice('协议已签订，中心将按期把提取款转入您的银行卡。');
              load();
            }}
          />
        </section>
      )}
      <section aria-labelledby="standing-paid">
        <h2 id="standing-paid">支付记录</h2>
        <DataTable caption="按月/按季租房提取支付记录" columns={columns} rows={payments?.list ?? []} rowKey={(r) => r.ywbh} busy={payments === null} emptyText="暂无支付记录" />
        {payments && payments.total > 0 && (
          <Pager label="支付记录分页" total={payments.total} pageNum={paging.pageNum} pageSize={paging.pageSize} onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })} />
        )}
      </section>
    </section>
  );
}
