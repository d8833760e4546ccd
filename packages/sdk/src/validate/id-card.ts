/** Check characters of GB 11643-1999, indexed by the weighted sum modulo 11. */
const CHECK_CHARS = '10X98765432';

/**
 * Whether y-m-d is a calendar date (leap years included) that is not after today, local time.
 * The Date round trip rejects 02-30, 1900-02-29 and the like.
 */
function isPastDate(y: number, m: number, d: number): boolean {
  const date = new Date(y, m - 1, d);
  // local midnight of the birth day: today passes, tomorrow does not
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d && +date <= Date.now();
}

/**
 * The GB 11643 check character of the first 17 digits of an 18-character ID
 * (weights 2^(17-i) mod 11 = 7 9 10 5 8 4 2 1 6 3 7 9 10 5 8 4 2).
 *
 * @example
 * idCardCheckChar('11010519491231002') // 'X'
 */
export function idCardCheckChar(body: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += +(body[i] ?? 0) * (2 ** (17 - i) % 11);
  return CHECK_CHARS[sum % 11] ?? '';
}

/**
 * What is wrong with a resident ID number: 0 nothing, 1 its form or check digit, 2 its birth date.
 * 18 characters: 17 digits and a digit or X (x accepted), birth date YYYYMMDD from 1800 to today, check digit.
 * 15 characters: digits with birth date 19YYMMDD; there is no check digit.
 *
 * @example
 * idCardProblem('11010519491231002X') // 0
 * idCardProblem('110105194902301234') // 2 (30 February)
 */
export function idCardProblem(value: unknown): 0 | 1 | 2 {
  if (typeof value !== 'string') return 1;
  const long = value.length === 18;
  if (!(long ? /^\d{17}[\dXx]$/ : /^\d{15}$/).test(value)) return 1;
  const year = long ? +value.slice(6, 10) : 1900 + +value.slice(6, 8);
  const at = long ? 10 : 8;
  if (year < 1800 || !isPastDate(year, +value.slice(at, at + 2), +value.slice(at + 2, at + 4))) return 2;
  return long && idCardCheckChar(value) !== value[17]?.toUpperCase() ? 1 : 0;
}

/**
 * Resident ID number (spec 5.4): 18 characters with a real birth date and the GB 11643 check digit
 * (a lowercase x is accepted), or 15 digits with a real 19YYMMDD birth date. The region prefix is not checked
 * here, so residence permits (81, 82, 83) and the new foreigner permanent residence card (9x) also pass;
 * {@link isIdCardWithRegion} adds it. Never throws.
 *
 * @example
 * isIdCard('11010519491231002X') // true
 * isIdCard('110105194912310021') // false (check digit)
 * isIdCard('130503670401001')    // true (15 digits, 1967-04-01)
 */
export function isIdCard(value: unknown): boolean {
  return idCardProblem(value) === 0;
}

/** Province codes of GB/T 2260 plus 71 Taiwan, 81 Hong Kong, 82 Macao, 91 abroad (spec 5.5). */
const PROVINCE = /^(?:1[1-5]|2[1-3]|3[1-7]|4[1-6]|5[0-4]|6[1-5]|71|8[12]|91)/;

/**
 * The focus-out idCard check (spec 5.5): {@link isIdCard} and a valid province prefix
 * (11-15, 21-23, 31-37, 41-46, 50-54, 61-65, 71, 81, 82, 91). Never throws.
 *
 * @example
 * isIdCardWithRegion('11010519491231002X') // true
 * isIdCardWithRegion('100105194912310026') // false (10 is not a province)
 */
export function isIdCardWithRegion(value: unknown): boolean {
  return isIdCard(value) && PROVINCE.test(value as string);
}
