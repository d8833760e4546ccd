/**
 * The centre's parameters for flexible employment (灵活就业, docs/api-personal.md › 灵活就业 › 参数), one documented
 * table a centre changes here; every rule that reads one names it (`param`) and each row has its own test
 * (flexible.test.ts). Defaults after what centres publish (/work/shared/reference/business-rules.md): base bounds of
 * the minimum wage and three times the average wage, 5–12 % for each part (10–24 % together), each part rounded
 * to the yuan half-up (杭州's rule for flexible workers), one adjustment a year.
 */
export const FLEXIBLE_PARAMS = {
  /** 月缴存基数下限 (yuan): the local minimum wage. */
  baseMinYuan: 2_200,
  /** 月缴存基数上限 (yuan): three times last year's average monthly wage. */
  baseMaxYuan: 33_000,
  /** 缴存比例下限 (%), each part. */
  ratioMin: 5,
  /** 缴存比例上限 (%), each part. */
  ratioMax: 12,
  /** Each part is rounded to this many fen, half-up, before the two are added (100: to the yuan). */
  roundingFen: 100,
  /** 月缴存额调整 (GJ0804) completed per calendar year. */
  adjustmentsPerYear: 1,
  /** 补缴 (GJ0815): the oldest month that may be paid back, counted back from this month (this month is 1). */
  backPayWindowMonths: 24,
  /** 补缴 (GJ0815): months in one application. */
  backPayMaxMonths: 12,
  /** 财政补贴 (GJ0814): months paid (汇缴 or 补缴) before a subsidy may be asked for. */
  subsidyMinMonths: 12,
  /** 财政补贴 (GJ0814): the year asked for is this year or up to this many years before. */
  subsidyYearsBack: 1,
} as const;

/** 封存原因 (GJ0810). */
export const SEAL_REASONS = { '01': '暂停缴存（收入中断等）', '02': '已在单位就业并缴存', '09': '其他原因' } as const;

/** 补贴类别 (GJ0814). */
export const SUBSIDY_KINDS = { '01': '就业困难人员', '02': '毕业五年内的高校毕业生', '03': '退役军人' } as const;

/**
 * The monthly deposit (月缴存额) in fen of a base in fen at a ratio (%, both parts equal): each part rounded half-up
 * to `roundingFen`, then the two added.
 *
 * @example
 * monthlyFen(450_000n, 10) // 90_000n: 450.00 + 450.00 yuan
 * monthlyFen(333_333n, 7) // 46_600n: 233.33 → 233.00 yuan, twice
 */
export function monthlyFen(baseFen: bigint, ratio: number, roundingFen: number = FLEXIBLE_PARAMS.roundingFen): bigint {
  const unit = BigInt(roundingFen);
  const exact = baseFen * BigInt(Math.round(ratio * 100)); // fen × 1/10000
  const divisor = 10_000n * unit;
  const part = ((exact + divisor / 2n) / divisor) * unit;
  return part * 2n;
}

/** YYYYMM of a YYYY-MM-DD date. */
export const monthOf = (date: string): string => date.slice(0, 4) + date.slice(5, 7);

/** The month `n` months before YYYYMM. */
export function monthsBefore(period: string, n: number): string {
  const index = Number(period.slice(0, 4)) * 12 + Number(period.slice(4, 6)) - 1 - n;
  return `${Math.floor(index / 12)}${String((index % 12) + 1).padStart(2, '0')}`;
}
