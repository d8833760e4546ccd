import type { MenuArea, MenuRoute } from '@gjj-hall/sdk/menu';
import { todoTaskPath } from '../../shared/todo-paths';

/** The status filter of 我的业务: 全部 first, then each status of the contract in its order. */
export const STATUS_OPTIONS: readonly { value: string; label: string }[] = Object.freeze([
  { value: '', label: '全部' },
  { value: '00', label: '草稿' },
  { value: '01', label: '已提交' },
  { value: '02', label: '已受理' },
  { value: '03', label: '已办结' },
  { value: '04', label: '已退回' },
  { value: '05', label: '不予受理' },
  { value: '06', label: '已撤回' },
]);

/** A status code of the filter, or '' (全部) for anything else the address may hold. */
export function statusFilter(value: string | null): string {
  return STATUS_OPTIONS.some((o) => o.value === value) ? (value as string) : '';
}

/** The name of a status, for a row whose `ztmc` is missing. */
export function statusName(zt: string, ztmc?: string | null): string {
  return ztmc || STATUS_OPTIONS.find((o) => o.value === zt && o.value !== '')?.label || zt;
}

/**
 * The tone of a status tag: done (办结) green, needs the user (草稿, 退回) amber, refused red, closed (撤回) grey,
 * with the centre (提交, 受理) blue.
 */
export function statusTone(zt: string): 'done' | 'pending' | 'danger' | 'closed' | 'active' {
  switch (zt) {
    case '03':
      return 'done';
    case '00':
    case '04':
      return 'pending';
    case '05':
      return 'danger';
    case '06':
      return 'closed';
    default:
      return 'active';
  }
}

/** What the search says of a number that is not one (docs/api-applications.md: type code, date, sequence). */
export const YWBH_MESSAGE = '业务编号应为 2 位字母加 20 位数字，如 GJ03022026112600000001';

/**
 * A business number typed into the search (the whole number: the server matches it exactly): spaces removed, upper
 * case; '' when empty; null when it cannot be one, so the page says so instead of asking the server.
 */
export function searchNumber(value: string): string | null {
  const v = value.replace(/\s+/g, '').toUpperCase();
  if (v === '') return '';
  return /^[A-Z]{2}\d{20}$/.test(v) ? v : null;
}

/** Component names of the office pages in the menus (packages/server/src/seed/menus.ts). */
export const OFFICE_COMPONENTS = { list: ['MyOffice', 'DWmyOffice'], detail: 'MyOfficeDetail', todo: 'TodoList' } as const;

/** The full path of the first route (depth first) whose page component is one of `names`; '' when none. */
export function routePathOf(routes: readonly MenuRoute[], names: readonly string[]): string {
  for (const route of routes) {
    if (route.component?.kind === 'page' && names.includes(route.component.name)) return route.fullPath;
    const below = routePathOf(route.children, names);
    if (below) return below;
  }
  return '';
}

/**
 * The lead of 待办事项 for a kind of login: only a unit is asked to confirm an interest statement.
 *
 * @example
 * todoLead('unit') // '中心需要您处理的事项：被退回的申请请修改后重新提交，单位利息单请及时确认。'
 * todoLead('personal') // '中心需要您处理的事项：被退回的申请请修改后重新提交。'
 */
export function todoLead(area: MenuArea | undefined): string {
  return area === 'unit'
    ? '中心需要您处理的事项：被退回的申请请修改后重新提交，单位利息单请及时确认。'
    : '中心需要您处理的事项：被退回的申请请修改后重新提交。';
}

/** Where the unit's interest statement is confirmed (spec 2.2, 4.3); no code of spec 2.4 names it. */
export const STATEMENT_PATH = '/dwwt/cxyw/dwlxd_cx';

/**
 * The screen a to-do item opens, with `?ywbh=`. A returned application opens its detail in 我的业务, where it is
 * corrected and resubmitted (its business page of spec 2.4 is not built yet: it would say 功能暂未开放); a unit's
 * interest statement opens the statement query; any other code the screen of spec 2.4 for the user's area; an
 * unknown code the detail.
 *
 * @example
 * todoTarget({ kind: 'returned', ywlx: 'GJ0302', ywbh: 'GJ1' }, 'personal', '/grwt/wdbj/ywxq') // '/grwt/wdbj/ywxq?ywbh=GJ1'
 * todoTarget({ kind: 'statement', ywlx: 'DWLXD', ywbh: 'LX1' }, 'unit', '') // '/dwwt/cxyw/dwlxd_cx?ywbh=LX1'
 */
export function todoTarget(item: { kind: string; ywlx: string; ywbh: string }, area: MenuArea, detailPath: string): string {
  const query = item.ywbh ? `?ywbh=${encodeURIComponent(item.ywbh)}` : '';
  if (item.kind === 'statement') return `${STATEMENT_PATH}${query}`;
  if (item.kind === 'returned' && detailPath) return `${detailPath}${query}`;
  const screen = todoTaskPath(item.ywlx, area);
  return `${screen ?? detailPath}${query}`;
}

/** One field of a payload as the generic resubmit form edits it. */
export interface PayloadField {
  key: string;
  label: string;
  value: string;
}

/** Labels of the payload fields the demo businesses use (docs/api-applications.md); others show their key. */
export const FIELD_LABELS: Readonly<Record<string, string>> = Object.freeze({
  xingming: '姓名',
  zjhm: '证件号码',
  sjhm: '手机号码',
  txdz: '通讯地址',
  yzbm: '邮政编码',
  hyzk: '婚姻状况',
  gzdh: '单位电话',
  dzyx: '电子邮箱',
  zy: '职业',
  xl: '学历',
  jtzz: '家庭住址',
  bz: '备注',
  sqyy: '申请原因',
  // 个人账户同城转移 (GJ0314)
  grzh: '个人账号',
  zrdwzh: '转入单位账号',
  zrdwmc: '转入单位名称',
  zyyy: '转移原因',
  zysm: '情况说明',
});

/**
 * The fields of a payload the generic form edits: its string (and number) values at the top level, in their order.
 * Objects and arrays are kept as they are and not shown. The wizard of the next issue replaces this form.
 *
 * @example
 * payloadFields({ xingming: '张三', n: 2, files: [] }) // [{ key: 'xingming', label: '姓名', value: '张三' }, { key: 'n', label: 'n', value: '2' }]
 */
export function payloadFields(payload: Record<string, unknown> | null | undefined): PayloadField[] {
  return Object.entries(payload ?? {})
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([key, v]) => ({ key, label: FIELD_LABELS[key] ?? key, value: String(v) }));
}

/** The payload with the edited fields put back, each in the type it had (a number stays a number when it parses). */
export function applyFields(payload: Record<string, unknown> | null | undefined, values: Readonly<Record<string, string>>): Record<string, unknown> {
  const next: Record<string, unknown> = { ...(payload ?? {}) };
  for (const [key, value] of Object.entries(values)) {
    if (!(key in next)) continue;
    if (typeof next[key] === 'number') {
      const n = Number(value);
      next[key] = value.trim() !== '' && Number.isFinite(n) ? n : value;
    } else next[key] = value;
  }
  return next;
}
