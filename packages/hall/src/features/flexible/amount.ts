/**
 * The monthly deposit in yuan of a base (yuan text) at a ratio (%): each of the two equal parts rounded half-up to
 * the centre's unit (`roundingFen`: 100 yuan, 10 jiao, 1 fen), then added, as the server's `monthlyDeposit`
 * (src/params/centre.ts). '' while either is not a positive number. For the page's comfort only: the server computes
 * what is stored.
 *
 * @example
 * monthlyYuan('5000', '12') // '1200.00'
 * monthlyYuan('3350', '7') // '470.00': 234.50 → 235, twice
 */
export function monthlyYuan(base: string, ratio: string, roundingFen = 100): string {
  const fen = Math.round(Number(base) * 100);
  const r = Number(ratio);
  if (!Number.isFinite(fen) || !Number.isFinite(r) || fen <= 0 || r <= 0 || !Number.isInteger(r)) return '';
  // fen × r / 100 is the part in fen, rounded half-up to the unit (integers, so no binary-fraction surprise).
  const unit = roundingFen;
  const part = Math.floor((fen * r + 50 * unit) / (100 * unit)) * unit;
  return ((part * 2) / 100).toFixed(2);
}
