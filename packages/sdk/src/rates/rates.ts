import type { GjjClient } from '../client/client';

/** A provident fund rate code (spec 9). */
export type ProvidentRateCode = '01' | '02' | '71' | '72';
/** A commercial rate code (spec 9). */
export type CommercialRateCode = '21' | '22' | '23' | '24';
/** Any loan rate code. */
export type RateCode = ProvidentRateCode | CommercialRateCode;

/** What a rate code stands for (spec 9, rate selection). */
export interface RateCodeInfo {
  code: RateCode;
  kind: 'provident' | 'commercial';
  secondHome: boolean;
  /** True for terms of 60 months or less. */
  upToFiveYears: boolean;
  /** The code in words, as a citizen reads it. */
  label: string;
}

function info(code: RateCode, kind: RateCodeInfo['kind'], secondHome: boolean, upToFiveYears: boolean): RateCodeInfo {
  const home = secondHome ? '第二套住房' : '首套住房';
  const term = upToFiveYears ? '五年以下（含五年）' : '五年以上';
  return { code, kind, secondHome, upToFiveYears, label: `${home}，贷款期限${term}` };
}

/**
 * Every rate code of spec 9 with its meaning.
 *
 * @example
 * RATE_CODES['72'].label // '第二套住房，贷款期限五年以上'
 */
export const RATE_CODES: Readonly<Record<RateCode, RateCodeInfo>> = Object.freeze({
  '01': info('01', 'provident', false, true),
  '02': info('02', 'provident', false, false),
  '71': info('71', 'provident', true, true),
  '72': info('72', 'provident', true, false),
  '21': info('21', 'commercial', false, true),
  '22': info('22', 'commercial', false, false),
  '23': info('23', 'commercial', true, true),
  '24': info('24', 'commercial', true, false),
});

/** Provident fund codes in display order. */
export const PROVIDENT_RATE_CODES: readonly ProvidentRateCode[] = ['01', '02', '71', '72'];
/** Commercial codes in display order. */
export const COMMERCIAL_RATE_CODES: readonly CommercialRateCode[] = ['21', '22', '23', '24'];

/** One entry of a rate list as the server sends it (spec 3.4, plus the effective date `sxrq`). */
export interface LoanRate {
  /** Rate code. */
  llmc: RateCode;
  /** Latest annual rate in percent: 2.6 means 2.6 %. */
  zxll: number;
  /** Date the rate took effect, `YYYY-MM-DD`. */
  sxrq: string;
  /** The code in words. */
  llsm: string;
}

/** Paths of the rate calls (spec 7.1), relative to the API base. */
export const RATE_PATHS = Object.freeze({
  provident: '/api/izfgjj-zhfw/v1/hkjh/getGjjDkzxll',
  commercial: '/api/izfgjj-zhfw/v1/llgl/getDkllList',
});

/** Both rate lists, in display order. */
export interface LoanRates {
  provident: LoanRate[];
  commercial: LoanRate[];
}

/**
 * Loads the provident fund and commercial rate lists in parallel.
 *
 * @example
 * const { provident, commercial } = await fetchLoanRates(createClient())
 */
export async function fetchLoanRates(client: GjjClient, signal?: AbortSignal): Promise<LoanRates> {
  const opts = signal ? { signal } : {};
  const [provident, commercial] = await Promise.all([
    client.get<LoanRate[]>(RATE_PATHS.provident, opts),
    client.get<LoanRate[]>(RATE_PATHS.commercial, { ...opts, params: { lllx: '03' } }),
  ]);
  return { provident: provident.data ?? [], commercial: commercial.data ?? [] };
}
