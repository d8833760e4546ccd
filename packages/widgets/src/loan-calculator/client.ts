// @internal The sdk's request client (made from the host configuration) and what the calculator asks the centre for (its
// rate lists and limits, and whether a host's rates are behind the centre's), as a module of its own so that bundlers
// can load it when the calculator first calls the server (load-modules.ts).
import type { LoanRateInput } from './types';
import { rateText } from './logic';

export { createHostClient } from '@gjj-hall/sdk/host';
export { fetchLoanLimits, fetchLoanRates } from '@gjj-hall/sdk/loan';

/**
 * Whether the centre has rates the page does not (a page's rate with an earlier date, or without a date and another
 * figure): null when the page is up to date, else the date the centre's newest of them took effect ('' if unknown).
 */
export function newerRates(page: readonly LoanRateInput[], centre: readonly LoanRateInput[]): string | null {
  let since: string | null = null;
  for (const c of centre) {
    const p = page.find((r) => r.llmc === c.llmc);
    const behind = p && (p.sxrq && c.sxrq ? p.sxrq < c.sxrq : rateText(p.zxll) !== rateText(c.zxll));
    if (behind && (since === null || (c.sxrq ?? '') > since)) since = c.sxrq ?? '';
  }
  return since;
}
