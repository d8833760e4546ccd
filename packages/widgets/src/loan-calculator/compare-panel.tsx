import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage, type GjjClient } from '@gjj-hall/sdk';
import { fetchLoanCalculation, loanLimitProblems, type RepaymentMethod } from '@gjj-hall/sdk/loan';
import { Announcer, freshText, RadioGroup, ResultBlock, SubmitRow, TextField, type Figure } from './fields';
import {
  amountRule,
  commercialRateRule,
  differenceParts,
  differenceText,
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
import { whenIdle } from './idle';
import { loadEngine, loadRemoteResults } from './load-modules';
import { listedRate, METHOD_OPTIONS, paymentTerm, providentField, rateName, SECOND_HOME_OPTIONS } from './options';
import type { CompareInputs, CompareResults, LoanCalculatorMode, PanelContext } from './types';
import { focusField, useChecks } from './use-checks';

/** A figure of the comparison block: -- before a result, then a sentence with the amount. */
function difference(term: string, kind: Parameters<typeof differenceParts>[0], diff: string | undefined): Figure {
  if (diff === undefined) return { term };
  const { words, amount } = differenceParts(kind, diff);
  return { term, words, value: amount };
}

/** The two loans compared, each with its result block. */
const LOANS = [
  ['provident', '公积金贷款'],
  ['commercial', '商业贷款'],
] as const;

type Field = 'amount' | 'months' | 'age' | 'issueDate' | 'method' | 'commercialRate' | 'providentRate' | 'secondHome';
const ORDER: readonly Field[] = ['amount', 'months', 'age', 'issueDate', 'method', 'commercialRate', 'providentRate', 'secondHome'];

/** Each field's rule (spec 5.1); the centre's bounds come after (loanLimitProblems). The age is optional. */
const RULES: Readonly<Record<Field, (value: string) => string>> = {
  amount: amountRule,
  months: termRule,
  age: () => '',
  issueDate: issueDateRule,
  method: methodRule,
  commercialRate: commercialRateRule,
  providentRate: providentRateRule,
  secondHome: secondHomeRule,
};

interface Form {
  amount: string;
  months: string;
  /** The borrower's age (optional): bounds the term by the age at its end. */
  age: string;
  issueDate: string;
  method: RepaymentMethod;
  secondHome: '0' | '1';
  /** null: the listed default for the term and second-home flag; a string once the user types. */
  commercialRate: string | null;
  /** Only used while the provident rate is typed by hand. */
  providentRate: string;
}

interface ComparePanelProps extends PanelContext {
  mode: LoanCalculatorMode;
  /** The client the calculator calls with (made when first needed). */
  client: Promise<GjjClient>;
  failed: (message: string) => void;
}

const RATES_LOADING = '正在加载贷款利率，请稍候再计算';
/** The engine (mode local) could not be loaded; the alert's button tries again. */
const ENGINE_FAILED = '计算功能未能加载，请检查网络后重试。';

/** The main tab (spec 2.10): one loan computed as a provident fund loan and as a commercial loan, side by side. */
export function ComparePanel({ rates, limits, openPlan, calculated, named, failed, mode, client }: ComparePanelProps) {
  const uid = useId();
  const id = (k: string) => `${uid}-c-${k}`;
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<Form>(() => ({
    amount: '',
    months: '',
    age: '',
    issueDate: today(),
    method: '01',
    secondHome: '0',
    commercialRate: null,
    providentRate: '',
  }));
  const [results, setResults] = useState<CompareResults | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const announced = useRef(0);
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);
  // Computing locally: the form shows without the engine, which is fetched once the page is idle, so that it is
  // usually there by the first 计算; a 计算 before then fetches it at once and shows 正在计算… until it is. A failure
  // here is told when 计算 is pressed (which tries again). Computing on the server needs no engine.
  useEffect(() => {
    if (mode !== 'local') return undefined;
    return whenIdle(() => {
      loadEngine().catch(() => undefined);
    });
  }, [mode]);

  const codes = rateCodes(form.secondHome, form.months);
  const provident = providentField(rates, codes?.provident, form.providentRate);
  const commercialRate = form.commercialRate ?? listedRate(rates, 'commercial', codes?.commercial) ?? '';
  const values: Record<Field, string> = { ...form, commercialRate, providentRate: provident.value };
  // While the term is wrong there is no rate to pick; the term's own message says what to fix.
  const noRateYet = (k: Field) =>
    !codes && (k === 'commercialRate' ? form.commercialRate === null : k === 'providentRate' && provident.readOnly);
  // The amount is computed as a provident fund loan too, so the provident ceiling bounds it.
  const { providentAmount, age, ageAtEnd, ...over } = loanLimitProblems(
    {
      providentAmount: amountRule(values.amount) ? '' : tenThousandsToYuan(values.amount),
      months: values.months,
      age: values.age,
      providentRate: values.providentRate,
      commercialRate: values.commercialRate,
    },
    limits,
  );
  // An age that is not one is told when the field is left (not at its first digit); a term too long for it at once.
  const bound: Partial<Record<Field, string>> = { ...over, amount: providentAmount, age: ageAtEnd };
  const check = (k: Field): string => (noRateYet(k) ? '' : RULES[k](values[k]) || (k === 'age' && age) || bound[k] || '');
  const checks = useChecks(check, ORDER);
  const { blur, submit } = checks;
  // A broken bound of the centre shows as soon as it is typed (issue 23); the other rules once the field is left.
  const errors = (k: Field): string => checks.errors[k] || bound[k] || '';

  /** Spec 4.7: the figures go back to 0 and the plan links are disabled. */
  const invalidate = () => {
    pending.current?.abort();
    pending.current = null;
    setBusy(false);
    setResults(null);
    setAnnouncement('');
  };
  const update = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  const done = (inputs: CompareInputs, out: CompareResults) => {
    setResults(out);
    setFailure('');
    const interest = differenceText('interest', out.difference.totalInterest);
    const term = paymentTerm(inputs.method);
    announced.current += 1;
    setAnnouncement(
      freshText(
        `计算完成。公积金贷款${term} ${money(out.provident.monthlyPayment)} 元，商业贷款${term} ${money(out.commercial.monthlyPayment)} 元；${interest}。`,
        announced.current,
      ),
    );
    calculated({ tab: 'compare', mode, inputs, results: out });
  };

  // A rate field is empty only because the listed rates are still on their way: say so, rather than flag the field.
  const waitingForRates = rates.status === 'loading' && !!codes && (form.commercialRate === null || provident.readOnly);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (waitingForRates) {
      invalidate();
      setFailure(RATES_LOADING);
      return;
    }
    const wrong = submit();
    if (wrong) {
      invalidate();
      focusField(formRef.current, id(wrong));
      return;
    }
    const inputs: CompareInputs = {
      amount: tenThousandsToYuan(values.amount),
      months: Number(values.months),
      issueDate: values.issueDate,
      method: form.method,
      secondHome: form.secondHome,
      providentRate: values.providentRate,
      commercialRate: values.commercialRate,
    };
    invalidate();
    const controller = new AbortController();
    pending.current = controller;
    setBusy(true);
    setFailure('');
    const settled = () => {
      if (controller.signal.aborted) return false;
      pending.current = null;
      setBusy(false);
      return true;
    };
    if (mode === 'local') {
      loadEngine().then(
        ({ compareLocally }) => {
          if (!settled()) return;
          const out = compareLocally(inputs);
          if ('failure' in out) setFailure(out.failure);
          else done(inputs, out);
        },
        () => {
          if (settled()) setFailure(ENGINE_FAILED);
        },
      );
      return;
    }
    // The mapping of the answer loads while the request is under way.
    const query = {
      htdkje: inputs.amount,
      dkqs: inputs.months,
      dkffrq: inputs.issueDate,
      dkhkfs: inputs.method,
      sdll: inputs.commercialRate,
      gjjll: inputs.providentRate,
      sfstf: inputs.secondHome,
      ...(values.age ? { jkrnl: values.age } : {}),
    };
    Promise.all([client.then((c) => fetchLoanCalculation(c, query, controller.signal)), loadRemoteResults()])
      .then(([answer, { resultsFromRemote }]) => resultsFromRemote(answer))
      .then(
        (out) => {
          if (settled()) done(inputs, out);
        },
        (error: unknown) => {
          if (!settled()) return;
          setResults(null);
          const message = errorMessage(error, '计算失败，请稍后重试');
          setFailure(`计算失败：${message}`);
          failed(message);
        },
      );
  };

  const r = results;
  const term = paymentTerm(form.method);
  return (
    <form ref={formRef} className="gjj-loan__form" part="form" noValidate onSubmit={onSubmit} aria-label={named('贷款信息')}>
      <h2 id={id('title')} className="gjj-loan__form-title">
        贷款信息
      </h2>
      <div className="gjj-loan__grid">
        <TextField
          id={id('amount')}
          label="贷款金额（万元）"
          inputMode="decimal"
          value={form.amount}
          error={errors('amount')}
          onChange={(v) => update({ amount: stripSpaces(v) })}
          onBlur={() => blur('amount')}
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
          id={id('age')}
          label="借款人年龄（周岁，选填）"
          inputMode="numeric"
          value={form.age}
          error={errors('age')}
          onChange={(v) => update({ age: stripSpaces(v) })}
          onBlur={() => blur('age')}
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
        <TextField
          id={id('commercialRate')}
          label="商业贷款年利率（%）"
          inputMode="decimal"
          placeholder="如 3.5"
          hint={form.commercialRate === null ? rateName(rates, codes?.commercial) : undefined}
          value={commercialRate}
          error={errors('commercialRate')}
          onChange={(v) => update({ commercialRate: stripSpaces(v) })}
          onBlur={() => blur('commercialRate')}
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
      <SubmitRow
        busy={busy}
        failure={failure === RATES_LOADING && !waitingForRates ? '' : failure}
        retry={failure === ENGINE_FAILED ? () => formRef.current?.requestSubmit() : undefined}
      />
      {/* Before the first result (and after a reset): what to do, read with the results' name. */}
      {r ? null : (
        <p id={id('empty')} className="gjj-loan__empty" part="empty">
          尚未计算：请填写贷款金额和贷款期限，点击“计算”，这里将显示公积金贷款与商业贷款的月供、利息和还款总额对比。
        </p>
      )}
      <div
        className="gjj-loan__results"
        part="results"
        role="region"
        aria-label={named('计算结果')}
        aria-describedby={r ? undefined : id('empty')}
        aria-busy={busy || undefined}
      >
        {LOANS.map(([kind, title]) => {
          const loan = r?.[kind];
          return (
            <ResultBlock
              key={kind}
              id={id(kind)}
              title={title}
              name={named(title)}
              figures={[
                { term, value: loan?.monthlyPayment },
                { term: '利息总额', value: loan?.totalInterest },
                { term: '还款总额', value: loan?.totalPayment },
              ]}
              planReady={!!loan}
              onPlan={(opener) => loan && openPlan({ label: title, rows: loan.schedule, opener })}
            />
          );
        })}
        <ResultBlock
          id={id('difference')}
          title="相差"
          name={named('相差')}
          figures={[
            difference(term, form.method === '02' ? 'firstMonth' : 'monthly', r?.difference.monthlyPayment),
            difference('利息总额', 'interest', r?.difference.totalInterest),
            difference('还款总额', 'total', r?.difference.totalPayment),
          ]}
        />
        <Announcer text={announcement} />
      </div>
    </form>
  );
}
