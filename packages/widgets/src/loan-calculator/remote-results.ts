// @internal The server's answer to the comparison (spec 3.4) as the calculator's results. Loaded with the first remote
// calculation, while the request is under way.
import type { LoanCalculationResult, LoanComparison, RepaymentRow, ScheduleRow } from '@gjj-hall/sdk/loan';
import type { CompareResults, LoanFigures } from './types';

function toFen(text: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(text).trim());
  if (!m) throw new Error('服务端返回的计算结果格式不正确');
  const fen = BigInt(m[2] as string) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -fen : fen;
}

function fromFen(fen: bigint): string {
  const abs = fen < 0n ? -fen : fen;
  return `${fen < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** a + b for two-decimal money strings, exactly. */
export const addMoney = (a: string, b: string): string => fromFen(toFen(a) + toFen(b));

const rowOf = (r: RepaymentRow): ScheduleRow => ({
  period: Number(r.qic),
  date: r.hkrq,
  principal: r.yhbj,
  interest: r.yhlx,
  payment: r.bxhj,
  balance: r.dkye,
});

function remoteFigures(payment: string, principal: string, interest: string, rows: readonly RepaymentRow[] | undefined): LoanFigures {
  return {
    monthlyPayment: addMoney(payment, '0'),
    totalPrincipal: addMoney(principal, '0'),
    totalInterest: addMoney(interest, '0'),
    // The answer of spec 3.4 has no total payment: principal plus interest.
    totalPayment: addMoney(principal, interest),
    schedule: (rows ?? []).map(rowOf),
  };
}

/**
 * The server's answer (spec 3.4) as the calculator's results. Throws on figures that are not money. The difference is
 * what the sdk's `compareLoans` gives (commercial − provident), in whole fen: every figure has two decimals here, so
 * this is exact, and the remote mode needs no decimal.js.
 */
export function resultsFromRemote(r: LoanCalculationResult): CompareResults {
  const provident = remoteFigures(r.gjjYhke, r.gjjBjhj, r.gjjLxhj, r.gjjHkjhList);
  const commercial = remoteFigures(r.sdYhke, r.sdBjhj, r.sdLxhj, r.sdHkjhList);
  const diff = (key: keyof LoanComparison) => fromFen(toFen(commercial[key]) - toFen(provident[key]));
  return { provident, commercial, difference: { monthlyPayment: diff('monthlyPayment'), totalInterest: diff('totalInterest'), totalPayment: diff('totalPayment') } };
}
