import { CAPITAL_AMOUNT_LIMIT } from '../constants/constants';
import { roundParts, toDecimalParts } from './money';

/**
 * What {@link toCapitalAmount} answers for something that is not an amount (spec 5.7 "invalid amount").
 *
 * @example
 * if (toCapitalAmount(input) === CAPITAL_AMOUNT_INVALID) showError(CAPITAL_AMOUNT_INVALID)
 */
export const CAPITAL_AMOUNT_INVALID = '金额格式不正确';

/**
 * What {@link toCapitalAmount} answers when the integer part has more than 15 digits (spec 5.7, verbatim).
 *
 * @example
 * toCapitalAmount(1e15) === CAPITAL_AMOUNT_TOO_LARGE // true
 */
export const CAPITAL_AMOUNT_TOO_LARGE = '超出最大处理数字';

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
// Units inside a group of four digits (charAt(-1) is ''), and after the 2nd, 3rd and 4th group: 万, 亿, then 万
// again, followed by 亿 (万亿, not 兆).
const SMALL_UNITS = '拾佰仟';
const GROUP_UNITS = '万亿万';

/**
 * Writes an amount in Chinese capital numerals (人民币大写) following the People's Bank of China rules for bills
 * (《正确填写票据和结算凭证的基本规定》):
 * - `整` after `元` when there are no 角 and 分; nothing after 角 (the rule allows either, and its own example
 *   ¥1,409.50 reads 壹仟肆佰零玖元伍角); never after 分.
 * - one `零` for each run of zeros between non-zero digits (1005 壹仟零伍元整, 100100 壹拾万零壹佰元整), and `零`
 *   after `元` when 角 is zero but 分 is not (1000.05 壹仟元零伍分). A zero in the 元 place before a non-zero 角 is
 *   not written (the rule allows both: 1680.32 壹仟陆佰捌拾元叁角贰分).
 * - a leading ten is 壹拾; 10^12 is 壹万亿.
 *
 * More than two decimals round half up to 分. A negative amount starts with `负`. Accepts numbers, bigints and
 * numeric strings (spaces around, a `¥` and correct `,` groups allowed). Never throws: anything else, including
 * `''`, NaN and Infinity, gives {@link CAPITAL_AMOUNT_INVALID}; an integer part of more than 15 digits after
 * rounding (1e15 and up, 999999999999999.995 included) gives {@link CAPITAL_AMOUNT_TOO_LARGE}.
 *
 * @example
 * toCapitalAmount(1234567.89) // '壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分'
 * toCapitalAmount(100) // '壹佰元整'
 * toCapitalAmount(0) // '零元整'
 * toCapitalAmount('abc') // '金额格式不正确'
 */
export function toCapitalAmount(value: unknown): string {
  const parts = toDecimalParts(value);
  if (!parts) return CAPITAL_AMOUNT_INVALID;
  const { neg, int, frac } = roundParts(parts, 2);
  // Exact enough: every integer below 1e15 is a double, and longer digit strings only grow.
  if (+int >= CAPITAL_AMOUNT_LIMIT) return CAPITAL_AMOUNT_TOO_LARGE;
  let out = '';
  let zero = false;
  let groupHasDigit = false;
  for (let i = 0; i < int.length; i++) {
    const place = int.length - 1 - i;
    const d = +int.charAt(i);
    if (d) {
      out += (zero ? '零' : '') + DIGITS.charAt(d) + SMALL_UNITS.charAt((place % 4) - 1);
      zero = false;
      groupHasDigit = true;
    } else if (out) {
      zero = true;
    }
    if (place && !(place % 4)) {
      const group = place / 4;
      // 亿 is written even after an empty group when 万亿 came before it (壹万亿, 壹万亿零伍元).
      if (groupHasDigit || (group === 2 && out)) out += GROUP_UNITS.charAt(group - 1);
      groupHasDigit = false;
    }
  }
  const jiao = +frac.charAt(0);
  const fen = +frac.charAt(1);
  if (out) out += '元';
  if (jiao) out += `${DIGITS.charAt(jiao)}角`;
  if (fen) out += (out && !jiao ? '零' : '') + DIGITS.charAt(fen) + '分';
  return (neg ? '负' : '') + (jiao || fen ? out : `${out || '零元'}整`);
}
