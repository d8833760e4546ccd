import { DEFAULT_LOAN_LIMITS, type LoanLimits } from '@gjj-hall/sdk/loan';

/**
 * The centre's bounds on a loan (issue 23), one row per parameter, documented in docs/api-public.md (贷款计算器的额度与
 * 期限). `hkjh/gjjsdcs` refuses a query outside them with the row's message, and `hkjh/getDkcsXz` publishes them so the
 * calculator shows the same bounds beside its fields. A centre changes the rows here (or passes `loanLimits` to
 * `buildApp`); the reference values are the sdk's defaults:
 *
 * | row | value | source |
 * |---|---|---|
 * | maxMonths | 360 months | 30 years (business-rules §4, BIJIE 贷款期数不能超过360) |
 * | maxProvidentAmount | 1 200 000 yuan | a single depositor's first home (北京 120万, business-rules §4 (d)) |
 * | minAge | 18 | full civil capacity |
 * | maxAgeAtEnd | 65 | statutory retirement age (60) + 5 years (济南, business-rules §4) |
 * | minProvidentRate, maxProvidentRate | 0 – 10 % | as the commercial rate |
 * | minCommercialRate, maxCommercialRate | 0 – 10 % | spec 5.1 |
 */
export const CENTRE_LOAN_LIMITS: Readonly<LoanLimits> = Object.freeze({ ...DEFAULT_LOAN_LIMITS });
