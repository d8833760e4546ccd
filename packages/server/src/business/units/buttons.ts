import { hasButton } from '../../auth/buttons';
import type { BusinessRule } from '../types';
import { NOT_YOURS } from './common';

/**
 * The unit's operations and the buttons that allow them (spec 5.5, 6; docs/api-unit-business.md › 按钮权限): the page
 * (its menu path) and the button the hall draws for the operation. The hall hides a button the account does not hold;
 * the server refuses the operation behind it with the catalogue's 403, whichever way it is called.
 */
export const UNIT_BUTTONS = {
  GJ0201: ['/dwwt/jcyw/dw_huij', 'submit'],
  GJ0202: ['/dwwt/jcyw/dw_bj', 'submit'],
  GJ0203: ['/dwwt/jcyw/js_tz', 'submit'],
  GJ0204: ['/dwwt/jcyw/bl_tz', 'submit'],
  GJ0205: ['/dwwt/jcyw/jd_bl', 'submit'],
  GJ0206: ['/dwwt/jcyw/dw_huanj', 'submit'],
  GJ0209: ['/dwwt/jcyw/kjdwjc_zm', 'print'],
  /** One employee on screen. */
  GJ0301: ['/dwwt/jcyw/grzh_sl', 'add'],
  /** Many from a file: the template, the check and the bulk form. */
  GJ0301_IMPORT: ['/dwwt/jcyw/grzh_sl', 'import'],
  GJ0304: ['/dwwt/jcyw/grzh_qf', 'submit'],
  GJ0305: ['/dwwt/jcyw/grzh_fc', 'submit'],
  GJ0312: ['/dwwt/jcyw/fcyy_xg', 'submit'],
  GJ0311: ['/dwwt/zhxxbg/plxg_sjh', 'submit'],
  GJ0108: ['/dwwt/zhxxbg/dwjcdjzx', 'submit'],
  GJ0109: ['/dwwt/jcyw/fkzhxx_wh', 'submit'],
  /** The clerk confirms the interest statement (POST dwlxd/qr). */
  STATEMENT_CONFIRM: ['/dwwt/cxyw/dwlxd_cx', 'confirm'],
  /** 职工查询's export. */
  EMPLOYEES_EXPORT: ['/dwwt/cxyw/zgxx_cx', 'export'],
} as const satisfies Record<string, readonly [string, string]>;

export type UnitOperation = keyof typeof UNIT_BUTTONS;

/** Whether the unit login's account holds the button of `operation`. */
export function mayDo(q: Parameters<typeof hasButton>[0], accountId: string, operation: UnitOperation): Promise<boolean> {
  const [path, button] = UNIT_BUTTONS[operation];
  return hasButton(q, accountId, path, button);
}

/**
 * Rule row: the login holds the button of the operation (`operation`, or the one `pick` names from the payload);
 * otherwise the catalogue's 403. Another login type is the LOGIN_TYPE restriction's to answer. Checked when the
 * wizard opens too when the operation does not depend on the payload.
 */
export function buttonRule<P>(operation: UnitOperation, pick?: (payload: P) => UnitOperation): BusinessRule<P> {
  const [path, button] = UNIT_BUTTONS[operation];
  return {
    name: 'button-permission',
    description: pick ? '本账户有该操作的按钮权限（页面按钮与服务端同一权限）' : `本账户有页面 ${path} 的按钮权限 ${button}`,
    msg: NOT_YOURS,
    status: 403,
    ...(pick ? {} : { atOpen: true }),
    holds: async ({ q, applicant, payload }) =>
      applicant.loginType !== 2 || (await mayDo(q, applicant.accountId, pick && payload && typeof payload === 'object' ? pick(payload) : operation)),
  };
}
