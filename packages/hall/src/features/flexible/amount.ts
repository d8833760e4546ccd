/**
 * The monthly deposit in yuan of a base (yuan text) at a ratio (%): each of the two equal parts rounded half-up to
 * the yuan, then added, as the server's `monthlyFen` (business/flexible/params.ts). '' while either is not a positive
 * number. For the page's comfort only: the server computes what is stored.
 *
 * @example
 * monthlyYuan('5000', '12') // '1200.00'
 * monthlyYuan('3350', '7') // '470.00': 234.50 → 235, twice
 */
export function monthlyYuan(base: string, ratio: string): string {
  const fen = Math.round(Number(base) * 100);
  const r = Number(ratio);
  if (!Number.isFinite(fen) || !Number.isFinite(r) || fen <= 0 || r <= 0) return '';
  // fen × r / 100 is the part in fen; / 100 again for yuan, rounded half-up (integers, so no binary-fraction surprise).
  const part = Math.floor((fen * r + 5000) / 10000);
  return (part * 2).toFixed(2);
}
