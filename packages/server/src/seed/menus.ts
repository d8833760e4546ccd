import type { Queryable } from '../db/db';

/**
 * Roles of the demo accounts (spec 1, 6). Which role sees which menu is the server's choice (spec 6: not shown).
 */
export const ROLES = {
  /** Individual depositor (个人缴存职工). */
  personal: 'grjczgry',
  /** Flexible-employment depositor (灵活就业缴存职工): its information change page is the flexible one. */
  flexible: 'lhjyjczgry',
  /** Out-of-area loan person (异地贷款人员): loans only. */
  remoteLoan: 'yddkry',
  /** Deposit unit (缴存单位). */
  unit: 'jcdw',
  /** Real-estate developer (开发商). */
  developer: 'kfs',
} as const;

/**
 * The note a paused entry shows (spec 4.2). No demo entry is seeded paused (every business stays reachable); tests
 * pause one through `POST /dev/state` `{ pauseMenu }` and resume it with `{ resumeMenu }`.
 */
export const PAUSE_NOTE = '系统升级，暂停办理，预计2026年12月1日恢复';

/** One demo menu entry; `roles` defaults to the parent's, `component` of a page to its path without the slash. */
export interface MenuSeed {
  id: number;
  path: string;
  title: string;
  menuType: 0 | 1 | 2 | 3 | 9;
  component?: string;
  icon?: string;
  enable?: 0 | 1 | 10;
  bz?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  redirect?: string;
  activeMenu?: string;
  noCache?: boolean;
  hrefType?: number;
  buttons?: string[];
  roles?: string[];
  children?: MenuSeed[];
}

const { personal: P, flexible: F, remoteLoan: R, unit: U, developer: D } = ROLES;

/** A business page (type 2, or 9), its component named after its path. */
const page = (id: number, path: string, title: string, icon: string, extra: Partial<MenuSeed> = {}): MenuSeed => ({
  id,
  path,
  title,
  icon,
  menuType: 2,
  component: path.replace(/^\//, ''),
  activeMenu: '',
  ...extra,
});

const tab = (id: number, path: string, title: string, children: MenuSeed[], extra: Partial<MenuSeed> = {}): MenuSeed => ({
  id,
  path,
  title,
  menuType: 3,
  children,
  ...extra,
});

const screen = (id: number, path: string, title: string, icon: string, children: MenuSeed[], extra: Partial<MenuSeed> = {}): MenuSeed => ({
  id,
  path,
  title,
  icon,
  menuType: 0,
  component: 'MenuScreen',
  alwaysShow: true,
  children,
  ...extra,
});

/**
 * The office screen of an area (spec 2.2 names MyOffice and DWmyOffice): 我的业务 (the account's applications, each
 * with its detail, a hidden page of the screen) and 待办事项 (what the centre asks of the user). Last of the area's
 * screens, so the home tabs before it keep their activeIndex.
 */
const office = (id: number, area: string, listComponent: 'MyOffice' | 'DWmyOffice'): MenuSeed =>
  screen(id, 'wdbj', '我的办件', 'wdbj', [
    page(id + 1, `${area}/wdbj/wdyw`, '我的业务', 'wdyw', { component: listComponent, noCache: true }),
    page(id + 2, `${area}/wdbj/ywxq`, '业务详情', 'wdyw', {
      component: 'MyOfficeDetail',
      hidden: true,
      noCache: true,
      activeMenu: `${area}/wdbj/wdyw`,
    }),
    page(id + 3, `${area}/wdbj/dbsx`, '待办事项', 'dbsx', { component: 'TodoList', noCache: true }),
  ]);

const home = (id: number, component: string): MenuSeed => ({
  id,
  path: 'home',
  title: '首页',
  icon: 'home',
  menuType: 2,
  component,
  hidden: true,
  noCache: true,
});

/**
 * The demo menus (spec 2.2, 2.4, 3.2). Each area starts with its Layout, whose first child is the hidden home page;
 * menu screens hold tabs (type 3) of pages (type 2, or 9), or pages directly; type 1 entries are plain menu items
 * that link to a public page. Enable 10 asks for a face check (spec 4.2), 0 is paused with its note.
 */
export const DEMO_MENUS: readonly MenuSeed[] = [
  {
    id: 1000,
    path: '/grwt',
    title: '个人业务',
    icon: 'grwt',
    menuType: 0,
    component: 'Layout',
    alwaysShow: true,
    redirect: 'noRedirect',
    roles: [P, F, R],
    children: [
      home(1001, 'GrwtHome'),
      screen(
        1100,
        'zhxx',
        '账户信息',
        'zhxx',
        [
          tab(1110, 'zhcx', '账户查询', [
            page(1111, '/grwt/zhxx/zhcx/grzhxx', '个人账户信息', 'cx', { buttons: ['print'], noCache: true }),
            page(1112, '/grwt/zhxx/zhcx/grmxcx', '个人明细查询', 'mx', { enable: 10, buttons: ['export', 'print'] }),
            page(1113, '/grwt/zhxx/zhcx/jczm', '缴存证明打印', 'zm', { menuType: 9, buttons: ['print'] }),
          ]),
          tab(
            1120,
            'zhxxbg',
            '账户信息变更',
            [
              page(1121, '/grwt/zhxx/zhxxbg/grzhxxbg', '个人账户信息变更', 'bg', { buttons: ['submit'] }),
              page(1122, '/grwt/zhxx/zhxxbg/sjhbg', '手机号码变更', 'sj', { buttons: ['submit'] }),
            ],
            { roles: [P] },
          ),
          tab(
            1130,
            'lhjyryyw',
            '灵活就业人员业务',
            [
              page(1131, '/grwt/zhxx/lhjyryyw/lhjyryxxbg', '灵活就业人员信息变更', 'bg', { buttons: ['submit'] }),
              page(1132, '/grwt/zhxx/lhjyryyw/yjce_tz', '月缴存额调整', 'jc'),
              page(1133, '/grwt/zhxx/lhjyryyw/kkzh_bg', '扣款账户变更', 'zh'),
              page(1134, '/grwt/zhxx/lhjyryyw/lhjy_fc', '灵活就业人员账户封存', 'fc'),
              page(1135, '/grwt/zhxx/lhjyryyw/lhjy_qf', '灵活就业人员账户启封', 'qf'),
              page(1136, '/grwt/zhxx/lhjyryyw/lhjyry_zy', '灵活就业人员账户转移', 'zy'),
            ],
            { roles: [F] },
          ),
          { id: 1140, path: '/loanRate', title: '贷款利率', icon: 'll', menuType: 1 },
        ],
        { roles: [P, F] },
      ),
      screen(
        1200,
        'tqSys',
        '提取业务',
        'tqyw',
        [
          tab(1210, 'tqyw', '提取业务办理', [
            page(1211, '/grwt/tqSys/tqyw/gmzzf', '购买自住住房提取', 'tq', { buttons: ['submit'] }),
            page(1212, '/grwt/tqSys/tqyw/chdk_tq', '偿还住房贷款提取', 'tq', { buttons: ['submit'] }),
            page(1213, '/grwt/tqSys/tqyw/zfzj_tq', '支付房租提取', 'tq', { buttons: ['submit'] }),
            page(1214, '/grwt/tqSys/tqyw/jzfj_tq', '建造、翻建、大修自住住房提取', 'tq'),
            page(1215, '/grwt/tqSys/tqyw/ltx_tq', '离休、退休提取', 'tq'),
            page(1216, '/grwt/tqSys/tqyw/cjdj_tq', '出境定居提取', 'tq'),
            page(1217, '/grwt/tqSys/tqyw/ssldl_tq', '完全丧失劳动能力提取', 'tq'),
            page(1218, '/grwt/tqSys/tqyw/qtyy_tq', '其他原因提取', 'tq'),
          ]),
        ],
        { roles: [P, F] },
      ),
      screen(1300, 'dkSys', '贷款业务', 'dkyw', [
        tab(1310, 'dkyw', '贷款业务办理', [
          page(1311, '/grwt/dkSys/dkyw/dksq', '住房公积金贷款申请', 'dk', { enable: 10, buttons: ['submit'] }),
          page(1312, '/grwt/dkSys/dkyw/gjj_tqhd', '公积金提前还贷', 'hk', { roles: [P, F] }),
          page(1313, '/grwt/dkSys/dkyw/qychd', '签约冲还贷', 'hk', { buttons: ['submit'] }),
          page(1314, '/grwt/dkSys/dkyw/yhk_hk', '银行卡主动还款', 'hk'),
          page(1315, '/grwt/dkSys/dkyw/ydychdqy', '异地贷款冲还贷签约', 'qy', { roles: [P, F] }),
          page(1316, '/grwt/dkSys/dkyw/dkxx_cx', '贷款信息查询', 'cx', { menuType: 9, buttons: ['print'] }),
        ]),
        tab(1320, 'hkxx_bg', '还款信息变更', [
          page(1321, '/grwt/dkSys/hkxx_bg/hkfs_bg', '还款方式变更', 'bg'),
          page(1322, '/grwt/dkSys/hkxx_bg/hkzh_bg', '还款账户变更', 'zh'),
          page(1323, '/grwt/dkSys/hkxx_bg/hkqx_bg', '还款期限变更', 'bg'),
        ]),
        { id: 1330, path: '/dkcs', title: '贷款计算器', icon: 'js', menuType: 1 },
      ]),
      office(1400, '/grwt', 'MyOffice'),
    ],
  },
  {
    id: 2000,
    path: '/dwwt',
    title: '单位业务',
    icon: 'dwwt',
    menuType: 0,
    component: 'Layout',
    alwaysShow: true,
    redirect: 'noRedirect',
    roles: [U],
    children: [
      home(2001, 'DwwtHome'),
      screen(2100, 'jcyw', '缴存业务', 'jcyw', [
        tab(2110, 'grzhgl', '个人账户管理', [
          page(2111, '/dwwt/jcyw/grzh_sl', '个人账户设立', 'kh', { buttons: ['add', 'import', 'export'] }),
          page(2112, '/dwwt/jcyw/grzh_fc', '个人账户封存', 'fc', { buttons: ['submit'] }),
          page(2113, '/dwwt/jcyw/grzh_qf', '个人账户启封', 'qf', { buttons: ['submit'] }),
          page(2114, '/dwwt/jcyw/tczy', '同城转移', 'zy'),
          page(2115, '/dwwt/jcyw/fcyy_xg', '封存原因修改', 'bg'),
        ]),
        tab(2120, 'jcgl', '缴存管理', [
          page(2121, '/dwwt/jcyw/dw_huij', '单位汇缴', 'jc', { enable: 10, buttons: ['submit', 'print'] }),
          page(2122, '/dwwt/jcyw/dw_bj', '单位补缴', 'jc', { buttons: ['submit'] }),
          page(2123, '/dwwt/jcyw/js_tz', '缴存基数调整', 'tz', { buttons: ['import', 'export'] }),
          page(2124, '/dwwt/jcyw/bl_tz', '缴存比例调整', 'tz'),
          page(2125, '/dwwt/jcyw/jd_bl', '降低缴存比例', 'tz'),
          page(2126, '/dwwt/jcyw/dw_huanj', '单位缓缴', 'jc'),
          page(2127, '/dwwt/jcyw/fkzhxx_wh', '付款账户信息维护', 'zh'),
          page(2128, '/dwwt/jcyw/kjdwjc_zm', '单位缴存证明打印', 'zm', { menuType: 9, buttons: ['print'] }),
        ]),
      ]),
      screen(2200, 'zhxxbg', '账户信息变更', 'zhxxbg', [
        page(2201, '/dwwt/zhxxbg/jcdj_xxbg', '缴存登记信息变更', 'bg', { buttons: ['submit'] }),
        page(2202, '/dwwt/zhxxbg/jcdj_gjbg', '缴存登记关键信息变更', 'bg', { buttons: ['submit'] }),
        page(2203, '/dwwt/zhxxbg/grzh_xxbg', '个人账户信息变更', 'bg'),
        page(2204, '/dwwt/zhxxbg/grgjxx_bg', '个人关键信息变更', 'bg'),
        page(2205, '/dwwt/zhxxbg/plxg_sjh', '批量修改手机号码', 'sj', { buttons: ['import'] }),
        page(2206, '/dwwt/zhxxbg/dwjcdjzx', '单位缴存登记注销', 'zx'),
      ]),
      screen(2300, 'cxyw', '查询业务', 'cxyw', [
        page(2301, '/dwwt/cxyw/dwlxd_cx', '单位利息单查询', 'cx', { buttons: ['confirm', 'print'] }),
        page(2302, '/dwwt/cxyw/dwjcdjyw', '单位缴存登记', 'kh'),
        page(2303, '/dwwt/cxyw/dwmx_cx', '单位明细查询', 'mx', { buttons: ['export'] }),
        { id: 2304, path: '/commonDownload', title: '常用下载', icon: 'xz', menuType: 1 },
      ]),
      office(2400, '/dwwt', 'DWmyOffice'),
    ],
  },
  {
    id: 3000,
    path: '/kfswt',
    title: '开发商业务',
    icon: 'kfswt',
    menuType: 0,
    component: 'Layout',
    alwaysShow: true,
    redirect: 'noRedirect',
    roles: [D],
    children: [
      home(3001, 'KfswtHome'),
      screen(3100, 'cx_yw', '查询业务', 'cxyw', [
        tab(3110, 'xx_cx', '信息查询', [
          page(3111, '/kfswt/cx_yw/xx_cx/kfsxxwh', '开发商信息维护', 'kfs', { buttons: ['edit'] }),
          page(3112, '/kfswt/cx_yw/xx_cx/lpxx_cx', '楼盘信息查询', 'lp', { buttons: ['export'] }),
          page(3113, '/kfswt/cx_yw/xx_cx/dkjd_cx', '购房贷款进度查询', 'cx', { menuType: 9, enable: 10 }),
          page(3114, '/kfswt/cx_yw/xx_cx/bzj_cx', '保证金查询', 'cx'),
        ]),
        { id: 3120, path: '/cooperation', title: '合作楼盘', icon: 'lp', menuType: 1 },
      ]),
      office(3200, '/kfswt', 'MyOffice'),
    ],
  },
];

/** Icon name to the glyph and colour of its picture. */
export const MENU_ICONS: Readonly<Record<string, readonly [string, string]>> = {
  home: ['首', '#1f6fd1'],
  grwt: ['个', '#1f6fd1'],
  dwwt: ['单', '#0f8a6a'],
  kfswt: ['房', '#b5651d'],
  zhxx: ['账', '#1f6fd1'],
  tqyw: ['取', '#d9822b'],
  dkyw: ['贷', '#7b4fd6'],
  jcyw: ['缴', '#0f8a6a'],
  zhxxbg: ['变', '#c2410c'],
  cxyw: ['查', '#2563eb'],
  cx: ['查', '#2563eb'],
  mx: ['明', '#0e7490'],
  zm: ['证', '#4d7c0f'],
  bg: ['改', '#c2410c'],
  sj: ['机', '#0369a1'],
  jc: ['缴', '#0f8a6a'],
  zh: ['户', '#6d28d9'],
  fc: ['封', '#6b7280'],
  qf: ['启', '#15803d'],
  zy: ['转', '#9333ea'],
  tq: ['取', '#d9822b'],
  dk: ['贷', '#7b4fd6'],
  hk: ['还', '#be185d'],
  qy: ['签', '#0891b2'],
  kh: ['开', '#15803d'],
  tz: ['调', '#ca8a04'],
  zx: ['销', '#b91c1c'],
  ll: ['率', '#1d4ed8'],
  js: ['算', '#0f766e'],
  xz: ['下', '#475569'],
  kfs: ['商', '#b5651d'],
  lp: ['楼', '#a16207'],
  wdbj: ['办', '#1f6fd1'],
  wdyw: ['件', '#1f6fd1'],
  dbsx: ['待', '#c2410c'],
};

/** A 48 × 48 icon: a rounded square in the icon's colour with its glyph in white. */
export function iconSvg(glyph: string, colour: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">' +
    `<rect width="48" height="48" rx="12" fill="${colour}"/>` +
    '<text x="24" y="32" text-anchor="middle" font-size="22" font-family="sans-serif" fill="#fff">' +
    `${glyph}</text></svg>`
  );
}

/**
 * Inserts menu entries with their subtrees and roles (no icons), each list in its order; the top-level entries get
 * the sorts after `sortAfter` (an entry added later goes after the areas, so it never becomes anyone's home path).
 */
export async function insertMenus(tx: Queryable, entries: readonly MenuSeed[], sortAfter = 0): Promise<void> {
  const insert = async (entry: MenuSeed, parentId: number | null, inherited: string[], sort: number) => {
    const roles = entry.roles ?? inherited;
    await tx.query(
      `insert into menu (id, parent_id, sort, path, name, component, menu_type, enable, bz, hidden, title, icon, no_cache,
                         active_menu, href_type, redirect, always_show, buttons)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
      [
        entry.id,
        parentId,
        sort,
        entry.path,
        entry.path.replace(/^\//, '').replace(/\//g, '_'),
        entry.component ?? '',
        entry.menuType,
        entry.enable ?? 1,
        entry.bz ?? '',
        entry.hidden ?? false,
        entry.title,
        entry.icon ?? '',
        entry.noCache ?? false,
        entry.activeMenu ?? '',
        entry.hrefType ?? 0,
        entry.redirect ?? '',
        entry.alwaysShow ?? false,
        entry.buttons ?? [],
      ],
    );
    for (const role of roles) await tx.query('insert into menu_role (role, menu_id) values ($1, $2)', [role, entry.id]);
    let i = 0;
    for (const child of entry.children ?? []) await insert(child, entry.id, roles, ++i);
  };
  let i = sortAfter;
  for (const entry of entries) await insert(entry, null, [], ++i);
}

/** Inserts the demo menus, their roles and icons. */
export async function seedMenus(tx: Queryable): Promise<void> {
  await insertMenus(tx, DEMO_MENUS);
  for (const [icon, [glyph, colour]] of Object.entries(MENU_ICONS)) {
    await tx.query('insert into menu_icon (icon, svg) values ($1, $2)', [icon, iconSvg(glyph, colour)]);
  }
}
