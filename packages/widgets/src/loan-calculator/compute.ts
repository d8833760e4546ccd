// @internal The comparison computed in the browser (mode local), with the sdk's engine and decimal.js. The comparison
// tab imports this on demand, so a calculator that computes on the server (the hall's) does not download the engine.
import { calculateLoan, compareLoans, LoanInputError, type LoanResult } from '@gjj-hall/sdk/loan';
import type { CompareInputs, CompareResults, LoanFigures } from './types';

/** A computed loan as the calculator shows it. */
export const figuresOf = (r: LoanResult): LoanFigures => ({
  monthlyPayment: r.monthlyPayment,
  totalPrincipal: r.totalPrincipal,
  totalInterest: r.totalInterest,
  totalPayment: r.totalPayment,
  schedule: r.schedule,
});

/** Both loans of the comparison tab, or the engine's message for input it cannot compute with. */
export function compareLocally(inputs: CompareInputs): CompareResults | { failure: string } {
  try {
    const base = { amount: inputs.amount, months: inputs.months, method: inputs.method, issueDate: inputs.issueDate };
    const p = calculateLoan({ ...base, annualRate: inputs.providentRate });
    const c = calculateLoan({ ...base, annualRate: inputs.commercialRate });
    return { provident: figuresOf(p), commercial: figuresOf(c), difference: compareLoans(p, c) };
  } catch (error) {
    return { failure: error instanceof LoanInputError ? error.message : '计算失败，请检查输入后重试' };
  }
}
