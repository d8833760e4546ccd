import type {
  LoanLimits,
  CombinedLoanInput,
  CombinedLoanResult,
  LoanComparison,
  PrepaymentInput,
  PrepaymentResult,
  RepaymentMethod,
  ScheduleRow,
} from '@gjj-hall/sdk/loan';

/**
 * Where the comparison tab computes: `remote` asks the centre's server (`hkjh/gjjsdcs`), `local` runs the sdk's
 * engine in the browser. The combined and prepayment tabs always compute in the browser.
 *
 * @example
 * const mode: LoanCalculatorMode = 'local'
 */
export type LoanCalculatorMode = 'remote' | 'local';

/**
 * The calculator's tabs: the provident/commercial comparison, the combined loan and the early-repayment trial.
 *
 * @example
 * const tab: LoanCalculatorTab = 'combined'
 */
export type LoanCalculatorTab = 'compare' | 'combined' | 'prepay';

/**
 * One rate as a host page writes it: the rate code of spec 9 and the annual rate in percent.
 *
 * @example
 * const rate: LoanRateInput = { llmc: '02', zxll: 2.6, sxrq: '2025-05-08' }
 */
export interface LoanRateInput {
  llmc: string;
  zxll: number | string;
  /** The date the rate took effect, `YYYY-MM-DD`: shown beside the rate, and compared with the centre's latest. */
  sxrq?: string;
}

/**
 * One loan's figures as the calculator shows them; money in yuan as two-decimal strings.
 *
 * @example
 * const { monthlyPayment, totalInterest, schedule } = detail.results.provident
 */
export interface LoanFigures {
  /** The monthly payment (`01`) or the first month's payment (`02`). */
  monthlyPayment: string;
  totalPrincipal: string;
  totalInterest: string;
  totalPayment: string;
  schedule: ScheduleRow[];
}

/**
 * What the comparison tab computed with; the amount is in yuan (the form's ten-thousands × 10 000).
 *
 * @example
 * const inputs: CompareInputs = {
 *   amount: '1000000', months: 360, issueDate: '2024-05-20', method: '01', secondHome: '0',
 *   providentRate: '2.6', commercialRate: '3.5',
 * }
 */
export interface CompareInputs {
  amount: string;
  months: number;
  issueDate: string;
  method: RepaymentMethod;
  secondHome: '0' | '1';
  /** Annual rate in percent. */
  providentRate: string;
  /** Annual rate in percent. */
  commercialRate: string;
}

/**
 * Both loans of the comparison tab and how much more the commercial loan costs (negative: less).
 *
 * @example
 * detail.results.difference.totalInterest // '79300.04'
 */
export interface CompareResults {
  provident: LoanFigures;
  commercial: LoanFigures;
  difference: LoanComparison;
}

/**
 * `detail` of `gjj-calculate`: which tab computed, what it took and what it gave.
 *
 * @example
 * el.addEventListener('gjj-calculate', (e) => {
 *   if (e.detail.tab === 'compare') console.log(e.detail.results.provident.monthlyPayment)
 * })
 */
export type LoanCalculateDetail =
  | { tab: 'compare'; mode: LoanCalculatorMode; inputs: CompareInputs; results: CompareResults }
  | { tab: 'combined'; mode: 'local'; inputs: CombinedLoanInput; results: CombinedLoanResult }
  | { tab: 'prepay'; mode: 'local'; inputs: PrepaymentInput; results: PrepaymentResult };

/**
 * `detail` of `gjj-error`: the Chinese reason a call failed.
 *
 * @example
 * el.addEventListener('gjj-error', (e) => console.warn(e.detail.message))
 */
export interface LoanCalculatorErrorDetail {
  message: string;
}

/** @internal The rates as the panels see them: code -> annual rate text. */
export type RatesView =
  | { status: 'loading' }
  | { status: 'error'; message: string; retry: () => void }
  | {
      status: 'ready';
      provident: Readonly<Record<string, string>>;
      commercial: Readonly<Record<string, string>>;
      /** Code -> the date its rate took effect, where known. */
      since: Readonly<Record<string, string>>;
    };

/** @internal A repayment plan to show in the dialog. */
export interface PlanRequest {
  /** Which loan, in words: 公积金贷款, 商业贷款, 组合贷款… (also names the CSV file). */
  label: string;
  rows: readonly ScheduleRow[];
  /** The button that opened it; focus goes back there on close. */
  opener: HTMLElement | null;
}

/** @internal What every panel gets from the calculator. */
export interface PanelContext {
  rates: RatesView;
  /** The centre's bounds (its server's in remote mode, else the sdk's defaults). */
  limits: LoanLimits;
  openPlan: (plan: PlanRequest) => void;
  calculated: (detail: LoanCalculateDetail) => void;
  /** A landmark's name with the calculator's own before it, so two calculators' landmarks differ. */
  named: (text: string) => string;
}
