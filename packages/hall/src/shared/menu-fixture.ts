// Test data: a personal area shaped like the reference server's menus (a layout, its hidden home, a menu screen of
// tabs, pages and a menu item), normalised as the session keeps them.
import { normaliseMenuList } from '@gjj-hall/sdk/menu';

export const RAW_MENUS = [
  {
    id: 1000,
    path: '/grwt',
    component: 'Layout',
    menuType: 0,
    enable: 1,
    redirect: 'noRedirect',
    meta: { title: '个人业务' },
    children: [
      { id: 1001, path: 'home', component: 'GrwtHome', menuType: 2, enable: 1, hidden: true, meta: { title: '首页', noCache: true } },
      {
        id: 1100,
        path: 'zhxx',
        component: 'MenuScreen',
        menuType: 0,
        enable: 1,
        meta: { title: '账户信息', icon: 'zhxx' },
        children: [
          {
            id: 1110,
            path: 'zhcx',
            menuType: 3,
            meta: { title: '账户查询' },
            children: [
              { id: 1111, path: '/grwt/zhxx/zhcx/grzhxx', component: 'grwt/zhxx/zhcx/grzhxx', menuType: 2, enable: 1, meta: { title: '个人账户信息' }, buttons: ['print'] },
              { id: 1112, path: '/grwt/zhxx/zhcx/grmxcx', component: 'grwt/zhxx/zhcx/grmxcx', menuType: 2, enable: 10, meta: { title: '个人明细查询' } },
              { id: 1113, path: '/grwt/zhxx/zhcx/ltx_tq', component: 'grwt/zhxx/zhcx/ltx_tq', menuType: 9, enable: 0, bz: '系统升级，暂停办理', meta: { title: '离休、退休提取' } },
            ],
          },
          { id: 1120, path: 'kong', menuType: 3, meta: { title: '空的标签' }, children: [] },
          { id: 1140, path: '/loanRate', menuType: 1, meta: { title: '贷款利率' } },
          { id: 1150, path: 'export', menuType: 5, meta: { title: '导出' } },
        ],
      },
    ],
  },
];

export const MENUS = normaliseMenuList(RAW_MENUS);
