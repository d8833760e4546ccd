import { useId, useRef, useState, type FormEvent } from 'react';
import { calculateCombinedLoan, loanLimitProblems, LoanInputError, type CombinedLoanInput, type CombinedLoanResult, type RepaymentMethod } from '@gjj-hall/sdk/loan';
import { Announcer, freshText, RadioGroup, ResultBlock, SubmitRow, TextField } from './fields';
import {
  amountRule,
  commercialRateRule,
  issueDateRule,
  methodRule,
  money,
  providentRateRule,
  rateCodes,
  secondHomeRule,
  stripSpaces,
  tenThousandsToYuan,
  termRule,
  today,
} from './logic';
import { listedRate, METHOD_OPTIONS, paymentTerm, providentField, SECOND_HOME_OPTIONS } from './options';
import type { PanelContext } from './types';
import { focusField, useChecks } from './use-checks';

type Field =
  | 'providentAmount'
  | 'providentRate'
  | 'commercialAmount'
  | 'commercialRate'
  | 'months'
  | 'issueDate'
  | 'method'
  | 'secondHome';
const ORDER: readonly Field[] = [
  'providentAmount',
  'providentRate',
  'commercialAmount',
  'commercialRate',
  'months',
  'issueDate',
  'method',
  'secondHome',
];

interface Form {
  providentAmount: string;
  commercialAmount: string;
  months: string;
  issueDate: string;
  method: RepaymentMethod;
  secondHome: '0' | '1';
  commercialRate: string | null;
  providentRate: string;
}

/**
 * The combined loan tab (组合贷款): a provident fund part and a commercial part, each at its own rate, over one term.
 * Computed in the browser in both modes: the server contract (spec 7.1) has no combined-loan call.
 */
export function CombinedPanel({ rates, limits, openPlan, calculated, named }: PanelContext) {
  const uid = useId();
  const id = (k: string) => `${uid}-m-${k}`;
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<Form>(() => ({
    providentAmount: '',
    commercialAmount: '',
    months: '',
    issueDate: today(),
    method: '01',
    secondHome: '0',
    commercialRate: null,
    providentRate: '',
  }));
  const [results, setResults] = useState<CombinedLoanResult | null>(null);
  const [failure, setFailure] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const announced = useRef(0);

  const codes = rateCodes(form.secondHome, form.months);
  const provident = providentField(rates, codes?.provident, form.providentRate);
  const commercialRate = form.commercialRate ?? listedRate(rates, 'commercial', codes?.commercial) ?? '';
  const values: Record<Field, string> = { ...form, commercialRate, providentRate: provident.value };
  // The centre's bounds (issue 23): the provident part's ceiling, the term, the rate ranges.
  const over: Partial<Record<Field, string>> = loanLimitProblems(
    {
      providentAmount: amountRule(values.providentAmount) ? '' : tenThousandsToYuan(values.providentAmount),
      months: values.months,
      providentRate: values.providentRate,
      commercialRate: values.commercialRate,
    },
    limits,
  );
  const check = (k: Field): string => rule(k) || over[k] || '';
  const rule = (k: Field): string => {
    switch (k) {
      case 'providentAmount':
      case 'commercialAmount':
        return amountRule(values[k]);
      case 'months':
        return termRule(values.months);
      case 'issueDate':
        return issueDateRule(values.issueDate);
      case 'method':
        return methodRule(values.method);
      case 'secondHome':
        return secondHomeRule(values.secondHome);
      case 'commercialRate':
        // While the term is wrong there is no rate to pick; the term's own message says what to fix.
        return form.commercialRate === null && !codes ? '' : commercialRateRule(values.commercialRate);
      case 'providentRate':
        return provident.readOnly && !codes ? '' : providentRateRule(values.providentRate);
    }
  };
  const checks = useChecks(check, ORDER);
  const { blur, submit } = checks;
  // A broken bound shows as soon as it is typed, as on the comparison tab.
  const errors = (k: Field): string => checks.errors[k] || over[k] || '';
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
    const inputs: CombinedLoanInput = {
      provident: { amount: tenThousandsToYuan(values.providentAmount), annualRate: values.providentRate },
      commercial: { amount: tenThousandsToYuan(values.commercialAmount), annualRate: values.commercialRate },
      months: Number(values.months),
      method: form.method,
      issueDate: values.issueDate,
    };
    try {
      const out = calculateCombinedLoan(inputs);
      setResults(out);
      setFailure('');
      announced.current += 1;
      setAnnouncement(
        freshText(
          `计算完成。组合贷款${paymentTerm(form.method)} ${money(out.total.monthlyPayment)} 元，利息总额 ${money(out.total.totalInterest)} 元。`,
          announced.current,
        ),
      );
      calculated({ tab: 'combined', mode: 'local', inputs, results: out });
    } catch (error) {
      invalidate();
      setFailure(error instanceof LoanInputError ? error.message : '计算失败，请检查输入后重试');
    }
  };

  const r = results;
  const term = paymentTerm(form.method);
  const figures = (part: 'provident' | 'commercial' | 'total') => [
    { term, value: r?.[part].monthlyPayment },
    { term: '贷款金额', value: r?.[part].totalPrincipal },
    { term: '利息总额', value: r?.[part].totalInterest },
    { term: '还款总额', value: r?.[part].totalPayment },
  ];
  return (
    <form ref={formRef} className="gjj-loan__form" part="form" noValidate onSubmit={onSubmit} aria-label={named('组合贷款信息')}>
      <h2 id={id('title')} className="gjj-loan__form-title">
        组合贷款信息
      </h2>
      <div className="gjj-loan__grid">
        <TextField
          id={id('providentAmount')}
          label="公积金贷款金额（万元）"
          inputMode="decimal"
          value={form.providentAmount}
          error={errors('providentAmount')}
          onChange={(v) => update({ providentAmount: stripSpaces(v) })}
          onBlur={() => blur('providentAmount')}
        />
        <TextField
          id={id('providentRate')}
          label="公积金贷款年利率（%）"
          inputMode="decimal"
          readOnly={provident.readOnly}
          hint={provident.hint}
          value={provident.value}
          error={errors('providentRate')}
          onChange={(v) => update({ providentRate: stripSpaces(v) })}
          onBlur={() => blur('providentRate')}
        />
        <TextField
          id={id('commercialAmount')}
          label="商业贷款金额（万元）"
          inputMode="decimal"
          value={form.commercialAmount}
          error={errors('commercialAmount')}
          onChange={(v) => update({ commercialAmount: stripSpaces(v) })}
          onBlur={() => blur('commercialAmount')}
        />
        <TextField
          id={id('commercialRate')}
          label="商业贷款年利率（%）"
          inputMode="decimal"
          placeholder="如 3.5"
          value={commercialRate}
          error={errors('commercialRate')}
          onChange={(v) => update({ commercialRate: stripSpaces(v) })}
          onBlur={() => blur('commercialRate')}
        />
        <TextField
          id={id('months')}
          label="贷款期限（月）"
          inputMode="numeric"
          placeholder="如 360"
          value={form.months}
          error={errors('months')}
          onChange={(v) => update({ months: stripSpaces(v) })}
          onBlur={() => blur('months')}
        />
        <TextField
          id={id('issueDate')}
          label="贷款发放日期"
          type="date"
          value={form.issueDate}
          error={errors('issueDate')}
          onChange={(v) => update({ issueDate: v })}
          onBlur={() => blur('issueDate')}
        />
        <RadioGroup
          id={id('method')}
          legend="还款方式"
          value={form.method}
          options={METHOD_OPTIONS}
          error={errors('method')}
          onChange={(method) => {
            update({ method });
            invalidate();
          }}
        />
        <RadioGroup
          id={id('secondHome')}
          legend="是否二套房"
          value={form.secondHome}
          options={SECOND_HOME_OPTIONS}
          error={errors('secondHome')}
          onChange={(secondHome) => {
            update({ secondHome });
            invalidate();
          }}
        />
      </div>
      <SubmitRow busy={false} failure={failure} />
      <div className="gjj-loan__results" part="results" role="region" aria-label={named('组合贷款计算结果')}>
        <ResultBlock id={id('provident')} title="公积金贷款部分" name={named('公积金贷款部分')} figures={figures('provident')} />
        <ResultBlock id={id('commercial')} title="商业贷款部分" name={named('商业贷款部分')} figures={figures('commercial')} />
        <ResultBlock
          id={id('total')}
          title="组合贷款合计"
          name={named('组合贷款合计')}
          figures={figures('total')}
          planReady={!!r}
          onPlan={(opener) => r && openPlan({ label: '组合贷款', rows: r.total.schedule, opener })}
        />
        <Announcer text={announcement} />
      </div>
    </form>
  );
}
