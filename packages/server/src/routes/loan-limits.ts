import { DEFAULT_LOAN_LIMITS, type LoanLimits } from '@gjj-hall/sdk/loan';
import { PARAMETER_DEFAULTS, type CentreParameters } from '../params/centre';

/**
 * The public calculator's bounds on a loan (issue 23; docs/api-public.md, 贷款计算器的额度与期限), from the centre's
 * parameter table (docs/parameters.md), the same rows the loan businesses read, so no bound is written twice:
 *
 * | bound | row |
 * |---|---|
 * | maxMonths | `loanMaxMonths` (最长贷款期限) |
 * | maxProvidentAmount | the highest of the four ceilings `loanCeiling…Yuan`: no loan of this centre can be more |
 * | minAge | `loanMinAge` |
 * | maxAgeAtEnd | `loanMaxAgeAtEnd` |
 * | the rate ranges | spec 5.1 (0 to 10 %), the sdk's |
 *
 * `hkjh/gjjsdcs` refuses a query outside them with the row's message, and `hkjh/getDkcsXz` publishes them so the
 * calculator shows the same bounds beside its fields. A centre passing `loanLimits` to `buildApp` fixes its own.
 * @example loanLimitsOf(PARAMETER_DEFAULTS).maxProvidentAmount // 2000000
 */
export function loanLimitsOf(p: CentreParameters): LoanLimits {
  return {
    ...DEFAULT_LOAN_LIMITS,
    maxMonths: p.loanMaxMonths,
    maxProvidentAmount: Math.max(p.loanCeilingSingleFirstYuan, p.loanCeilingSingleSecondYuan, p.loanCeilingCoupleFirstYuan, p.loanCeilingCoupleSecondYuan),
    minAge: p.loanMinAge,
    maxAgeAtEnd: p.loanMaxAgeAtEnd,
  };
}

/** The bounds of the parameters' defaults (the migration's rows). */
export const CENTRE_LOAN_LIMITS: Readonly<LoanLimits> = Object.freeze(loanLimitsOf(PARAMETER_DEFAULTS));
