/**
 * The centre's parameters of the deposit certificate (缴存证明, issue 24; docs/api-personal.md › 缴存证明), one row
 * each, each row tested in parameters.test.ts. A centre changes the rows here, or passes `certificate` to `buildApp`.
 *
 * | row | value | why |
 * |---|---|---|
 * | validMonths | 3 | a certificate verifies as valid for 3 calendar months after its issue date (to the day before the same day three months on); landlords and banks ask for a recent one |
 * | maxPeriodMonths | 36 | the longest period of contribution months one certificate lists (36 rows fit one A4 page) |
 * | defaultPeriodMonths | 12 | the period the page proposes: the last 12 months up to this one, from the opening month when later |
 * | verifyPerMinute | 20 | verifications a client address may ask for a minute (the public page; 429 请求过于频繁，请稍后再试 beyond) |
 * | issuePerDay | 20 | certificates one login may issue a centre day (429 beyond), so a stolen session cannot fill the table |
 * | listPageSize | 20 | certificates the page lists at a time (newest first, keyset on the id) |
 * | downloadPerMinute | 30 | PDFs one login may download a minute (each costs the server about 0.3 s of CPU; 429 beyond) |
 */
export interface CertificateParameters {
  validMonths: number;
  maxPeriodMonths: number;
  defaultPeriodMonths: number;
  verifyPerMinute: number;
  issuePerDay: number;
  listPageSize: number;
  downloadPerMinute: number;
}

/**
 * The rows of the table above, as the server uses them unless `buildApp({ certificate })` changes some.
 *
 * @example
 * validUntil('2026-11-26', CERTIFICATE_PARAMETERS.validMonths) // '2027-02-25'
 */
export const CERTIFICATE_PARAMETERS: Readonly<CertificateParameters> = Object.freeze({
  validMonths: 3,
  maxPeriodMonths: 36,
  defaultPeriodMonths: 12,
  verifyPerMinute: 20,
  issuePerDay: 20,
  listPageSize: 20,
  downloadPerMinute: 30,
});

/**
 * `YYYY-MM-DD` plus `months` calendar months, clamped to the month's last day.
 *
 * @example
 * addMonths('2026-11-30', 3) // '2027-02-28'
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * The last day a certificate issued on `issued` (centre date) verifies as valid: the day before the same day
 * `validMonths` later (issued 2026-11-26, 3 months: valid to 2027-02-25).
 *
 * @example
 * validUntil('2026-11-26', 3) // '2027-02-25'
 */
export function validUntil(issued: string, validMonths: number): string {
  const end = new Date(`${addMonths(issued, validMonths)}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/**
 * Months from `from` to `to` (`YYYY-MM`), both included; 0 when `to` is before `from`.
 *
 * @example
 * monthsBetween('2025-12', '2026-11') // 12
 */
export function monthsBetween(from: string, to: string): number {
  const index = (ym: string) => Number(ym.slice(0, 4)) * 12 + Number(ym.slice(5, 7)) - 1;
  return Math.max(0, index(to) - index(from) + 1);
}

/**
 * The period the page proposes for an account opened on `opened` (`YYYY-MM-DD`), at centre date `today`: the last
 * `defaultPeriodMonths` months up to this month, never before the opening month.
 *
 * @example
 * defaultPeriod('2024-01-15', '2026-11-26', 12) // { from: '2025-12', to: '2026-11' }
 */
export function defaultPeriod(opened: string, today: string, months: number): { from: string; to: string } {
  const to = today.slice(0, 7);
  const start = addMonths(`${to}-01`, -(months - 1)).slice(0, 7);
  const open = opened.slice(0, 7);
  return { from: start < open ? open : start, to };
}
