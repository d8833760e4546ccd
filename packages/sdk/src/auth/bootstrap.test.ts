import { describe, expect, it } from 'vitest';
import { fakeCentre, ok } from '../test-support/fake-centre';
import { AUTH_PATHS } from './api';
import { loadAccountInfo, loadSession } from './bootstrap';
import { displayName } from './display-name';
import { SHELL_PATHS } from './shell-api';

const MENUS = [
  {
    id: 1,
    path: '/dwwt',
    component: 'Layout',
    menuType: 0,
    enable: 1,
    meta: { title: '单位网厅' },
    children: [
      { id: 2, path: 'home', component: 'DwwtHome', menuType: 2, enable: 1, hidden: 1, meta: { title: '首页' } },
      {
        id: 3,
        path: 'jcyw',
        component: 'MenuScreen',
        menuType: 0,
        enable: 1,
        meta: { title: '缴存业务' },
        children: [
          { id: 4, path: 'tab', menuType: 3, meta: { title: '汇缴' }, children: [
            { id: 5, path: 'dw_huij', component: 'dwwt/jcyw/dw_huij', menuType: 2, enable: 1, meta: { title: '单位汇缴' }, buttons: ['submit'] },
          ] },
          { id: 6, path: 'dw_bj', component: 'dwwt/jcyw/dw_bj', menuType: 2, enable: 0, bz: '年度结息期间暂停办理', meta: { title: '单位补缴' } },
        ],
      },
    ],
  },
];

const USER = {
  loginType: 2,
  account: '100200300001',
  id: '2',
  nikName: '',
  companyName: '示例科技有限公司',
  loginMethod: '100',
  menuList: MENUS,
  otherInfo: [],
};

describe('loadSession', () => {
  it('loads the user, builds routes and button map, keeps the enabled dictionary and the unit information', async () => {
    const c = fakeCentre({
      [AUTH_PATHS.userInfo]: ok(USER),
      [SHELL_PATHS.dictionary]: ok({ DWZT: [{ value: '01', title: '正常', enable: 1 }, { value: '09', title: '旧', enable: 0 }] }),
      [SHELL_PATHS.unitInfo]: ok({ dwmc: '示例科技有限公司', dwzh: '100200300001' }),
    });
    c.stores.session.setToken('t');
    const result = await loadSession(c.client, c.stores);
    expect(result.loginType).toBe(2);
    expect(result.built.homePath).toBe('/dwwt/home');
    const names = JSON.stringify(result.built.routes);
    expect(names).toContain('/dwwt/jcyw/dw_huij');
    expect(names).not.toContain('dw_bj'); // paused: no route
    expect(result.menus[0]?.children[1]?.meta.title).toBe('缴存业务');
    expect(c.stores.session.$loginType.get()).toBe(2);
    expect(c.stores.session.$userInfo.get()?.companyName).toBe('示例科技有限公司');
    expect(c.stores.session.$buttonMap.get()).toHaveProperty(['/dwwt/jcyw/dw_huij/submit']);
    expect(c.stores.session.$unitInfo.get()).toEqual({ dwmc: '示例科技有限公司', dwzh: '100200300001' });
    expect(c.stores.config.dictionary('DWZT')).toEqual([{ value: '01', label: '正常' }]);
  });

  it('loads the personal information of an individual, and fails when it cannot be had (spec 4.5)', async () => {
    const personal = { ...USER, loginType: 1, nikName: '张三', companyName: '', menuList: [] };
    const good = fakeCentre({
      [AUTH_PATHS.userInfo]: ok(personal),
      [SHELL_PATHS.dictionary]: { status: 500, body: { code: 500, msg: 'x' } },
      [SHELL_PATHS.personalInfo]: { code: '0', msg: 'ok', data: { xingming: '张三' } },
    });
    const result = await loadSession(good.client, good.stores);
    expect(result.built).toEqual({ routes: [], homePath: '' });
    expect(good.stores.session.$personalInfo.get()).toEqual({ xingming: '张三' });

    const bad = fakeCentre({
      [AUTH_PATHS.userInfo]: ok(personal),
      [SHELL_PATHS.personalInfo]: { code: 1, msg: '个人信息获取失败', data: null },
    });
    await expect(loadSession(bad.client, bad.stores)).rejects.toThrow('个人信息获取失败');
    const skip = fakeCentre({ [AUTH_PATHS.userInfo]: ok(personal) });
    await expect(loadSession(skip.client, skip.stores, { accountInfo: false })).resolves.toBeTruthy();
  });

  it('leaves the account information alone while the password is an initial one, and loads it after (spec 4.1)', async () => {
    const initial = { ...USER, loginType: 1, nikName: '赵初始', companyName: '', menuList: [], pwdStatus: '0' };
    let changed = false;
    const c = fakeCentre({
      [AUTH_PATHS.userInfo]: ok(initial),
      // The server's answer to everything but the password change until then (issue 18 item 10).
      [SHELL_PATHS.personalInfo]: () =>
        changed ? { code: '0', msg: 'ok', data: { xingming: '赵初始' } } : { status: 403, body: { code: 403, msg: '请先修改初始密码', data: null } },
    });
    await expect(loadSession(c.client, c.stores)).resolves.toMatchObject({ loginType: 1 });
    expect(c.calls.some((call) => call.includes(SHELL_PATHS.personalInfo))).toBe(false);
    expect(c.stores.session.$personalInfo.get()).toBeFalsy();
    changed = true;
    await loadAccountInfo(c.client, c.stores);
    expect(c.stores.session.$personalInfo.get()).toEqual({ xingming: '赵初始' });
  });

  it('a developer gets the unit information as other-unit information', async () => {
    const c = fakeCentre({
      [AUTH_PATHS.userInfo]: ok({ ...USER, loginType: 3, companyName: '示例置业发展有限公司', menuList: [] }),
      [SHELL_PATHS.unitInfo]: ok({ dwmc: '示例置业发展有限公司' }),
    });
    await loadSession(c.client, c.stores);
    expect(c.stores.session.$otherUnitInfo.get()).toEqual({ dwmc: '示例置业发展有限公司' });
  });

  it('rejects when the user info call fails', async () => {
    const c = fakeCentre({ [AUTH_PATHS.userInfo]: { status: 401, body: { code: 401, msg: '登录已过期，请重新登录' } } });
    await expect(loadSession(c.client, c.stores)).rejects.toThrow('登录已过期，请重新登录');
  });
});

describe('displayName', () => {
  it('is the nickname of an individual and the company name of a unit or developer', () => {
    expect(displayName({ nikName: '张三', companyName: 'x' }, 1)).toBe('张三');
    expect(displayName({ nikName: 'x', companyName: '示例科技有限公司' }, 2)).toBe('示例科技有限公司');
    expect(displayName({ companyName: '示例置业发展有限公司' }, '3')).toBe('示例置业发展有限公司');
    expect(displayName(null, 1)).toBe('');
    expect(displayName({ nikName: 5 }, 1)).toBe('');
  });
});
