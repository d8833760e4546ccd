/**
 * Tag style of an account status (spec 6): green for a normal account, red otherwise. The status text itself
 * comes from the data dictionary; the spec names no labels.
 *
 * @example
 * const type: AccountStatusTag = accountStatusTag('unit', '04') // 'danger'
 */
export type AccountStatusTag = 'success' | 'danger';

/** Unit statuses shown as normal (spec 6, dictionary DWZHZT 01 正常, 02 开户, 03 缓缴); 04 销户, 05 封存 and anything unknown are danger. */
const UNIT_NORMAL: ReadonlySet<string> = new Set(['01', '02', '03']);
const PERSONAL_NORMAL = '01';

function statusCode(status: unknown): string {
  if (typeof status === 'string') return status.trim();
  // A status sent as a number has lost its leading zero: 1 is '01'.
  if (typeof status === 'number' && Number.isInteger(status) && status >= 0 && status < 10) return `0${status}`;
  if (typeof status === 'number' && Number.isInteger(status)) return String(status);
  return '';
}

/**
 * The tag style of an account status (spec 6). Individual: 01 正常 success, anything else (02 封存, 03-05 销户, 06 冻结,
 * 99 其他) danger. Unit (and
 * developer, which is treated like a unit): 01, 02, 03 success; 04, 05 danger; any other or missing value danger,
 * so an unknown state is never shown as normal. Numbers are read as two-digit codes (1 is '01').
 *
 * @example
 * accountStatusTag('personal', '01') // 'success'
 * accountStatusTag('personal', '02') // 'danger'
 * accountStatusTag('unit', '03') // 'success'
 * accountStatusTag('unit', '05') // 'danger'
 */
export function accountStatusTag(kind: 'personal' | 'unit', status: unknown): AccountStatusTag {
  const code = statusCode(status);
  const normal = kind === 'unit' ? UNIT_NORMAL.has(code) : code === PERSONAL_NORMAL;
  return normal ? 'success' : 'danger';
}
