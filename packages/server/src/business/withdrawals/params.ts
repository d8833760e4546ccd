import type { Queryable } from '../../db/db';
import { readParameters, type CentreParameters } from '../../params/centre';

/**
 * The centre's parameters for withdrawals (提取, docs/parameters.md): rows of the one table `centre_parameter`
 * (migration 120), read at each check through `readParameters(q)`; every rule that reads one names it (`param`) and
 * each row has its own test at its edges (withdrawals.test.ts, driven by `setParameter`).
 *
 * The demo centre follows 南京 (/work/shared/reference/business-rules.md › 3 Withdrawals, 租房: unmarried 21,600 yuan a
 * year, married 43,200 a year for the household, quarterly, no home of self or spouse, 3 months' deposit), with these
 * departures: the rent quota is a calendar year (南京 counts the same); a purchase may be withdrawn for within 12 months
 * of it (建金管〔2005〕5号 as the reference remembers it); retirement ages are the statutory 60 (men) and 55 (women,
 * the 女干部 age), not yet the gradual rise of 2025; loan repayment takes the last 12 months' repayments once a year.
 */
export interface WithdrawalParams {
  /** 租房: yearly quota (yuan) of an unmarried applicant. */
  rentYearQuotaSingleYuan: number;
  /** 租房: yearly quota (yuan) of a married applicant's household (the spouse's rent withdrawals count against it). */
  rentYearQuotaHouseholdYuan: number;
  /** 租房: the quota is per household for married applicants (true, 南京/上海/青岛) or per person (false, 北京/广州). */
  rentQuotaPerHousehold: boolean;
  /** 租房: withdrawals per calendar quarter (南京: quarterly). */
  rentPerQuarter: number;
  /** 租房: months of deposits (汇缴/补缴), each of the last n months up to this one or the one before. */
  rentMinMonths: number;
  /** 购房 / 建造: months after the purchase (or the building permit) within which it may be withdrawn for. */
  purchaseWindowMonths: number;
  /** 购房 / 建造 (TQ0101, TQ0102): months of deposits needed. */
  purchaseMinMonths: number;
  /** 离退休: statutory retirement age of men (years). */
  retireAgeMale: number;
  /** 离退休: retirement age of women (years). */
  retireAgeFemale: number;
  /** 还贷: withdrawals per loan contract in 12 months. */
  repayPerYear: number;
  /** 还贷: the repayments of the last n months may be withdrawn. */
  repayWindowMonths: number;
}

/**
 * The withdrawal rules' view of the centre's parameters (the same keys; rentQuotaPerHousehold 1/0 as a boolean).
 * @example withdrawalParams(await readParameters(q)).rentMinMonths // 3
 */
export function withdrawalParams(p: CentreParameters): WithdrawalParams {
  return {
    rentYearQuotaSingleYuan: p.rentYearQuotaSingleYuan,
    rentYearQuotaHouseholdYuan: p.rentYearQuotaHouseholdYuan,
    rentQuotaPerHousehold: p.rentQuotaPerHousehold === 1,
    rentPerQuarter: p.rentPerQuarter,
    rentMinMonths: p.rentMinMonths,
    purchaseWindowMonths: p.purchaseWindowMonths,
    purchaseMinMonths: p.purchaseMinMonths,
    retireAgeMale: p.retireAgeMale,
    retireAgeFemale: p.retireAgeFemale,
    repayPerYear: p.repayPerYear,
    repayWindowMonths: p.repayWindowMonths,
  };
}

/** The withdrawal parameters in force, read from the table (inside the caller's transaction when it has one). */
export const readWithdrawalParams = async (q: Queryable): Promise<WithdrawalParams> => withdrawalParams(await readParameters(q));

/** Yuan to fen, for the parameters (whole yuan). */
export const yuanParamFen = (yuan: number): bigint => BigInt(yuan) * 100n;
