/**
 * How {@link maskName} hides a name: `'first'` keeps the first character, `'firstLast'` the first and the last
 * (spec 5.6 gives both readings).
 */
export type NameMaskMode = 'first' | 'firstLast';

/**
 * Keeps `head` characters in front and `tail` at the end and stars the rest, one star per hidden character.
 * A value too short to hide anything under that rule becomes stars only, so it never shows more than the rule.
 */
function keepEnds(value: unknown, head: number, tail: number, strip?: RegExp): string {
  if (typeof value !== 'string') return '';
  // Array.from counts code points, so a character outside the BMP is never cut in half.
  const chars = Array.from(strip ? value.replace(strip, '') : value);
  const hidden = chars.length - head - tail;
  return hidden > 0
    ? chars.slice(0, head).join('') + '*'.repeat(hidden) + chars.slice(chars.length - tail).join('')
    : '*'.repeat(chars.length);
}

/**
 * Hides a name (spec 5.6), one star per hidden character. `'first'` (default) keeps the first character,
 * `'firstLast'` also the last one when the name has three characters or more (for two characters that would show
 * all but one, so it falls back to the first only). A one-character name becomes `'*'`. Outer spaces are trimmed.
 * Not a string: `''`.
 *
 * @example
 * maskName('张三丰') // '张**'
 * maskName('张三丰', 'firstLast') // '张*丰'
 * maskName('张三', 'firstLast') // '张*'
 */
export function maskName(name: unknown, mode: NameMaskMode = 'first'): string {
  if (typeof name !== 'string') return '';
  const trimmed = name.trim();
  return keepEnds(trimmed, 1, mode === 'firstLast' && Array.from(trimmed).length > 2 ? 1 : 0);
}

/**
 * Hides digits 4 to 7 of a mobile number (spec 5.6): the first 3 and the last 4 stay. Spaces, dashes and a leading
 * `+86` are dropped first. Seven characters or fewer become stars only. Not a string: `''`.
 *
 * @example
 * maskPhone('13812345678') // '138****5678'
 * maskPhone('+86 138 1234 5678') // '138****5678'
 */
export function maskPhone(phone: unknown): string {
  return keepEnds(phone, 3, 4, /^\s*\+86|[\s-]/g);
}

/**
 * Hides an identity number (spec 5.6): the first 3 and the last 4 characters stay. Spaces are dropped first.
 * Seven characters or fewer become stars only. Not a string: `''`.
 *
 * @example
 * maskIdCard('110101199003071234') // '110***********1234'
 */
export function maskIdCard(idCard: unknown): string {
  return keepEnds(idCard, 3, 4, /\s/g);
}

/**
 * Hides a bank card number (spec 5.6): the first 4 and the last 4 digits stay. Spaces (the input groups digits in
 * fours) are dropped first. Eight characters or fewer become stars only. Not a string: `''`.
 *
 * @example
 * maskBankCard('6222 0212 3456 7890 123') // '6222***********0123'
 */
export function maskBankCard(cardNumber: unknown): string {
  return keepEnds(cardNumber, 4, 4, /\s/g);
}
