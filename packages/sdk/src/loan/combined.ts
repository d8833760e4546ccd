import {
  calculateLoan,
  D,
  LoanInputError,
  money,
  type LoanInput,
  type LoanResult,
  type ScheduleRow,
} from './engine';

/**
 * One loan of a combined loan.
 *
 * @example
 * const part: LoanPart = { amount: 600_000, annualRate: 3.1 }
 */
export type LoanPart = Pick<LoanInput, 'amount' | 'annualRate'>;

/**
 * What `calculateCombinedLoan` takes: both loans share the term, method and issue date.
 *
 * @example
 * const input: CombinedLoanInput = {
 *   provident: { amount: 600_000, annualRate: 3.1 }, commercial: { amount: 400_000, annualRate: 3.5 },
 *   months: 360, method: '01', issueDate: '2024-05-20',
 * }
 */
export interface CombinedLoanInput extends Omit<LoanInput, 'amount' | 'annualRate'> {
  provident: LoanPart;
  commercial: LoanPart;
}

/**
 * Both loans and their sum; `total` has the shape of a single loan's result.
 *
 * @example
 * const { total } = calculateCombinedLoan(input); total.monthlyPayment
 */
export interface CombinedLoanResult {
  provident: LoanResult;
  commercial: LoanResult;
  total: LoanResult;
}

const LABELS = { provident: '公积金贷款：', commercial: '商业贷款：' } as const;
const add = (a: string, b: string): string => money(new D(a).plus(b));

/**
 * A combined loan (组合贷款): the provident fund and the commercial loan are each computed on their own with
 * `calculateLoan`, then added period by period. Never through a blended rate, which would give other figures than
 * the two loans the borrower actually signs. A `LoanInputError` about one loan's amount or rate names that loan
 * (`公积金贷款：贷款金额不能为0`) and has `part` set.
 *
 * @example
 * const { provident, commercial, total } = calculateCombinedLoan({
 *   provident: { amount: 600_000, annualRate: 3.1 }, commercial: { amount: 400_000, annualRate: 3.5 },
 *   months: 360, method: '01', issueDate: '2024-05-20',
 * })
 * total.monthlyPayment // '4358.28' = '2562.10' + '1796.18'
 */
export function calculateCombinedLoan(input: CombinedLoanInput): CombinedLoanResult {
  const { months, method, issueDate } = input ?? {};
  const part = (name: keyof typeof LABELS): LoanResult => {
    try {
      return calculateLoan({ ...input?.[name], months, method, issueDate } as LoanInput);
    } catch (e) {
      if (e instanceof LoanInputError && (e.field === 'amount' || e.field === 'annualRate')) {
        throw new LoanInputError(LABELS[name] + e.message, e.field, name);
      }
      throw e;
    }
  };
  const provident = part('provident');
  const commercial = part('commercial');
  const row = (a: ScheduleRow, k: number): ScheduleRow => {
    const b = commercial.schedule[k] as ScheduleRow;
    return {
      period: a.period,
      date: a.date,
      principal: add(a.principal, b.principal),
      interest: add(a.interest, b.interest),
      payment: add(a.payment, b.payment),
      balance: add(a.balance, b.balance),
    };
  };
  const total: LoanResult = {
    method: provident.method,
    months: provident.months,
    monthlyPayment: add(provident.monthlyPayment, commercial.monthlyPayment),
    lastPayment: add(provident.lastPayment, commercial.lastPayment),
    monthlyDecrease: add(provident.monthlyDecrease, commercial.monthlyDecrease),
    totalPrincipal: add(provident.totalPrincipal, commercial.totalPrincipal),
    totalInterest: add(provident.totalInterest, commercial.totalInterest),
    totalPayment: add(provident.totalPayment, commercial.totalPayment),
    schedule: provident.schedule.map(row),
  };
  return { provident, commercial, total };
}
