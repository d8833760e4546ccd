import { REPAYMENT_METHODS, SECOND_HOME } from '@gjj-hall/sdk';
import { RATE_CODES, type RateCode, type RepaymentMethod } from '@gjj-hall/sdk/loan';
import type { RatesView } from './types';

/** @internal Repayment methods of spec 9 as radio options. */
export const METHOD_OPTIONS: ReadonlyArray<{ value: RepaymentMethod; label: string }> = [
  { value: '01', label: REPAYMENT_METHODS['01'] },
  { value: '02', label: REPAYMENT_METHODS['02'] },
];

/** @internal Second-home flag of spec 9 (0 no, the default; 1 yes). */
export const SECOND_HOME_OPTIONS: ReadonlyArray<{ value: '0' | '1'; label: string }> = [
  { value: SECOND_HOME.yes, label: '是' },
  { value: SECOND_HOME.no, label: '否' },
];

/** @internal The monthly payment's name: the first month's for equal principal. */
export const paymentTerm = (method: RepaymentMethod): string => (method === '02' ? '首月还款' : '月均还款');

/** @internal The rate the list has for `code`, when the list is loaded and has it. */
export function listedRate(rates: RatesView, kind: 'provident' | 'commercial', code: string | undefined): string | undefined {
  return rates.status === 'ready' && code ? rates[kind][code] || undefined : undefined;
}

/**
 * @internal The provident fund rate field: read-only with the listed rate (spec 2.10), or typed by hand when the list
 * could not be loaded or lacks the code, so a missing list never blocks the calculator.
 */
export function providentField(rates: RatesView, code: string | undefined, typed: string) {
  const listed = listedRate(rates, 'provident', code);
  const readOnly = rates.status === 'loading' || (rates.status === 'ready' && (code === undefined || listed !== undefined));
  const value = listed ?? (readOnly ? '' : typed);
  const hint =
    rates.status === 'loading'
      ? '正在加载利率…'
      : rates.status === 'error'
        ? '利率未能加载，请手动输入公积金贷款年利率'
        : code === undefined
          ? '按贷款期限和是否二套房自动带出'
          : listed === undefined
            ? '利率表中没有对应的利率，请手动输入'
            : rateName(rates, code);
  return { value, readOnly, hint };
}

/**
 * @internal A listed rate as a person reads it (issue 23: not its code): 首套住房，贷款期限五年以上，2025-05-08 起执行.
 */
export function rateName(rates: RatesView, code: string | undefined): string | undefined {
  const since = rates.status === 'ready' && code ? rates.since[code] : undefined;
  const label = RATE_CODES[code as RateCode]?.label;
  return label && (since ? `${label}，${since} 起执行` : label);
}
