import type { Queryable } from '../db/db';
import { ApiError } from '../http/envelope';
import { yuanToFen } from '../records/money';

/**
 * The centre's parameters (docs/parameters.md): every number a centre sets for the deposit rules, one row each of
 * the table `centre_parameter` (migration 071), read through {@link readParameters} and nowhere else. The defaults
 * below are the migration's rows (the test checks they agree); a centre changes a row, never the code.
 */
export const PARAMETER_DEFAULTS = {
  /** Each part (unit, person) of a monthly deposit is rounded half-up to this many fen: 100 yuan, 10 jiao, 1 fen. */
  roundingFen: 100,
  /** 月缴存基数下限 (yuan): the local minimum wage. */
  baseMinYuan: 2_200,
  /** 月缴存基数上限 (yuan): three times last year's average monthly wage. */
  baseMaxYuan: 33_000,
  /** 缴存比例下限 (%), each part. */
  ratioMin: 5,
  /** 缴存比例上限 (%), each part. */
  ratioMax: 12,
  /** 月缴存额上限 (yuan, both parts together) where a centre publishes one instead of a base cap; 0: none. */
  monthlyMaxYuan: 0,
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
  /** 结息: the day-count divisor of the annual rate (360 or 365). */
  interestDivisor: 360,

  // ——— 单位业务 (business/units; the base, ratio and rounding are the rows above) ———
  /** 基数调整 (GJ0203): a base outside the bounds is 0 refused, or 1 clamped to the nearer bound. */
  baseOutOfBounds: 0,
  /** 基数调整 (GJ0203): employees in one application. */
  adjustMaxRows: 5_000,
  /** 职工批量导入 (GJ0301 by file): rows in one file and one application. */
  importMaxRows: 5_000,
  /** 降低缴存比例 (GJ0205): the lowest ratio (%, each part) a unit in difficulty may be allowed. */
  reducedRatioMin: 5,
  /** 单位缓缴 (GJ0206): months one deferral may cover. */
  deferMaxMonths: 12,

  // ——— 提取 (business/withdrawals) ———
  /** 租房: yearly quota (yuan) of an unmarried applicant. */
  rentYearQuotaSingleYuan: 21_600,
  /** 租房: yearly quota (yuan) of a married applicant's household (the spouse's rent withdrawals count against it). */
  rentYearQuotaHouseholdYuan: 43_200,
  /** 租房: a married applicant's quota is 1 per household (南京/上海/青岛) or 0 per person (北京/广州). */
  rentQuotaPerHousehold: 1,
  /** 租房: withdrawals per calendar quarter. */
  rentPerQuarter: 1,
  /** 租房: months of deposits, each of the last n months up to this one or the one before. */
  rentMinMonths: 3,
  /** 购房 / 建造: months after the purchase (or the building permit) within which it may be withdrawn for. */
  purchaseWindowMonths: 12,
  /** 购房 / 建造 (TQ0101, TQ0102): months of deposits needed. */
  purchaseMinMonths: 3,
  /** 离退休: statutory retirement age of men (years). */
  retireAgeMale: 60,
  /** 离退休: retirement age of women (years). */
  retireAgeFemale: 55,
  /** 还贷: withdrawals per loan contract in 12 months. */
  repayPerYear: 1,
  /** 还贷: the repayments of the last n months may be withdrawn. */
  repayWindowMonths: 12,

  // ——— 贷款 (business/loans) ———
  /** 连续缴存月数下限: whole months of deposits, unbroken, up to the current or the previous month. */
  loanMinContinuousMonths: 6,
  /** 余额倍数: the most is this many times the borrowers' provident balance. */
  loanBalanceMultiple: 30,
  /** 还款能力系数 (%): the first instalment at most this share of the borrowers' monthly deposit base. */
  loanCapacityPercent: 40,
  /** 首付比例 (%): first home. */
  loanDownPaymentPercentFirst: 20,
  /** 首付比例 (%): second home. */
  loanDownPaymentPercentSecond: 25,
  /** 最高贷款额度 (yuan): one borrower, first home. */
  loanCeilingSingleFirstYuan: 1_000_000,
  /** 最高贷款额度 (yuan): one borrower, second home. */
  loanCeilingSingleSecondYuan: 800_000,
  /** 最高贷款额度 (yuan): two borrowers, first home. */
  loanCeilingCoupleFirstYuan: 2_000_000,
  /** 最高贷款额度 (yuan): two borrowers, second home. */
  loanCeilingCoupleSecondYuan: 1_600_000,
  /** The maximum is rounded down to this many yuan. */
  loanRoundingYuan: 100,
  /** 最低贷款金额 (yuan). */
  loanMinAmountYuan: 10_000,
  /** 最长贷款期限 (months). */
  loanMaxMonths: 360,
  /** 最短贷款期限 (months). */
  loanMinMonths: 12,
  /** 借款人贷款到期时的最大年龄 (whole years). */
  loanMaxAgeAtEnd: 65,
  /** 借款人最小年龄 (whole years). */
  loanMinAge: 18,
  /** 逾期罚息系数: overdue interest per day = annual rate ÷ 360 × this (a decimal: the value column is numeric). */
  loanOverdueFactor: 1.5,
  /** 提前还款 (GD0602): the least one early repayment may be (yuan); one that settles the loan may be less. */
  loanPrepayMinYuan: 10_000,
  /** 提前还款 (GD0602): early repayments per calendar year. */
  loanPrepayPerYear: 2,
  /** 阶段性担保保证金 (issue 38, developers): the share of a guaranteed loan's amount the developer deposits (%). */
  developerDepositPercent: 5,
} as const;

export type ParameterKey = keyof typeof PARAMETER_DEFAULTS;
export type CentreParameters = { readonly [K in ParameterKey]: number };

/** The rows that are whole numbers (counts, months, years, yuan, codes); the others may be decimals (loanOverdueFactor). */
const WHOLE_KEYS: readonly ParameterKey[] = (Object.keys(PARAMETER_DEFAULTS) as ParameterKey[]).filter((k) => k !== 'loanOverdueFactor');

/** The rounding units a centre may choose (fen): yuan, jiao, fen. */
export const ROUNDING_UNITS = [100, 10, 1] as const;

/**
 * The centre's parameters now, one query on a table of a dozen rows. A row missing from the table answers its
 * default; a row that breaks a rule between rows (bounds crossed, a rounding unit that is not yuan, jiao or fen)
 * throws, so a bad setting stops the business rather than computing wrong money.
 * @example const p = await readParameters(db); p.ratioMax // 12
 */
export async function readParameters(q: Queryable): Promise<CentreParameters> {
  return parametersFrom(await q.query<{ key: string; value: string }>('select key, value::text as value from centre_parameter'));
}

/**
 * The same parameters read inside another statement, for a hot read that counts its statements (issue 35: the account
 * info): select this column, then give its value to {@link parametersFromJson}. Same table, defaults and checks as
 * {@link readParameters}.
 * @example `select p.grzh, ${PARAMETERS_JSON_SQL} as params from …`
 */
export const PARAMETERS_JSON_SQL = `(select coalesce(jsonb_object_agg(key, value::text), '{}'::jsonb) from centre_parameter)`;

/** The parameters from the column {@link PARAMETERS_JSON_SQL}: `{ key: value }` (jsonb, parsed or as text). */
export function parametersFromJson(value: unknown): CentreParameters {
  const json = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  const entries = json && typeof json === 'object' ? Object.entries(json as Record<string, unknown>) : [];
  return parametersFrom(entries.map(([key, v]) => ({ key, value: String(v) })));
}

/** The rows of `centre_parameter` over the defaults, checked: a bad setting throws rather than compute wrong money. */
function parametersFrom(rows: readonly { key: string; value: string }[]): CentreParameters {
  const p: Record<string, number> = { ...PARAMETER_DEFAULTS };
  for (const r of rows) if (r.key in PARAMETER_DEFAULTS) p[r.key] = Number(r.value);
  const result = p as CentreParameters;
  const problem = checkParameters(result);
  if (problem) throw new ApiError(500, `中心参数设置有误：${problem}`);
  return result;
}

/** Why a set of parameters is inconsistent, in Chinese; undefined when it is not. */
export function checkParameters(p: CentreParameters): string | undefined {
  if (!(ROUNDING_UNITS as readonly number[]).includes(p.roundingFen)) return '月缴存额取整单位只能是元、角或分';
  if (p.baseMinYuan > p.baseMaxYuan) return '月缴存基数下限高于上限';
  if (p.ratioMin > p.ratioMax) return '缴存比例下限高于上限';
  if (p.interestDivisor !== 360 && p.interestDivisor !== 365) return '结息天数只能是 360 或 365';
  if (WHOLE_KEYS.some((k) => !Number.isInteger(p[k]))) return '计数、月数、年龄、金额和代码类参数须为整数';
  if (p.baseOutOfBounds !== 0 && p.baseOutOfBounds !== 1) return '基数超限处理只能是 0（拒绝）或 1（按上下限调整）';
  if (p.rentQuotaPerHousehold !== 0 && p.rentQuotaPerHousehold !== 1) return '租房提取额度只能按家庭（1）或按个人（0）计算';
  if (p.rentYearQuotaSingleYuan > p.rentYearQuotaHouseholdYuan) return '租房提取的个人年度额度高于家庭年度额度';
  for (const age of [p.retireAgeMale, p.retireAgeFemale]) if (age < 40 || age > 80) return '法定退休年龄须在 40 至 80 周岁之间';
  if (p.loanMinMonths > p.loanMaxMonths) return '最短贷款期限长于最长贷款期限';
  if (p.loanMinAge >= p.loanMaxAgeAtEnd) return '借款人最小年龄不小于贷款到期时的最大年龄';
  if (p.loanMinAge * 12 + p.loanMinMonths > p.loanMaxAgeAtEnd * 12) return '最小年龄的借款人连最短期限也贷不了';
  if (p.loanCeilingSingleFirstYuan > p.loanCeilingCoupleFirstYuan || p.loanCeilingSingleSecondYuan > p.loanCeilingCoupleSecondYuan) {
    return '一名借款人的最高贷款额度高于两名借款人的';
  }
  if (p.loanMinAmountYuan > Math.min(p.loanCeilingSingleFirstYuan, p.loanCeilingSingleSecondYuan)) return '最低贷款金额高于最高贷款额度';
  return undefined;
}

/**
 * Changes one parameter (a centre's administrator, and the tests): the table's range check applies.
 * @example await setParameter(db, 'roundingFen', 1)
 */
export async function setParameter(q: Queryable, key: ParameterKey, value: number): Promise<void> {
  const [row] = await q.query<{ key: string }>('update centre_parameter set value = $2, updated_at = now() where key = $1 returning key', [key, value]);
  if (!row) throw new ApiError(400, `没有这个中心参数：${key}`);
}

/**
 * One part of a monthly deposit in fen: base (fen) × ratio (%), rounded half-up to `roundingFen`.
 * Ratios are read to the hundredth of a percent ('12.00', 7, '7.5').
 * @example depositPartFen(333_333n, 7, 100) // 23_300n: 233.33 → 233 yuan
 */
export function depositPartFen(baseFen: bigint, ratio: number | string, roundingFen: number): bigint {
  const hundredths = BigInt(Math.round(Number(ratio) * 100));
  const unit = BigInt(roundingFen);
  const divisor = 10_000n * unit;
  return ((baseFen * hundredths + divisor / 2n) / divisor) * unit;
}

/** A monthly deposit: the unit part, the personal part and their sum (月缴存额), in fen. */
export interface MonthlyDeposit {
  unitFen: bigint;
  personFen: bigint;
  totalFen: bigint;
}

/**
 * THE ONE rounding of a monthly deposit (月缴存额), used by every path that computes one (灵活就业人员开户, the flexible
 * businesses, the same-city transfer, the account page): each part rounded half-up to the centre's unit
 * (`roundingFen`), then added.
 * @example monthlyDeposit(450_000n, 10, 10, 100) // { unitFen: 45_000n, personFen: 45_000n, totalFen: 90_000n }
 */
export function monthlyDeposit(baseFen: bigint, unitRatio: number | string, personRatio: number | string, roundingFen: number): MonthlyDeposit {
  const unitFen = depositPartFen(baseFen, unitRatio, roundingFen);
  const personFen = depositPartFen(baseFen, personRatio, roundingFen);
  return { unitFen, personFen, totalFen: unitFen + personFen };
}

/** Base, ratio and monthly-amount bounds in words (the rule messages), from the parameters. */
export const BOUND_MESSAGES = {
  base: (p: CentreParameters) => `月缴存基数须在 ${p.baseMinYuan} 至 ${p.baseMaxYuan} 元之间`,
  ratio: (p: CentreParameters) => `缴存比例须为 ${p.ratioMin}% 至 ${p.ratioMax}% 的整数`,
  monthly: (p: CentreParameters) => `月缴存额不能超过 ${p.monthlyMaxYuan} 元，请降低月缴存基数或缴存比例`,
} as const;

/**
 * The bound checks of a declared base (yuan text) and ratio (%), both parts at the same ratio (flexible employment):
 * the first that fails, in Chinese, or undefined. Read by 灵活就业人员开户 and the flexible businesses alike.
 * @example boundProblem(p, '4500.00', 13) // '缴存比例须为 5% 至 12% 的整数'
 */
export function boundProblem(p: CentreParameters, baseYuan: string | number, ratio: number): string | undefined {
  const text = String(baseYuan);
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return BOUND_MESSAGES.base(p);
  const baseFen = yuanToFen(text);
  if (baseFen < BigInt(p.baseMinYuan) * 100n || baseFen > BigInt(p.baseMaxYuan) * 100n) return BOUND_MESSAGES.base(p);
  if (!Number.isInteger(ratio) || ratio < p.ratioMin || ratio > p.ratioMax) return BOUND_MESSAGES.ratio(p);
  if (p.monthlyMaxYuan > 0) {
    const { totalFen } = monthlyDeposit(baseFen, ratio, ratio, p.roundingFen);
    if (totalFen > BigInt(p.monthlyMaxYuan) * 100n) return BOUND_MESSAGES.monthly(p);
  }
  return undefined;
}
