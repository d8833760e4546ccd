import type { GjjClient } from '../client/client';
import { LOGIN_TYPES } from '../constants/constants';
import { toLoginType } from '../menu/areas';
import { fetchInfoCheck, fetchInterestStatement, type InfoCheck, type InterestStatement } from './shell-api';

/**
 * Paths the prompts of spec 4.3 lead to (spec 2.2).
 *
 * @example
 * PROMPT_PATHS.interestStatement // '/dwwt/cxyw/dwlxd_cx'
 */
export const PROMPT_PATHS = /* @__PURE__ */ Object.freeze({
  personalInfoChange: '/grwt/zhxx/zhxxbg/grzhxxbg',
  flexibleInfoChange: '/grwt/zhxx/lhjyryyw/lhjyryxxbg',
  unitInfoChange: '/dwwt/zhxxbg/jcdj_xxbg',
  unitKeyInfoChange: '/dwwt/zhxxbg/jcdj_gjbg',
  interestStatement: '/dwwt/cxyw/dwlxd_cx',
} as const);

/** The role whose information change has its own path (spec 1). */
export const FLEXIBLE_EMPLOYMENT_ROLE = 'lhjyjczgry';

/**
 * The data of the prompt dialog (spec 2.13, 3.10): the text, and where it leads. `tzData` names a route to push
 * with params instead of a path.
 *
 * @example
 * const prompt: PromptData = { text: '请先确认', path: '/dwwt/cxyw/dwlxd_cx' }
 */
export interface PromptData {
  text: string;
  path?: string;
  isTzType?: boolean;
  tzData?: { targetName: string; params?: Record<string, unknown> };
}

/**
 * A button of the prompt dialog: `close` closes it; `go` replaces the route with the prompt's path; `push` pushes
 * the named route of `tzData`; `ok` closes, or goes to the path when there is one.
 *
 * @example
 * const button: PromptButton = { label: '去确认', action: 'go' }
 */
export interface PromptButton {
  label: string;
  action: 'close' | 'go' | 'push' | 'ok';
}

/** Texts of the prompts after sign-in (spec 4.3; the spec gives no wording). */
export const PROMPT_TEXTS = /* @__PURE__ */ Object.freeze({
  personalIncomplete: '您的个人信息不完整，请先完善个人信息。',
  personalCounter: '您的关键信息不完整，请携带本人有效身份证件到公积金中心柜台办理信息变更。',
  unitIncomplete: '贵单位的单位信息不完整，请先完善单位信息。',
  unitKeyChange: '贵单位的关键信息不完整，请通过关键信息变更完善单位信息。',
  unitCounter: '贵单位的关键信息不完整，请到公积金中心柜台办理关键信息变更。',
  interestStatement: (year?: string | number) =>
    `贵单位尚未确认${year ? `${year}年度` : ''}单位结息对账单，请先确认后再办理业务。`,
} as const);

/** What decides the wording and target of the prompts: who signed in and what they may open. */
export interface PromptContext {
  loginType: unknown;
  roles?: readonly unknown[];
  /** True when the user's menus grant this path (e.g. `path in buttonMap`). */
  canOpen?: (path: string) => boolean;
}

/**
 * The information-completeness prompt of spec 4.3 for a check result, or null when none is due: status 1 or 3
 * asks to complete the information (individuals of the flexible-employment role on their own change page);
 * status 2 sends an individual to the counter, and a unit to the key-information change when its menus grant
 * it, otherwise to the counter. Developers get none.
 *
 * @example
 * infoCheckPrompt({ status: 1 }, { loginType: 1 }) // { text: '您的个人信息不完整…', path: '/grwt/zhxx/zhxxbg/grzhxxbg' }
 * infoCheckPrompt({ status: 0 }, { loginType: 2 }) // null
 */
export function infoCheckPrompt(check: InfoCheck | null | undefined, context: PromptContext): PromptData | null {
  const type = toLoginType(context.loginType);
  const status = Number(check?.status);
  if (type === LOGIN_TYPES.developer || ![1, 2, 3].includes(status)) return null;
  if (type === LOGIN_TYPES.personal) {
    if (status === 2) return { text: PROMPT_TEXTS.personalCounter };
    const flexible = (context.roles ?? []).includes(FLEXIBLE_EMPLOYMENT_ROLE);
    return {
      text: PROMPT_TEXTS.personalIncomplete,
      path: flexible ? PROMPT_PATHS.flexibleInfoChange : PROMPT_PATHS.personalInfoChange,
    };
  }
  if (status !== 2) return { text: PROMPT_TEXTS.unitIncomplete, path: PROMPT_PATHS.unitInfoChange };
  return context.canOpen?.(PROMPT_PATHS.unitKeyInfoChange)
    ? { text: PROMPT_TEXTS.unitKeyChange, path: PROMPT_PATHS.unitKeyInfoChange }
    : { text: PROMPT_TEXTS.unitCounter };
}

/**
 * The unit interest-statement prompt of spec 4.3, or null when the statement is confirmed (or the user is no unit).
 *
 * @example
 * interestStatementPrompt({ confirmed: false, year: 2026 }, { loginType: 2 })
 * // { text: '贵单位尚未确认2026年度单位结息对账单，请先确认后再办理业务。', path: '/dwwt/cxyw/dwlxd_cx' }
 */
export function interestStatementPrompt(
  statement: InterestStatement | null | undefined,
  context: PromptContext,
): PromptData | null {
  if (toLoginType(context.loginType) !== LOGIN_TYPES.unit || !statement || statement.confirmed) return null;
  return { text: PROMPT_TEXTS.interestStatement(statement.year), path: PROMPT_PATHS.interestStatement };
}

/**
 * The buttons of the prompt dialog (spec 2.13): for /dwwt/zhxxbg/jcdj_gjbg 关闭 and 去完善; for
 * /dwwt/cxyw/dwlxd_cx 关闭 and 去确认; a prompt naming a target route a single 确定 that pushes it; any other a
 * single 确定 that replaces the route with the path, or just closes.
 *
 * @example
 * promptButtons({ text: '…', path: '/dwwt/cxyw/dwlxd_cx' })
 * // [{ label: '关闭', action: 'close' }, { label: '去确认', action: 'go' }]
 */
export function promptButtons(prompt: PromptData): PromptButton[] {
  if (prompt.path === PROMPT_PATHS.unitKeyInfoChange) {
    return [{ label: '关闭', action: 'close' }, { label: '去完善', action: 'go' }];
  }
  if (prompt.path === PROMPT_PATHS.interestStatement) {
    return [{ label: '关闭', action: 'close' }, { label: '去确认', action: 'go' }];
  }
  if (prompt.tzData?.targetName) return [{ label: '确定', action: 'push' }];
  return [{ label: '确定', action: 'ok' }];
}

/**
 * Runs the checks of spec 4.3 after sign-in and returns the prompts due, in order (completeness first, then the
 * interest statement). Developers skip them; a check that fails is skipped.
 *
 * @example
 * const prompts = await loadLoginPrompts(client, { loginType: 2, canOpen: (p) => p in buttonMap })
 * for (const prompt of prompts) await showPrompt(prompt)
 */
export async function loadLoginPrompts(client: GjjClient, context: PromptContext): Promise<PromptData[]> {
  const type = toLoginType(context.loginType);
  if (type === LOGIN_TYPES.developer) return [];
  const [check, statement] = await Promise.all([
    fetchInfoCheck(client).catch(() => null),
    type === LOGIN_TYPES.unit ? fetchInterestStatement(client).catch(() => null) : Promise.resolve(null),
  ]);
  return [infoCheckPrompt(check, context), interestStatementPrompt(statement, context)].filter(
    (p): p is PromptData => p !== null,
  );
}
