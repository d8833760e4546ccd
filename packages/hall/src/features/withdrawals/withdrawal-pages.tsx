import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { formatMoney, maskBankCard, toCapitalAmount } from '@gjj-hall/sdk/format';
import { formatMoneyInput, groupBankCard, parseMoneyInput } from '@gjj-hall/sdk/input';
import { QrSigning } from '@gjj-hall/widgets';
import { useStore } from '@nanostores/react';
import { client, stores } from '../../shared/services';
import { SelectField, TextField } from '../../shared/wizard/fields';
import { Wizard, type StepContext, type WizardFormStep } from '../../shared/wizard/wizard';
import { fetchBanks, fetchLimit, type Bank, type WithdrawalLimit } from './api';
import { amountError } from './form';
import { TqjdPage, TqlsPage } from './withdrawal-lists';
import { amountStepErrors, blankAnswers, factsErrors, kindByPath, kindPayload, limitKey, type Fact, type WithdrawalKind } from './kinds';
import './withdrawals.css';

// The eight withdrawal pages (issue 33, docs/api-withdrawals.md › The hall): one page drawn from each kind's data
// (kinds.ts) on the handling wizard. The account's eligibility is the wizard's opening check (ywblxz/check, each
// reason in words); then the kind's facts; then the most that may be withdrawn with the server's reasons (tq/ktqje,
// asked again when an answer it depends on changes), the amount with its capital form (or, for the closing kinds, the
// whole balance with interest) and the receiving card; the materials the answers call for, with the authorisation
// letter signed on the phone by QR where the kind needs one; 核对信息; submission. One chunk for all eight.

const t = (v: Record<string, string>, f: string) => (v[f] ?? '').trim();

type LimitState = { key: string; value: WithdrawalLimit | 'error' | null };

/** A money field (spec 5.7): plain while typing, grouped with two decimals once left; the capital form beneath. */
function MoneyField({ name, label, value, error, hint, onChange, capital }: { name: string; label: string; value: string; error?: string; hint?: string; onChange: (n: string, v: string) => void; capital?: boolean }) {
  const id = useId();
  const [focused, setFocused] = useState(false);
  const fine = value && !amountError(value, '9999999999');
  const shown = focused || !fine ? value : formatMoneyInput(value);
  const note = capital && fine ? `大写：${toCapitalAmount(value)}` : (hint ?? '至多两位小数');
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {note}
      </p>
      <div className="field__control">
        <input
          id={id}
          name={name}
          className="field__input withdrawal__money"
          value={shown}
          maxLength={16}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onChange={(e) => onChange(name, parseMoneyInput(e.target.value) || e.target.value.replace(/[^\d.]/g, ''))}
        />
      </div>
      <p id={`${id}-error`} className="field__error">
        {error}
      </p>
    </div>
  );
}

function CheckField({ fact, ctx }: { fact: Fact; ctx: StepContext }) {
  const id = useId();
  const error = ctx.errors[fact.name];
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label withdrawal__check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={ctx.values[fact.name] === '1'}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          onChange={(e) => ctx.set(fact.name, e.target.checked ? '1' : '')}
        />
        {fact.label}
      </label>
      <p id={`${id}-error`} className="field__error">
        {error}
      </p>
    </div>
  );
}

function AreaField({ fact, ctx }: { fact: Fact; ctx: StepContext }) {
  const id = useId();
  const error = ctx.errors[fact.name];
  const value = ctx.values[fact.name] ?? '';
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {fact.label}
      </label>
      <p id={`${id}-hint`} className="field__hint">
        已输入 {value.length} / {fact.maxLength} 字
      </p>
      <div className="field__control">
        <textarea
          id={id}
          name={fact.name}
          className="field__input withdrawal__area"
          rows={4}
          value={value}
          maxLength={fact.maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint ${id}-error`}
          onChange={(e) => ctx.set(fact.name, e.target.value)}
        />
      </div>
      <p id={`${id}-error`} className="field__error">
        {error}
      </p>
    </div>
  );
}

function FactField({ fact, ctx }: { fact: Fact; ctx: StepContext }) {
  if (fact.when && !fact.when(ctx.values)) return null;
  const common = { name: fact.name, label: fact.label, value: ctx.values[fact.name] ?? '', error: ctx.errors[fact.name], onChange: ctx.set };
  switch (fact.kind) {
    case 'check':
      return <CheckField fact={fact} ctx={ctx} />;
    case 'textarea':
      return <AreaField fact={fact} ctx={ctx} />;
    case 'select':
      return <SelectField {...common} hint={fact.hint} options={fact.options ?? []} empty="请选择" />;
    case 'money':
      return <MoneyField {...common} hint={fact.hint} />;
    default:
      return <TextField {...common} hint={fact.hint} maxLength={fact.maxLength} />;
  }
}

/** The most that may be withdrawn now and the server's reasons, before anything is typed. */
function LimitNote({ kind, limit }: { kind: WithdrawalKind; limit: WithdrawalLimit | 'error' | null }) {
  return (
    <section className="wizard__note withdrawal__limit" aria-label="本次最多可提取金额">
      {limit === null && <p role="status">正在计算可提取金额…</p>}
      {limit === 'error' && <p role="alert">可提取金额暂时无法计算，请稍后重试</p>}
      {limit && limit !== 'error' && (
        <>
          {kind.closing ? (
            <p>
              本次销户提取 <strong>{formatMoney(limit.ktqje)}</strong> 元（{toCapitalAmount(limit.ktqje)}），含结息至今日的利息，办结后个人账户销户
            </p>
          ) : (
            <p>
              本次最多可提取 <strong>{formatMoney(limit.ktqje)}</strong> 元
            </p>
          )}
          <ul>
            {limit.yy.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The amount (partial kinds) and the receiving card: bank list, the card in fours with its check, the holder. */
function AmountStep({ kind, ctx, limit, banks, ask }: { kind: WithdrawalKind; ctx: StepContext; limit: LimitState; banks: Bank[]; ask: (key: string, payload: Record<string, unknown>) => void }) {
  const { values, errors, set } = ctx;
  const key = limitKey(kind, values);
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  });
  useEffect(() => ask(key, kindPayload(kind, latest.current)), [ask, kind, key]);
  const card = t(values, 'skzh').replace(/\s/g, '');
  return (
    <div className="wizard-form">
      <LimitNote kind={kind} limit={limit.key === key ? limit.value : null} />
      {!kind.closing && <MoneyField name="tqje" label="提取金额（元）" value={values.tqje ?? ''} error={errors.tqje} onChange={set} capital />}
      <SelectField name="skyh" label="收款银行" value={values.skyh ?? ''} error={errors.skyh} onChange={set} options={banks.map((b) => [b.code, b.name] as const)} empty="请选择" />
      <TextField
        name="skzh"
        label="收款银行卡号"
        value={values.skzh ?? ''}
        error={errors.skzh}
        onChange={(n, v) => set(n, groupBankCard(v, 23))}
        maxLength={23}
        inputMode="numeric"
        hint={card.length >= 12 ? `请核对：${maskBankCard(card)}` : '本人名下的借记卡'}
      />
      <TextField name="skrxm" label="持卡人姓名" value={values.skrxm ?? ''} error={errors.skrxm} onChange={set} maxLength={50} hint="须与申请人姓名一致" />
    </div>
  );
}

/** The authorisation letter signed on the applicant's phone by QR, stored as the application's material SQS. */
function LetterSigning({ ywbh, onSigned }: { ywbh: string; onSigned: () => void }) {
  return (
    <div className="withdrawal__letter">
      <p>配偶共同提取同一套住房的，需要授权委托书：请用手机扫描下方二维码，在手机上完成短信验证并签名，签署后自动存入本业务的“授权委托书”材料；也可以在下方上传签字后的扫描件。</p>
      <QrSigning ywbh={ywbh} client={client} onSigned={onSigned} />
    </div>
  );
}

/** The page of one withdrawal kind. */
export function WithdrawalPage({ kind }: { kind: WithdrawalKind }) {
  // The card must be the applicant's own: the holder starts as the signed-in person's name.
  const applicant = String(useStore(stores.session.$userInfo)?.nikName ?? '');
  const [banks, setBanks] = useState<Bank[]>([]);
  const [limit, setLimit] = useState<LimitState>({ key: '', value: null });
  // The key last asked (null: none yet; '' is a kind whose limit depends on no answer).
  const asked = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchBanks().then(
      (b) => live && setBanks(b),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  // tq/ktqje for the answers it depends on; a newer question wins over an older answer.
  const ask = useCallback(
    (key: string, payload: Record<string, unknown>) => {
      if (asked.current === key) return;
      asked.current = key;
      setLimit({ key, value: null });
      fetchLimit(kind.ywlx, payload).then(
        (l) => asked.current === key && setLimit({ key, value: l }),
        () => asked.current === key && setLimit({ key, value: 'error' }),
      );
    },
    [kind],
  );
  const max = limit.value && limit.value !== 'error' ? limit.value.ktqje : '0.00';

  const steps: WizardFormStep[] = [
    {
      title: kind.factsTitle,
      render: (ctx) => (
        <div className="wizard-form">
          {kind.facts.map((f) => (
            <FactField key={f.name} fact={f} ctx={ctx} />
          ))}
        </div>
      ),
      validate: (v) => factsErrors(kind, v),
    },
    {
      title: kind.closing ? '销户提取与收款账户' : '提取金额与收款账户',
      render: (ctx) => <AmountStep kind={kind} ctx={ctx} limit={limit} banks={banks} ask={ask} />,
      validate: (v) => amountStepErrors(kind, v, max),
    },
  ];

  const amountRow = (v: Record<string, string>) =>
    kind.closing
      ? max !== '0.00'
        ? `${formatMoney(max)} 元（${toCapitalAmount(max)}），销户提取，以办结时结息后的余额为准`
        : '销户提取，以办结时结息后的余额为准'
      : t(v, 'tqje')
        ? `${formatMoney(t(v, 'tqje'))} 元（${toCapitalAmount(t(v, 'tqje'))}）`
        : '';

  return (
    <Wizard
      ywlx={kind.ywlx}
      title={kind.title}
      formSteps={steps}
      initialValues={{ ...blankAnswers(kind), skrxm: applicant }}
      toPayload={(v) => kindPayload(kind, v)}
      checkRows={(v) => [
        ...kind.rows(v).map(([label, value]) => ({ label, value, formStep: 0 })),
        { label: '提取金额', value: amountRow(v), formStep: 1 },
        { label: '收款账户', value: `${banks.find((b) => b.code === t(v, 'skyh'))?.name ?? ''} ${t(v, 'skzh') ? maskBankCard(t(v, 'skzh')) : ''}（${t(v, 'skrxm')}）`, formStep: 1 },
      ]}
      materialsExtra={kind.letter ? ({ values, ywbh, refresh }) => (ywbh && kind.letter?.(values) ? <LetterSigning ywbh={ywbh} onSigned={refresh} /> : null) : undefined}
      nextSteps={(r) => (
        <p>
          {r.zt === '03'
            ? `${kind.instant ?? '已即时办结'}，提取金额将转入您的银行卡。可在“提取历史”查看并打印提取回单。`
            : `${kind.pending ?? '中心将审核您的申请'}，在承诺办结日期（${r.promisedDate ?? ''}）前办结，结果以短信通知您。`}
        </p>
      )}
    />
  );
}

/**
 * The page of any of the ten withdrawal menu entries, by its address (/grwt/tqSys/tqyw/<kind>, /grwt/tqSys/tqcx/tqjd
 * or tqls): the menu page names one component for all of them, so its own chunk does not grow with the pages.
 */
export function WithdrawalRoute() {
  const last = useLocation().pathname.split('/').pop() ?? '';
  if (last === 'tqjd') return <TqjdPage />;
  if (last === 'tqls') return <TqlsPage />;
  const kind = kindByPath(last);
  return kind ? <WithdrawalPage key={kind.ywlx} kind={kind} /> : null;
}
