import { monthlyFen } from '../flexible/params';

/**
 * The centre's parameters for the unit businesses (docs/api-unit-business.md › 参数): one documented, typed object
 * read through `unitParams()` alone, each row tested at its edges (units.test.ts). When the centre's parameter table
 * (issue 30) lands, `unitParams()` reads it there and nothing else changes. Defaults after what centres publish
 * (/work/shared/reference/business-rules.md): the base between the local minimum wage and three times last year's
 * average monthly wage, each part 5–12 %, each part rounded to the yuan half-up before the two are added.
 */
export const UNIT_PARAMS = {
  /** 月缴存基数下限 (yuan): the local minimum wage. */
  baseMinYuan: 2_200,
  /** 月缴存基数上限 (yuan): three times last year's average monthly wage. */
  baseMaxYuan: 33_000,
  /** A base outside the bounds in 基数调整 (GJ0203): 'refuse' the row, or 'clamp' it to the nearer bound. */
  baseOutOfBounds: 'refuse' as 'refuse' | 'clamp',
  /** 缴存比例下限 (%), each part (unit and personal). */
  ratioMin: 5,
  /** 缴存比例上限 (%), each part. */
  ratioMax: 12,
  /** Each part (unit, personal) is rounded half-up to this many fen before the two are added (100: to the yuan). */
  roundingFen: 100,
  /** Employees in one 基数调整 (GJ0203) application. */
  adjustMaxRows: 5_000,
} as const;

export type UnitParams = {
  baseMinYuan: number;
  baseMaxYuan: number;
  baseOutOfBounds: 'refuse' | 'clamp';
  ratioMin: number;
  ratioMax: number;
  roundingFen: number;
  adjustMaxRows: number;
};

/**
 * The centre's unit parameters: the one place every unit rule reads them.
 * @example unitParams().baseMaxYuan // 33000
 */
export const unitParams = (): UnitParams => UNIT_PARAMS;

/**
 * One part (unit or personal) of a monthly deposit in fen: base × ratio %, rounded half-up to `roundingFen`
 * (the same rule as flexible employment's `monthlyFen`, which adds two equal parts).
 * @example partFen(450_000n, 12) // 54_000n (540.00 yuan)
 * @example partFen(333_333n, 7) // 23_300n (233.33 → 233.00)
 */
export function partFen(baseFen: bigint, ratio: number | string, roundingFen: number = unitParams().roundingFen): bigint {
  return monthlyFen(baseFen, Number(ratio), roundingFen) / 2n;
}

/**
 * The monthly deposit (月缴存额) of an employee: the unit part plus the personal part, each rounded.
 * @example employeeMonthlyFen(500_000n, 12, 12) // 120_000n
 */
export function employeeMonthlyFen(baseFen: bigint, dwjcbl: number | string, grjcbl: number | string, roundingFen: number = unitParams().roundingFen): bigint {
  return partFen(baseFen, dwjcbl, roundingFen) + partFen(baseFen, grjcbl, roundingFen);
}

/**
 * The same rounding in SQL, for set-based lists: one part of `base` (fen) at `ratio` (%), `unit` fen the rounding unit
 * (numeric round is half away from zero: half-up for the amounts here, which are never negative).
 */
export const PART_SQL = (base: string, ratio: string, unit: string): string => `(round(${base}::numeric * ${ratio} / 100 / ${unit}) * ${unit})::bigint`;

/** 封存原因 (GJ0305, GJ0312): dictionary of the unit's reasons for sealing an employee's account. */
export const EMPLOYEE_SEAL_REASONS = { '01': '离职', '02': '退休', '03': '出国定居', '04': '死亡', '05': '停薪留职', '99': '其他' } as const;
export type EmployeeSealReason = keyof typeof EMPLOYEE_SEAL_REASONS;
