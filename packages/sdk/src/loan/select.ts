import { RATE_SELECTION } from '../constants/constants';
import { fail, LOAN_INPUT_MESSAGES as M, readCount } from './input';
import type { CommercialRateCode, ProvidentRateCode } from '../rates/rates';

/** Terms up to this many months take the "five years or less" rates (spec 9 rate selection). */
const FIVE_YEARS = 60;

/**
 * The rate codes to use for a loan (spec 9).
 *
 * @example
 * const codes: RateCodeSelection = { provident: '02', commercial: '22' }
 */
export interface RateCodeSelection {
  provident: ProvidentRateCode;
  commercial: CommercialRateCode;
}

/**
 * Picks the provident fund and commercial rate codes of spec 9 from the second-home flag and the term:
 * first home 01/21 (60 months or less) or 02/22 (over 60), second home 71/23 or 72/24. `secondHome` takes a boolean
 * or the form's `'0'`/`'1'`; left out, it is `'0'` (spec 9's default). Throws `LoanInputError` for a term that is not
 * 1-999 months or a flag it cannot read.
 *
 * @example
 * selectRateCodes({ secondHome: '0', months: 360 }) // { provident: '02', commercial: '22' }
 * selectRateCodes({ secondHome: true, months: 60 }) // { provident: '71', commercial: '23' }
 */
export function selectRateCodes({
  secondHome,
  months,
}: {
  secondHome?: boolean | '0' | '1' | 0 | 1;
  months: number | string;
}): RateCodeSelection {
  const term = readCount(months) ?? fail(M.months, 'months');
  if (term === 0) fail(M.monthsZero, 'months');
  const second =
    secondHome === true || secondHome === '1' || secondHome === 1
      ? true
      : secondHome === undefined || secondHome === false || secondHome === '0' || secondHome === 0
        ? false
        : fail(M.secondHome, 'secondHome');
  const row = RATE_SELECTION[second ? 'secondHome' : 'firstHome'];
  return { ...(term <= FIVE_YEARS ? row.upTo60 : row.over60) };
}
