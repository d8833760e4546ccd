import type { Queryable } from '../../db/db';
import { readParameters, type CentreParameters } from '../../params/centre';

/**
 * The centre's loan parameters (docs/parameters.md): rows `loan…` of the one table `centre_parameter` (migration
 * 120), read at each check through `readParameters(q)`. Every rule that reads one names it (`param`), and each row is
 * tested at its edges (gd0101.test.ts, maximum.test.ts, changes.test.ts, collect.test.ts), driven by `setParameter`.
 *
 * The demo centre's set is 上海's as /work/shared/reference/business-rules.md §4 records it: balance × 30, the
 * instalment at most 40 % of the deposit base, a down payment of 20 % (first home) or 25 % (second home), ceilings
 * of 100万 / 80万 for one borrower and 200万 / 160万 for two (first / second home); 6 months' continuous deposit (all
 * nine cities), a term of at most 30 years ending by 65 (statutory retirement + 5, 济南), overdue interest per day
 * of the annual rate ÷ 360 × 1.5 (BIJIE).
 */
export interface LoanParams {
  /** 连续缴存月数下限: whole months of deposits, unbroken, up to the current or the previous month. */
  minContinuousMonths: number;
  /** 余额倍数: the most is this many times the borrowers' provident balance (上海 30). */
  balanceMultiple: number;
  /** 还款能力系数 (%): the first instalment at most this share of the borrowers' monthly deposit base (上海 40). */
  capacityPercent: number;
  /** 首付比例 (%) for a first home (20) and a second home (上海 25). */
  downPaymentPercentFirst: number;
  downPaymentPercentSecond: number;
  /** 最高贷款额度 (yuan): one borrower / two, first home / second home. */
  ceilingSingleFirstYuan: number;
  ceilingSingleSecondYuan: number;
  ceilingCoupleFirstYuan: number;
  ceilingCoupleSecondYuan: number;
  /** The maximum is rounded down to this many yuan (a whole hundred). */
  roundingYuan: number;
  /** 最低贷款金额 (yuan). */
  minAmountYuan: number;
  /** 最长贷款期限 (months). */
  maxMonths: number;
  /** 最短贷款期限 (months). */
  minMonths: number;
  /** 借款人贷款到期时的最大年龄 (whole years). */
  maxAgeAtEnd: number;
  /** 借款人最小年龄 (whole years). */
  minAge: number;
  /** 逾期罚息系数: overdue interest per day = annual rate ÷ 360 × this. */
  overdueFactor: number;
  /** 提前还款最低金额 (yuan); a repayment that settles the loan may be less. */
  prepayMinYuan: number;
  /** 提前还款：每个自然年度至多次数. */
  prepayPerYear: number;
}

/**
 * The loan rules' view of the centre's parameters: the rows `loan…` of the one table, without the prefix.
 * @example loanParams(await readParameters(q)).balanceMultiple // 30
 */
export function loanParams(p: CentreParameters): LoanParams {
  return {
    minContinuousMonths: p.loanMinContinuousMonths,
    balanceMultiple: p.loanBalanceMultiple,
    capacityPercent: p.loanCapacityPercent,
    downPaymentPercentFirst: p.loanDownPaymentPercentFirst,
    downPaymentPercentSecond: p.loanDownPaymentPercentSecond,
    ceilingSingleFirstYuan: p.loanCeilingSingleFirstYuan,
    ceilingSingleSecondYuan: p.loanCeilingSingleSecondYuan,
    ceilingCoupleFirstYuan: p.loanCeilingCoupleFirstYuan,
    ceilingCoupleSecondYuan: p.loanCeilingCoupleSecondYuan,
    roundingYuan: p.loanRoundingYuan,
    minAmountYuan: p.loanMinAmountYuan,
    maxMonths: p.loanMaxMonths,
    minMonths: p.loanMinMonths,
    maxAgeAtEnd: p.loanMaxAgeAtEnd,
    minAge: p.loanMinAge,
    overdueFactor: p.loanOverdueFactor,
    prepayMinYuan: p.loanPrepayMinYuan,
    prepayPerYear: p.loanPrepayPerYear,
  };
}

/**
 * The loan parameters in force, read from the table (inside the caller's transaction when it has one): the one way
 * every loan rule and route reads them.
 * @example (await readLoanParams(tx)).maxMonths // 360
 */
export const readLoanParams = async (q: Queryable): Promise<LoanParams> => loanParams(await readParameters(q));

/** 担保方式 (spec 3.11). */
export const GUARANTEE_TYPES = {
  '01': '抵押',
  '02': '质押',
  '03': '连带责任保证',
  '71': '公积金中心担保加房产抵押',
  '72': '抵押加阶段性连带责任保证',
  '74': '工会担保',
  '75': '企业担保',
  '76': '三人联保',
  '99': '其他',
} as const;

/** 贷款状态 (spec 3.11). */
export const LOAN_STATUS = { normal: '1', overdue: '2', settled: '3' } as const;
export const LOAN_STATUS_NAMES: Readonly<Record<string, string>> = { '1': '正常', '2': '逾期', '3': '结清' };

/** 还款方式 (spec 3.11). */
export const REPAYMENT_METHODS = { '01': '等额本息', '02': '等额本金' } as const;

/** 房屋类型 of an application: a developer's project or a resale home. */
export const PROPERTY_KINDS = { '01': '新建商品房（合作楼盘）', '02': '二手房' } as const;
