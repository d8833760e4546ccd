import { useId, useRef, useState, type FormEvent } from 'react';
import { MONEY } from '@gjj-hall/sdk';
import {
  calculatePrepayment,
  LOAN_INPUT_MESSAGES,
  LoanInputError,
  loanLimitProblems,
  type PrepaymentInput,
  type PrepaymentMode,
  type PrepaymentResult,
  type RepaymentMethod,
} from '@gjj-hall/sdk/loan';
import { Announcer, freshText, RadioGroup, ResultBlock, SubmitRow, TextField } from './fields';
import {
  amountRule,
  issueDateRule,
  methodRule,
  money,
  rateCodes,
  rateRule,
  stripSpaces,
  tenThousandsToYuan,
  termMonths,
  termRule,
  today,
} from './logic';
import { listedRate, METHOD_OPTIONS, paymentTerm } from './options';
import type { PanelContext } from './types';
import { focusField, useChecks } from './use-checks';

const I = LOAN_INPUT_MESSAGES;
const DECIMAL = /^\d+(?:\.\d+)?$/;

/** The prepayment period: 1 to months − 1 (the engine's messages). */
function prepayPeriodRule(v: string, monthsText: string): string {
  if (!v.trim()) return I.prepayPeriodEmpty;
  const months = termMonths(monthsText);
  if (months === 1) return I.prepayOneMonth;
  const last = months === null ? 998 : months - 1;
  const p = /^\d{1,3}$/.test(v.trim()) ? Number(v) : 0;
  return p >= 1 && p <= last ? '' : I.prepayPeriod(last);
}

/** The prepayment amount in ten-thousands: more than 0 (the engine's messages). */
function prepayAmountRule(v: string): string {
  if (!v.trim()) return I.prepayAmountEmpty;
  if (!DECIMAL.test(v.trim())) return I.prepayAmountInvalid;
  if (Number(v) === 0) return I.prepayAmountMin;
  const int = tenThousandsToYuan(v).split('.')[0] ?? '';
  return int.length > MONEY.integerDigits ? I.prepayAmountTooLarge : '';
}

type Field = 'amount' | 'months' | 'rate' | 'method' | 'issueDate' | 'prepayPeriod' | 'prepayAmount' | 'mode';
const ORDER: readonly Field[] = ['amount', 'months', 'rate', 'method', 'issueDate', 'prepayPeriod', 'prepayAmount', 'mode'];

const MODE_OPTIONS: ReadonlyArray<{ value: PrepaymentMode; label: string }> = [
  { value: 'shorten', label: '缩短期限（月供不变）' },
  { value: 'reduce', label: '减少月供（期限不变）' },
];

interface Form {
  amount: string;
  months: string;
  /** null: the first-home provident fund rate for the term, from the rate list. */
  rate: string | null;
  method: RepaymentMethod;
  issueDate: string;
  prepayPeriod: string;
  prepayAmount: string;
  mode: PrepaymentMode;
}

/**
 * The early-repayment tab (提前还款试算): a lump sum paid with one period's payment, then a shorter term or a lower
 * payment. Computed in the browser in both modes: the server contract (spec 7.1) has no prepayment call.
 */
export function PrepayPanel({ rates, limits, openPlan, calculated, named }: PanelContext) {
  const uid = useId();
  const id = (k: string) => `${uid}-p-${k}`;
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<Form>(() => ({
    amount: '',
    months: '',
    rate: null,
    method: '01',
    issueDate: today(),
    prepayPeriod: '',
    prepayAmount: '',
    mode: 'shorten',
  }));
  const [results, setResults] = useState<PrepaymentResult | null>(null);
  const [failure, setFailure] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const announced = useRef(0);

  const codes = rateCodes('0', form.months);
  const rate = form.rate ?? listedRate(rates, 'provident', codes?.provident) ?? '';
  const values: Record<Field, string> = { ...form, rate };
  const longTerm = loanLimitProblems({ months: values.months }, limits).months ?? '';
  const check = (k: Field): string => {
    switch (k) {
      case 'amount':
        return amountRule(values.amount);
      case 'months':
        return termRule(values.months) || longTerm;
      case 'rate':
        return rateRule(values.rate);
      case 'method':
        return methodRule(values.method);
      case 'issueDate':
        return issueDateRule(values.issueDate);
      case 'prepayPeriod':
        return prepayPeriodRule(values.prepayPeriod, values.months);
      case 'prepayAmount':
        return prepayAmountRule(values.prepayAmount);
      case 'mode':
        return values.mode === 'shorten' || values.mode === 'reduce' ? '' : I.prepayMode;
    }
  };
  const { errors, blur, submit } = useChecks(check, ORDER);
  const update = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const invalidate = () => {
    setResults(null);
    setAnnouncement('');
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const wrong = submit();
    if (wrong) {
      invalidate();
      focusField(formRef.current, id(wrong));
      return;
    }
    const inputs: PrepaymentInput = {
      amount: tenThousandsToYuan(values.amount),
      months: Number(values.months),
      annualRate: values.rate,
      method: form.method,
      issueDate: values.issueDate,
      prepayPeriod: Number(values.prepayPeriod),
      prepayAmount: tenThousandsToYuan(values.prepayAmount),
      mode: form.mode,
    };
    try {
      const out = calculatePrepayment(inputs);
      setResults(out);
      setFailure('');
      announced.current += 1;
      setAnnouncement(
        freshText(
          out.settled
            ? `计算完成。提前还款后贷款全部结清，节省利息 ${money(out.interestSaved)} 元。`
            : `计算完成。提前还款后${paymentTerm(form.method)} ${money(out.monthlyPayment)} 元，剩余 ${out.remainingMonths} 期，节省利息 ${money(out.interestSaved)} 元。`,
          announced.current,
        ),
      );
      calculated({ tab: 'prepay', mode: 'local', inputs, results: out });
    } catch (error) {
      invalidate();
      setFailure(error instanceof LoanInputError ? error.message : '计算失败，请检查输入后重试');
    }
  };

  const r = results;
  const term = paymentTerm(form.method);
  const remaining = !r
    ? '0 期'
    : r.settled
      ? '0 期（已全部结清）'
      : `${r.remainingMonths} 期` + (r.monthsSaved > 0 ? `（缩短 ${r.monthsSaved} 期）` : '');
  return (
    <form ref={formRef} className="gjj-loan__form" part="form" noValidate onSubmit={onSubmit} aria-label={named('提前还款信息')}>
      <h2 id={id('title')} className="gjj-loan__form-title">
        提前还款信息
      </h2>
      <div className="gjj-loan__grid">
        <TextField
          id={id('amount')}
          label="贷款金额（万元）"
          inputMode="decimal"
          value={form.amount}
          error={errors.amount}
          onChange={(v) => update({ amount: stripSpaces(v) })}
          onBlur={() => blur('amount')}
        />
        <TextField
          id={id('months')}
          label="贷款期限（月）"
          inputMode="numeric"
          placeholder="如 360"
          value={form.months}
          error={errors.months || longTerm}
          onChange={(v) => update({ months: stripSpaces(v) })}
          onBlur={() => blur('months')}
        />
        <TextField
          id={id('rate')}
          label="贷款年利率（%）"
          inputMode="decimal"
          placeholder="如 3.1"
          hint="默认带出首套住房公积金贷款利率，可修改"
          value={rate}
          error={errors.rate}
          onChange={(v) => update({ rate: stripSpaces(v) })}
          onBlur={() => blur('rate')}
        />
        <RadioGroup
          id={id('method')}
          legend="还款方式"
          value={form.method}
          options={METHOD_OPTIONS}
          error={errors.method}
          onChange={(method) => {
            update({ method });
            invalidate();
          }}
        />
        <TextField
          id={id('issueDate')}
          label="贷款发放日期"
          type="date"
          value={form.issueDate}
          error={errors.issueDate}
          onChange={(v) => update({ issueDate: v })}
          onBlur={() => blur('issueDate')}
        />
        <TextField
          id={id('prepayPeriod')}
          label="提前还款期次（第几期）"
          inputMode="numeric"
          placeholder="如 24"
          value={form.prepayPeriod}
          error={errors.prepayPeriod}
          onChange={(v) => update({ prepayPeriod: stripSpaces(v) })}
          onBlur={() => blur('prepayPeriod')}
        />
        <TextField
          id={id('prepayAmount')}
          label="提前还款金额（万元）"
          inputMode="decimal"
          value={form.prepayAmount}
          error={errors.prepayAmount}
          onChange={(v) => update({ prepayAmount: stripSpaces(v) })}
          onBlur={() => blur('prepayAmount')}
        />
        <RadioGroup
          id={id('mode')}
          legend="提前还款方式"
          value={form.mode}
          options={MODE_OPTIONS}
          error={errors.mode}
          onChange={(mode) => {
            update({ mode });
            invalidate();
          }}
        />
      </div>
      <SubmitRow busy={false} failure={failure} />
      <div className="gjj-loan__results" part="results" role="region" aria-label={named('提前还款试算结果')}>
        <ResultBlock
          id={id('result')}
          title="提前还款试算"
          name={named('提前还款试算')}
          figures={[
            { term: `原${term}`, value: r?.original.monthlyPayment },
            { term: `提前还款后${term}`, value: r?.monthlyPayment },
            { term: '实际提前还款金额', value: r?.prepayAmount },
            { term: '剩余还款期数', text: remaining },
            { term: '节省利息', value: r?.interestSaved },
          ]}
          planReady={!!r}
          onPlan={(opener) => r && openPlan({ label: '提前还款后', rows: r.schedule, opener })}
        />
        <Announcer text={announcement} />
      </div>
    </form>
  );
}
