import type { Queryable } from '../db/db';
import { ROLES } from './menus';

/**
 * Seed step 60 (issue 34, docs/api-unit-business.md › 按钮权限): every unit page whose operation the server now
 * checks against a button gets that button in its menu entry (the ones seeded without a list: 提交 on the base,
 * ratio, lower-ratio, deferral, payment-account, seal-reason and deregistration pages), and 职工信息查询
 * (`/dwwt/cxyw/zgxx_cx`, export and print) joins the unit's 查询业务 screen. Only adds; a centre's own lists keep
 * what they hold. Idempotent.
 */
export const UNIT_SUBMIT_PAGES = [
  '/dwwt/jcyw/js_tz',
  '/dwwt/jcyw/bl_tz',
  '/dwwt/jcyw/jd_bl',
  '/dwwt/jcyw/dw_huanj',
  '/dwwt/jcyw/fkzhxx_wh',
  '/dwwt/jcyw/fcyy_xg',
  '/dwwt/zhxxbg/dwjcdjzx',
] as const;

/** 职工信息查询's menu entry: under 查询业务 (menu 2300), after 常用下载. */
export const EMPLOYEE_QUERY_MENU = { id: 2305, parentId: 2300, sort: 5, path: '/dwwt/cxyw/zgxx_cx', title: '职工信息查询', icon: 'cx' } as const;

export async function seedUnitButtons(tx: Queryable): Promise<void> {
  await tx.query(`update menu set buttons = buttons || '{submit}'::text[] where path = any ($1::text[]) and not ('submit' = any (buttons))`, [UNIT_SUBMIT_PAGES]);
  const m = EMPLOYEE_QUERY_MENU;
  await tx.query(
    `insert into menu (id, parent_id, sort, path, name, component, menu_type, enable, title, icon, buttons)
     select $1, $2, $3, $4, $5, $6, 2, 1, $7, $8, $9 where exists (select 1 from menu where id = $2)
     on conflict (id) do nothing`,
    [m.id, m.parentId, m.sort, m.path, m.path.slice(1).replace(/\//g, '_'), m.path.slice(1), m.title, m.icon, ['export', 'print']],
  );
  await tx.query(`insert into menu_role (role, menu_id) select $1, $2 where exists (select 1 from menu where id = $2) on conflict do nothing`, [ROLES.unit, m.id]);
}

/**
 * Seed step 62 (issue 34, GJ0311 and GJ0209): 批量修改手机号码 (`/dwwt/zhxxbg/plxg_sjh`, seeded with 导入 only) gets
 * 提交, the button its submission is checked against; 单位缴存证明打印 keeps its 打印, which issuing is checked against.
 * Only adds; idempotent.
 */
export async function seedUnitPhoneButton(tx: Queryable): Promise<void> {
  await tx.query(`update menu set buttons = buttons || '{submit}'::text[] where path = '/dwwt/zhxxbg/plxg_sjh' and not ('submit' = any (buttons))`);
}
