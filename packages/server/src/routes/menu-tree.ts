import type { Queryable } from '../db/db';
import { buttonKey, deniedButtons } from '../auth/buttons';

interface MenuRow {
  id: number;
  parent_id: number | null;
  path: string;
  name: string;
  component: string;
  menu_type: number;
  enable: number;
  bz: string;
  hidden: boolean;
  title: string;
  icon: string;
  no_cache: boolean;
  breadcrumb: boolean;
  affix: boolean;
  active_menu: string;
  main_path: string;
  href_type: number;
  base_path: string;
  redirect: string;
  always_show: boolean;
  icon_pic: string;
  buttons: string[];
}

/** A menu entry as answered (spec 3.2). */
export interface MenuItem {
  id: string;
  path: string;
  name: string;
  component: string;
  menuType: number;
  enable: number;
  bz: string;
  hidden: boolean;
  meta: { title: string; icon: string; noCache: boolean; breadcrumb: boolean; affix: boolean; activeMenu: string };
  mainPath: string;
  hrefType: number;
  basePath: string;
  redirect: string;
  alwaysShow: boolean;
  iconPic: string;
  buttons: string[];
  children: MenuItem[];
}

/** The menu entries any of `roles` sees, parents before children, in menu order. */
async function menuRows(db: Queryable, roles: readonly string[]): Promise<MenuRow[]> {
  return db.query<MenuRow>(
    `select m.* from menu m
      where exists (select 1 from menu_role r where r.menu_id = m.id and r.role = any($1::text[]))
      order by m.sort, m.id`,
    [roles],
  );
}

/**
 * The menu tree of `roles`: an entry whose parent the roles do not see is left out with its subtree. With `accountId`,
 * the buttons taken from that account (account_button_denial, src/auth/buttons.ts) are left out of each entry's list.
 */
export async function menuTree(db: Queryable, roles: readonly string[], accountId?: string): Promise<MenuItem[]> {
  const rows = await menuRows(db, roles);
  const denied = accountId ? await deniedButtons(db, accountId) : new Set<string>();
  const items = new Map<number, MenuItem>();
  for (const r of rows) {
    items.set(r.id, {
      id: String(r.id),
      path: r.path,
      name: r.name,
      component: r.component,
      menuType: r.menu_type,
      enable: r.enable,
      bz: r.bz,
      hidden: r.hidden,
      meta: { title: r.title, icon: r.icon, noCache: r.no_cache, breadcrumb: r.breadcrumb, affix: r.affix, activeMenu: r.active_menu },
      mainPath: r.main_path,
      hrefType: r.href_type,
      basePath: r.base_path,
      redirect: r.redirect,
      alwaysShow: r.always_show,
      iconPic: r.icon_pic,
      buttons: denied.size === 0 ? r.buttons : r.buttons.filter((b) => !denied.has(buttonKey(r.path, b))),
      children: [],
    });
  }
  const roots: MenuItem[] = [];
  for (const r of rows) {
    const item = items.get(r.id) as MenuItem;
    if (r.parent_id === null) roots.push(item);
    else items.get(r.parent_id)?.children.push(item);
  }
  return roots;
}

/** `{ id, enable, bz }` of those of `ids` that `roles` see, by id. */
export async function menuEnable(db: Queryable, roles: readonly string[], ids: readonly number[]) {
  const rows = await db.query<{ id: number; enable: number; bz: string }>(
    `select m.id, m.enable, m.bz from menu m
      where m.id = any($1::int[])
        and exists (select 1 from menu_role r where r.menu_id = m.id and r.role = any($2::text[]))
      order by m.id`,
    [ids, roles],
  );
  return rows.map((r) => ({ id: String(r.id), enable: r.enable, bz: r.bz }));
}
