import type { GjjClient } from '../client/client';

/** Path of the calculation call (spec 7.1), relative to the API base. */
export const LOAN_CALCULATION_PATH = '/api/izfgjj-zhfw/v1/hkjh/gjjsdcs';

/** The query of the calculation call (spec 3.4, 7.1). */
export interface LoanCalculationQuery {
  /** Amount in yuan (the form's ten-thousands × 10 000). */
  htdkje: string | number;
  /** Term in months. */
  dkqs: string | number;
  /** Issue date, `YYYY-MM-DD`. */
  dkffrq: string;
  /** Repayment method: `01` equal principal and interest, `02` equal principal. */
  dkhkfs: '01' | '02';
  /** Commercial annual rate, percent. */
  sdll: string | number;
  /** Provident fund annual rate, percent. */
  gjjll: string | number;
  /** Second home: `0` no, `1` yes. */
  sfstf: '0' | '1';
}

/** One row of a repayment plan as the server sends it; money as two-decimal strings. */
export interface RepaymentRow {
  /** Period, from 1. */
  qic: number;
  /** Due date, `YYYY-MM-DD`. */
  hkrq: string;
  /** Principal. */
  yhbj: string;
  /** Interest. */
  yhlx: string;
  /** Principal plus interest. */
  bxhj: string;
  /** Balance after this payment. */
  dkye: string;
}

/** The answer of the calculation call (spec 3.4): the commercial (`sd`) and provident (`gjj`) loans. */
export interface LoanCalculationResult {
  /** Commercial monthly payment (the first month's for equal principal). */
  sdYhke: string;
  sdBjhj: string;
  sdLxhj: string;
  sdHkjhList: RepaymentRow[];
  /** Provident fund monthly payment (the first month's for equal principal). */
  gjjYhke: string;
  gjjBjhj: string;
  gjjLxhj: string;
  gjjHkjhList: RepaymentRow[];
}

/**
 * Asks the centre to compute both loans (spec 7.1). On the calculator calls a failing code is not shown to the user
 * (spec 7.8), so the call is silent; it still rejects.
 *
 * @example
 * const result = await fetchLoanCalculation(client, {
 *   htdkje: 1_000_000, dkqs: 360, dkffrq: '2026-11-22', dkhkfs: '01', sdll: 3.5, gjjll: 2.6, sfstf: '0',
 * })
 * result.gjjYhke // '4003.40'
 */
export async function fetchLoanCalculation(
  client: GjjClient,
  query: LoanCalculationQuery,
  signal?: AbortSignal,
): Promise<LoanCalculationResult> {
  const { data } = await client.get<LoanCalculationResult>(LOAN_CALCULATION_PATH, {
    params: { ...query },
    silent: true,
    ...(signal ? { signal } : {}),
  });
  return data;
}
