/**
 * The status machine of every application (docs/api-applications.md): the status codes and the one table of the
 * transitions allowed. Nothing changes an application's status but `transition` (model.ts), which looks here.
 */

/**
 * Status codes (zt) and their names (ztmc).
 *
 * @example
 * STATUS['04'] // '已退回'
 */
export const STATUS = {
  '00': '草稿',
  '01': '已提交',
  '02': '已受理',
  '03': '已办结',
  '04': '已退回',
  '05': '不予受理',
  '06': '已撤回',
} as const;

export type Status = keyof typeof STATUS;

/** Who may take a transition: the applicant, the centre's staff, or the centre's automatic rule for the type. */
export type ActorKind = 'applicant' | 'centre' | 'system';

export type Action = 'submit' | 'accept' | 'complete' | 'return' | 'resubmit' | 'reject' | 'withdraw';

export interface Transition {
  action: Action;
  /** 中文 name of the action, for messages and the event list. */
  label: string;
  from: readonly Status[];
  to: Status;
  by: readonly ActorKind[];
  /** The centre must give at least one reason (returned for correction, rejected). */
  needsReasons?: boolean;
}

/**
 * Every allowed transition. Anything not in this table is refused with {@link transitionRefusal}.
 *
 * @example
 * findTransition('withdraw', '02') // undefined: accepted applications can no longer be withdrawn
 */
export const TRANSITIONS: readonly Transition[] = [
  { action: 'submit', label: '提交', from: ['00'], to: '01', by: ['applicant'] },
  { action: 'accept', label: '受理', from: ['01'], to: '02', by: ['centre', 'system'] },
  { action: 'complete', label: '办结', from: ['02'], to: '03', by: ['centre', 'system'] },
  { action: 'return', label: '退回', from: ['01', '02'], to: '04', by: ['centre'], needsReasons: true },
  { action: 'resubmit', label: '重新提交', from: ['04'], to: '01', by: ['applicant'] },
  { action: 'reject', label: '不予受理', from: ['01', '02'], to: '05', by: ['centre'], needsReasons: true },
  { action: 'withdraw', label: '撤回', from: ['01', '04'], to: '06', by: ['applicant'] },
];

/** The transition `action` takes from `from`, if the table allows it. */
export function findTransition(action: Action, from: Status): Transition | undefined {
  return TRANSITIONS.find((t) => t.action === action && t.from.includes(from));
}

/**
 * Why `action` is refused from `from`, in words for the applicant or the operator.
 *
 * @example
 * transitionRefusal('withdraw', '02') // '业务当前状态为“已受理”，不能撤回'
 */
export function transitionRefusal(action: Action, from: Status): string {
  const label = TRANSITIONS.find((t) => t.action === action)?.label ?? action;
  return `业务当前状态为“${STATUS[from]}”，不能${label}`;
}

/** A status the applicant's list still counts as in progress (restrictions look at these). */
export const IN_PROGRESS: readonly Status[] = ['01', '02', '04'];

export const isStatus = (value: string): value is Status => Object.hasOwn(STATUS, value);
