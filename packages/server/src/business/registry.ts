import type { Business } from './types';
import { gj0302 } from './personal/gj0302';
import { gj0313 } from './personal/gj0313';
import { gj0314 } from './personal/gj0314';
import { LOAN_BUSINESSES } from './loans';
import { PLACEHOLDERS } from './placeholders';
import { FLEXIBLE_BUSINESSES } from './flexible';
import { WITHDRAWAL_BUSINESSES } from './withdrawals';
import { UNIT_BUSINESSES } from './units';
import { DEVELOPER_BUSINESSES } from './developer';

/**
 * Every business the hall can apply for, by code: one line each.
 *
 * @example
 * BUSINESSES.get('GJ0313')?.ywmc // '个人手机号码变更' A later issue replaces a placeholder by moving its
 * code out of placeholders.ts into a module of its own and adding its line here.
 */
export const BUSINESSES: ReadonlyMap<string, Business> = new Map<string, Business>(
  [gj0302, gj0313, gj0314].map((b) => b as unknown as Business).concat(PLACEHOLDERS, FLEXIBLE_BUSINESSES, WITHDRAWAL_BUSINESSES, UNIT_BUSINESSES, LOAN_BUSINESSES, DEVELOPER_BUSINESSES).map((b) => [b.ywlx, b]),
);

/**
 * The business of a code, if registered.
 *
 * @example
 * businessOf('TQ0101')?.timeLimitDays // 3
 */
export const businessOf = (ywlx: string): Business | undefined => BUSINESSES.get(ywlx);

/** The codes of every registered business, for schemas (`enum`). */
export const BUSINESS_CODES: readonly string[] = [...BUSINESSES.keys()];
