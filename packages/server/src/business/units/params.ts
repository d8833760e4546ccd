import type { Queryable } from '../../db/db';
import { depositPartFen, readParameters, type CentreParameters } from '../../params/centre';

/**
 * The centre's parameters as the unit businesses read them (docs/parameters.md): a view of the rows of the one table
 * `centre_parameter`, read through `readParameters(q)` at each check. The base, ratio and rounding are the same rows
 * the personal and flexible businesses read (baseMinYuan, baseMaxYuan, ratioMin, ratioMax, roundingFen); the unit
 * businesses add baseOutOfBounds (0 refuse, 1 clamp) and adjustMaxRows.
 */
export interface UnitParams {
  baseMinYuan: number;
  baseMaxYuan: number;
  /** A base outside the bounds in 基数调整 (GJ0203): 'refuse' the application, or 'clamp' it to the nearer bound. */
  baseOutOfBounds: 'refuse' | 'clamp';
  ratioMin: number;
  ratioMax: number;
  roundingFen: number;
  adjustMaxRows: number;
}

/**
 * The unit businesses' view of the centre's parameters.
 * @example unitParams(await readParameters(q)).baseOutOfBounds // 'refuse'
 */
export function unitParams(p: CentreParameters): UnitParams {
  return {
    baseMinYuan: p.baseMinYuan,
    baseMaxYuan: p.baseMaxYuan,
    baseOutOfBounds: p.baseOutOfBounds === 1 ? 'clamp' : 'refuse',
    ratioMin: p.ratioMin,
    ratioMax: p.ratioMax,
    roundingFen: p.roundingFen,
    adjustMaxRows: p.adjustMaxRows,
  };
}

/** The unit parameters in force, read from the table (inside the caller's transaction when it has one). */
export const readUnitParams = async (q: Queryable): Promise<UnitParams> => unitParams(await readParameters(q));

/**
 * One part (unit or personal) of a monthly deposit in fen: base × ratio %, rounded half-up to `roundingFen`
 * (the one rounding, `depositPartFen` in src/params/centre.ts).
 * @example partFen(450_000n, 12, 100) // 54_000n (540.00 yuan)
 * @example partFen(333_333n, 7, 100) // 23_300n (233.33 → 233.00)
 */
export function partFen(baseFen: bigint, ratio: number | string, roundingFen: number): bigint {
  return depositPartFen(baseFen, ratio, roundingFen);
}

/**
 * The monthly deposit (月缴存额) of an employee: the unit part plus the personal part, each rounded.
 * @example employeeMonthlyFen(500_000n, 12, 12, 100) // 120_000n
 */
export function employeeMonthlyFen(baseFen: bigint, dwjcbl: number | string, grjcbl: number | string, roundingFen: number): bigint {
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
