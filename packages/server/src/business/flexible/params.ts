import { monthlyDeposit, PARAMETER_DEFAULTS } from '../../params/centre';

/**
 * The defaults of the centre's parameters flexible employment reads (灵活就业, docs/parameters.md). The values in force
 * are the rows of the table `centre_parameter`, read through `readParameters` (src/params/centre.ts) by every rule and
 * computation; these defaults only word the documentation.
 */
export const FLEXIBLE_PARAMS = PARAMETER_DEFAULTS;

/** 封存原因 (GJ0810). */
export const SEAL_REASONS = { '01': '暂停缴存（收入中断等）', '02': '已在单位就业并缴存', '09': '其他原因' } as const;

/** 补贴类别 (GJ0814). */
export const SUBSIDY_KINDS = { '01': '就业困难人员', '02': '毕业五年内的高校毕业生', '03': '退役军人' } as const;

/**
 * The monthly deposit (月缴存额) in fen of a base in fen at a ratio (%, both parts equal), by the one rounding
 * function (`monthlyDeposit`, src/params/centre.ts) at the centre's `roundingFen`.
 *
 * @example
 * monthlyFen(450_000n, 10, 100) // 90_000n: 450.00 + 450.00 yuan
 * monthlyFen(333_333n, 7, 100) // 46_600n: 233.33 → 233.00 yuan, twice
 */
export function monthlyFen(baseFen: bigint, ratio: number, roundingFen: number): bigint {
  return monthlyDeposit(baseFen, ratio, ratio, roundingFen).totalFen;
}

/** YYYYMM of a YYYY-MM-DD date. */
export const monthOf = (date: string): string => date.slice(0, 4) + date.slice(5, 7);

/** The month `n` months before YYYYMM. */
export function monthsBefore(period: string, n: number): string {
  const index = Number(period.slice(0, 4)) * 12 + Number(period.slice(4, 6)) - 1 - n;
  return `${Math.floor(index / 12)}${String((index % 12) + 1).padStart(2, '0')}`;
}
