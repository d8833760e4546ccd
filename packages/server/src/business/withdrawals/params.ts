/**
 * The centre's parameters for withdrawals (提取, docs/api-withdrawals.md › 参数): one documented, typed set a centre
 * changes here, read through {@link withdrawalParams} only; every rule that reads one names it (`param`) and each row
 * has its own test at its edges (withdrawals.test.ts). Issue 30 gathers the centre's parameters into one table; this
 * set moves there unchanged.
 *
 * The demo centre follows 南京 (/work/shared/reference/business-rules.md › 3 Withdrawals, 租房: unmarried 21,600 yuan a
 * year, married 43,200 a year for the household, quarterly, no home of self or spouse, 3 months' deposit), with these
 * departures: the rent quota is a calendar year (南京 counts the same); a purchase may be withdrawn for within 12 months
 * of it (建金管〔2005〕5号 as the reference remembers it); retirement ages are the statutory 60 (men) and 55 (women,
 * the 女干部 age), not yet the gradual rise of 2025; loan repayment takes the last 12 months' repayments once a year.
 */
export const WITHDRAWAL_PARAMS = {
  /** 租房: yearly quota (yuan) of an unmarried applicant. */
  rentYearQuotaSingleYuan: 21_600,
  /** 租房: yearly quota (yuan) of a married applicant's household (the spouse's rent withdrawals count against it). */
  rentYearQuotaHouseholdYuan: 43_200,
  /** 租房: the quota is per household for married applicants (true, 南京/上海/青岛) or per person (false, 北京/广州). */
  rentQuotaPerHousehold: true,
  /** 租房: withdrawals per calendar quarter (南京: quarterly). */
  rentPerQuarter: 1,
  /** 租房: months of deposits (汇缴/补缴), each of the last n months up to this one or the one before. */
  rentMinMonths: 3,
  /** 购房 / 建造: months after the purchase (or the building permit) within which it may be withdrawn for. */
  purchaseWindowMonths: 12,
  /** 购房: months of deposits needed. */
  purchaseMinMonths: 3,
  /** 离退休: statutory retirement age of men (years). */
  retireAgeMale: 60,
  /** 离退休: retirement age of women (years). */
  retireAgeFemale: 55,
  /** 还贷: withdrawals per loan contract in 12 months. */
  repayPerYear: 1,
  /** 还贷: the repayments of the last n months may be withdrawn. */
  repayWindowMonths: 12,
} as const;

export type WithdrawalParams = typeof WITHDRAWAL_PARAMS;

/**
 * The parameters the rules read: the one place they come from.
 * @example withdrawalParams().rentMinMonths // 3
 */
export const withdrawalParams = (): WithdrawalParams => WITHDRAWAL_PARAMS;

/** Yuan to fen, for the parameters (whole yuan). */
export const yuanParamFen = (yuan: number): bigint => BigInt(yuan) * 100n;
