/**
 * A realistic menu list as the server sends it, shared by the tests of this folder (not exported from the package).
 * Values come as numbers and numeric strings, as they do from the centre.
 *
 * /grwt (Layout)
 *   zhxx (menu screen with tabs)
 *     tab 查询类 (type 3)
 *       zhcx (page, buttons print via `buttons`; export, detail as type-5 children)
 *       mxcx (enable 10: face verification)
 *     zhxxbg (type 9, paused with a note) → grzhxxbg
 *     kjcx (type 1 menu item)
 *     tab 办理类 (type 4)
 *   /grwt/tqSys (absolute path) → tqyw (with an absolute-key button)
 * /sysMsg (hidden) → msgHome (hrefType 1)
 * plus entries that must be skipped.
 *
 * @example
 * buildRoutes(MENU_LIST).homePath // '/grwt/zhxx/zhcx'
 */
export const MENU_LIST: unknown = [
  {
    id: 1,
    path: '/grwt',
    name: 'grwt',
    menuType: 0,
    enable: 1,
    component: 'Layout',
    alwaysShow: 1,
    redirect: 'noRedirect',
    meta: { title: '个人业务', icon: 'grwt' },
    children: [
      {
        id: 11,
        path: 'zhxx',
        menuType: '0',
        enable: '1',
        component: 'grwt/zhxx/index',
        meta: '{"title":"账户信息","icon":"zhxx","noCache":1}',
        children: [
          {
            id: 111,
            path: 'tab-cx',
            menuType: 3,
            enable: 1,
            meta: { title: '查询类' },
            children: [
              {
                id: 1111,
                path: 'zhcx',
                menuType: 2,
                enable: 1,
                component: 'grwt/zhxx/zhcx/index',
                mainPath: '/grwt/zhxx',
                buttons: 'print',
                meta: { title: '账户查询', activeMenu: '/grwt/zhxx', breadcrumb: '0' },
                children: [
                  { id: 11111, path: 'export', menuType: 5, enable: 1, meta: { title: '导出' } },
                  { id: 11112, path: 'detail', menuType: '5', enable: 0, meta: { title: '明细' } },
                ],
              },
              {
                id: 1112,
                path: 'mxcx',
                menuType: 2,
                enable: 10,
                component: 'grwt/zhxx/mxcx/index',
                meta: { title: '明细查询' },
              },
            ],
          },
          {
            id: 112,
            path: 'zhxxbg',
            menuType: 9,
            enable: 0,
            bz: '系统升级，暂停办理',
            component: 'grwt/zhxx/zhxxbg/index',
            meta: { title: '账户信息变更' },
            children: [{ id: 1121, path: 'grzhxxbg', menuType: 2, enable: 1, component: 'grwt/zhxx/zhxxbg/grzhxxbg' }],
          },
          { id: 113, path: 'kjcx', menuType: 1, enable: 1, meta: { title: '快捷查询' } },
          { id: 114, path: 'tab-bl', menuType: 4, enable: 1, meta: { title: '办理类' } },
        ],
      },
      {
        id: 12,
        path: '/grwt/tqSys',
        menuType: 0,
        enable: '1',
        component: 'grwt/tqSys/index',
        meta: { title: '提取业务' },
        children: [
          {
            id: 121,
            path: 'tqyw',
            menuType: 2,
            enable: 1,
            component: 'grwt/tqSys/tqyw/index',
            children: [{ id: 1211, path: '/grwt/tqSys/tqyw/submit', menuType: 6, enable: 1 }],
          },
        ],
      },
    ],
  },
  {
    id: 2,
    path: '/sysMsg',
    menuType: 0,
    enable: 1,
    hidden: '1',
    component: 'Layout',
    children: [{ id: 21, path: 'msgHome', menuType: 2, enable: 1, hrefType: '1', component: 'sysMsg/msgHome' }],
  },
  null,
  'not an entry',
  { id: 3, menuType: 2, enable: 1, component: 'no/path' },
  { id: 4, path: '/', menuType: 0, enable: 1, component: 'Layout' },
  { id: 5, path: '/grwt', menuType: 0, enable: 1, component: 'duplicate' },
];
