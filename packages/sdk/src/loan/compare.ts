import { fail, LOAN_INPUT_MESSAGES as M, money, toDecimal, type LoanResult } from './engine';

/**
 * How much more the commercial loan costs than the provident fund loan (negative when it costs less).
 *
 * @example
 * const diff: LoanComparison = { monthlyPayment: '220.29', totalInterest: '79300.04', totalPayment: '79300.04' }
 */
export interface LoanComparison {
  monthlyPayment: string;
  totalInterest: string;
  totalPayment: string;
}

/** The figures a comparison reads; any `LoanResult` has them. */
export type ComparedFigures = Pick<LoanResult, 'monthlyPayment' | 'totalInterest' | 'totalPayment'>;

/**
 * The calculator's comparison block: commercial minus provident for the monthly payment (the first month's for
 * `02`), the total interest and the total payment. Throws `LoanInputError` when a figure is not a number.
 *
 * @example
 * const base = { amount: 1_000_000, months: 360, method: '01', issueDate: '2024-05-20' } as const
 * compareLoans(calculateLoan({ ...base, annualRate: 3.1 }), calculateLoan({ ...base, annualRate: 3.5 }))
 * // { monthlyPayment: '220.29', totalInterest: '79300.04', totalPayment: '79300.04' }
 */
export function compareLoans(provident: ComparedFigures, commercial: ComparedFigures): LoanComparison {
  const diff = (key: keyof ComparedFigures): string => {
    const read = (figures: ComparedFigures) => toDecimal(figures?.[key]) ?? fail(M.compareInvalid, 'amount');
    return money(read(commercial).minus(read(provident)));
  };
  return { monthlyPayment: diff('monthlyPayment'), totalInterest: diff('totalInterest'), totalPayment: diff('totalPayment') };
}
