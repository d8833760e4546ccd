/** The role of a flexible-employment depositor (spec 1). */
export const FLEXIBLE_ROLE = 'lhjyjczgry';

const FLEXIBLE = '/grwt/zhxx/lhjyryyw/';
/** The flexible businesses that depend on the account's state (GJ0801 开户, GJ0810 封存, GJ0809 启封). */
const OPEN_ACCOUNT = `${FLEXIBLE}lhjyrykh`;
const SEAL = `${FLEXIBLE}lhjy_fc`;
const UNSEAL = `${FLEXIBLE}lhjy_qf`;

/** Personal account states (GRZHZT): 01 正常, 02 封存, 06 冻结; 03/04/05/99 closed. */
const NORMAL = '01';
const SEALED = '02';
const FROZEN = '06';

/**
 * Whether a flexible depositor is in the flexible-employment role.
 *
 * @example
 * isFlexible(['lhjyjczgry']) // true
 */
export function isFlexible(roles: unknown): boolean {
  return Array.isArray(roles) && roles.includes(FLEXIBLE_ROLE);
}

/**
 * The flexible business tiles the home leaves out for the account's state (issue 30: no 开户 or 启封 for an open
 * account): an open account is not opened again nor unsealed; a sealed one not opened nor sealed; a frozen one none
 * of the three; a closed account, or none, may be opened but not sealed or unsealed. The server refuses them anyway;
 * this only spares the depositor a refusal. Nothing is left out for anyone outside the flexible role.
 *
 * @example
 * flexibleHiddenPaths(['lhjyjczgry'], '01') // ['/grwt/zhxx/lhjyryyw/lhjyrykh', '/grwt/zhxx/lhjyryyw/lhjy_qf']
 * flexibleHiddenPaths([], '01') // []
 */
export function flexibleHiddenPaths(roles: unknown, grzhzt: unknown): string[] {
  if (!isFlexible(roles)) return [];
  const state = typeof grzhzt === 'string' ? grzhzt : '';
  if (state === NORMAL) return [OPEN_ACCOUNT, UNSEAL];
  if (state === SEALED) return [OPEN_ACCOUNT, SEAL];
  if (state === FROZEN) return [OPEN_ACCOUNT, SEAL, UNSEAL];
  return [SEAL, UNSEAL];
}

/**
 * What the home shows as 所在单位: the unit's name; for a flexible depositor without one, 灵活就业 (there is no
 * employer); otherwise nothing (shown as --).
 *
 * @example
 * unitFact(['lhjyjczgry'], '') // '灵活就业'
 * unitFact([], '某公司') // '某公司'
 */
export function unitFact(roles: unknown, dwmc: unknown): unknown {
  if (dwmc !== undefined && dwmc !== null && dwmc !== '') return dwmc;
  return isFlexible(roles) ? '灵活就业' : dwmc;
}
