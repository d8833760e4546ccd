import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildButtonMap, buildRoutes } from '@gjj-hall/sdk/menu';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { PAUSE_NOTE } from '../seed/menus';
import { demoNotices } from '../seed/shell';
import { storyClock, testCalendar } from '../test-support/calendar';
import { signIn } from '../test-support/login';
import { PRODUCTION } from '../test-support/production';

// One in-memory PGlite for the whole file.
let db: Db;
let app: FastifyInstance;
const clock = storyClock(22).getTime();
const DEMO_NOTICES = demoNotices(testCalendar);

const ZHFW = '/api/izfgjj-zhfw/v1';
const LOGINS = {
  personal: '110101199003072316',
  unit: '100200300001',
  developer: '900100200001',
  flexible: '320106198506124022',
  remoteLoan: '440304199208155533',
} as const;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date(clock) });
  // No demo entry is seeded paused (issue 20): the tests of a paused entry pause one as an administrator would.
  const paused = await app.inject({ method: 'POST', url: '/dev/state', payload: { pauseMenu: { path: '/grwt/tqSys/tqyw/ltx_tq', bz: PAUSE_NOTE } } });
  expect(paused.statusCode).toBe(200);
});

afterAll(() => app.close());

interface Menu {
  id: string;
  path: string;
  component: string;
  menuType: number;
  enable: number;
  bz: string;
  hidden: boolean;
  meta: { title: string; icon: string };
  buttons: string[];
  children: Menu[];
}

interface UserInfo {
  loginType: number;
  account: string;
  id: string;
  nikName: string;
  companyName: string;
  phone: string;
  roles: string[];
  loginMethod: string;
  checkMethods: unknown[];
  groupBh: string;
  userStatus: string;
  menuList: Menu[];
  otherInfo: Array<{ account: string; id: string; nikName: string; companyName: string; userStatus: string; accountType: string }>;
}

const get = async <T>(url: string, token?: string): Promise<{ status: number; body: { code: number | string; msg: string; data: T } }> => {
  const res = await app.inject({ url, headers: token ? { token } : {} });
  return { status: res.statusCode, body: res.json() };
};

const userInfo = async (token: string) => (await get<UserInfo>('/api/auth/v1/getUserInfo', token)).body.data;

const walk = (menus: Menu[]): Menu[] => menus.flatMap((m) => [m, ...walk(m.children)]);

describe('getUserInfo', () => {
  it('张三: the contract shape, masked phone, and both accounts of the login in otherInfo', async () => {
    const info = await userInfo(await signIn(app, LOGINS.personal));
    expect(info).toMatchObject({
      loginType: 1,
      account: LOGINS.personal,
      nikName: '张三',
      companyName: '',
      phone: '138****8000',
      roles: ['grjczgry'],
      loginMethod: '100',
      checkMethods: [],
      groupBh: '0',
      userStatus: '01',
    });
    expect(info.otherInfo).toHaveLength(2);
    expect(info.otherInfo[0]).toEqual({
      account: LOGINS.personal,
      id: info.id,
      nikName: '张三',
      companyName: '',
      userStatus: '01',
      accountType: '个人缴存账户',
      roles: ['grjczgry'],
    });
    expect(info.otherInfo[1]).toMatchObject({ nikName: '张三', accountType: '灵活就业缴存账户', roles: ['lhjyjczgry'] });
    expect(info.otherInfo[1]?.id).not.toBe(info.id);
  });

  it.each([
    ['personal', 1, '/grwt', 'GrwtHome'],
    ['unit', 2, '/dwwt', 'DwwtHome'],
    ['developer', 3, '/kfswt', 'KfswtHome'],
    ['flexible', 1, '/grwt', 'GrwtHome'],
    ['remoteLoan', 1, '/grwt', 'GrwtHome'],
  ] as const)('%s: the area Layout first, its hidden home page first, then menu screens of tabs and pages', async (kind, loginType, area, home) => {
    const info = await userInfo(await signIn(app, LOGINS[kind], loginType));
    expect(info.loginType).toBe(loginType);
    expect(info.otherInfo.length).toBeGreaterThanOrEqual(1);
    const [layout] = info.menuList;
    expect(layout).toMatchObject({ path: area, component: 'Layout', menuType: 0 });
    expect(layout?.children[0]).toMatchObject({ path: 'home', component: home, hidden: true });
    const screens = layout?.children.slice(1) ?? [];
    expect(screens.length).toBeGreaterThan(0);
    for (const s of screens) expect(s).toMatchObject({ component: 'MenuScreen', menuType: 0 });
    const all = walk(info.menuList);
    // Real paths of spec 2.4 under the area, Chinese titles, and the enable values of spec 4.2.
    const pages = all.filter((m) => m.menuType === 2 && m.path.startsWith('/'));
    expect(pages.length).toBeGreaterThan(2);
    for (const p of pages) {
      expect(p.path.startsWith(`${area}/`)).toBe(true);
      expect(p.meta.title).toMatch(/^[\u4e00-\u9fff、（）]+$/);
    }
    expect(all.some((m) => m.menuType === 3 || (m.menuType === 2 && screens.some((s) => s.children.includes(m))))).toBe(true);
    expect(all.some((m) => m.enable === 10)).toBe(true);
    expect(all.some((m) => m.buttons.length > 0)).toBe(true);

    // The sdk builds routes from it: the home path is the Layout's home page.
    const { homePath, routes } = buildRoutes(info.menuList);
    expect(homePath).toBe(`${area}/home`);
    expect(routes[0]?.component).toEqual({ kind: 'layout' });
  });

  it('covers menu types 0, 1, 2, 3 and 9, enable 1, 10 and a paused entry with its note', async () => {
    const { menuList } = await userInfo(await signIn(app, LOGINS.personal));
    const all = walk(menuList);
    expect(new Set(all.map((m) => m.menuType))).toEqual(new Set([0, 1, 2, 3, 9]));
    expect(new Set(all.map((m) => m.enable))).toEqual(new Set([0, 1, 10]));
    const paused = all.find((m) => m.path === '/grwt/tqSys/tqyw/ltx_tq');
    expect(paused).toMatchObject({ enable: 0, bz: PAUSE_NOTE });
    expect(all.find((m) => m.path === '/grwt/tqSys/tqyw/gmzzf')?.meta.title).toBe('购买自住住房提取');
    // Buttons become keys of the sdk's button map: the page route followed by the button name.
    const map = buildButtonMap(menuList);
    expect(Object.keys(map)).toEqual(expect.arrayContaining(['/grwt/zhxx/zhcx/grmxcx/export', '/grwt/tqSys/tqyw/gmzzf/submit']));
  });

  it('gives the flexible-employment role its own information change page, and the out-of-area loan person loans only', async () => {
    const flexible = walk((await userInfo(await signIn(app, LOGINS.flexible))).menuList).map((m) => m.path);
    expect(flexible).toContain('/grwt/zhxx/lhjyryyw/lhjyryxxbg');
    expect(flexible).not.toContain('/grwt/zhxx/zhxxbg/grzhxxbg');

    const personal = walk((await userInfo(await signIn(app, LOGINS.personal))).menuList).map((m) => m.path);
    expect(personal).toContain('/grwt/zhxx/zhxxbg/grzhxxbg');
    expect(personal).not.toContain('/grwt/zhxx/lhjyryyw/lhjyryxxbg');

    const remote = await userInfo(await signIn(app, LOGINS.remoteLoan));
    expect(remote.roles).toEqual(['yddkry']);
    const paths = walk(remote.menuList).map((m) => m.path);
    expect(paths).toContain('/grwt/dkSys/dkyw/dksq');
    expect(paths.some((p) => p.startsWith('/grwt/tqSys'))).toBe(false);
  });

  it('unit: company name, branch, and the unit pages of spec 2.4', async () => {
    const info = await userInfo(await signIn(app, LOGINS.unit, 2));
    expect(info).toMatchObject({ companyName: '示例科技有限公司', phone: '139****9000', roles: ['jcdw'], groupBh: '2', userStatus: '01' });
    const paths = walk(info.menuList).map((m) => m.path);
    expect(paths).toEqual(expect.arrayContaining(['/dwwt/jcyw/grzh_sl', '/dwwt/cxyw/dwlxd_cx', '/dwwt/zhxxbg/jcdj_gjbg']));
  });

  it('every login kind has 我的业务 (with its hidden detail page) and 待办事项 under 我的办件, its last screen', async () => {
    const cases = [
      [LOGINS.personal, 1, '/grwt', 'MyOffice'],
      [LOGINS.unit, 2, '/dwwt', 'DWmyOffice'],
      [LOGINS.developer, 3, '/kfswt', 'MyOffice'],
    ] as const;
    for (const [login, type, area, list] of cases) {
      const { menuList } = await userInfo(await signIn(app, login, type));
      expect(menuList[0]?.children.at(-1)?.meta.title).toBe('我的办件');
      const byPath = new Map(walk(menuList).map((m) => [m.path, m]));
      expect(byPath.get(`${area}/wdbj/wdyw`)).toMatchObject({ component: list, enable: 1, hidden: false, meta: { title: '我的业务' } });
      expect(byPath.get(`${area}/wdbj/ywxq`)).toMatchObject({ component: 'MyOfficeDetail', hidden: true, meta: { title: '业务详情' } });
      expect(byPath.get(`${area}/wdbj/dbsx`)).toMatchObject({ component: 'TodoList', meta: { title: '待办事项' } });
    }
  });
});

describe('menus', () => {
  it('getMenuEnable answers enable and note for the user’s own entries only', async () => {
    const token = await signIn(app, LOGINS.personal);
    const { body } = await get<Array<{ id: string; enable: number; bz: string }>>('/api/auth/v1/menu/getMenuEnable?ids=1215,1112,2121,99999', token);
    expect(body.data).toEqual([
      { id: '1112', enable: 10, bz: '' },
      { id: '1215', enable: 0, bz: PAUSE_NOTE },
    ]);
    expect((await get('/api/auth/v1/menu/getMenuEnable?ids=1,2', undefined)).status).toBe(401);
    const bad = await get('/api/auth/v1/menu/getMenuEnable?ids=1;drop', token);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('菜单编号格式不正确：应为以逗号分隔的数字');
  });

  it('answers the menu icons as SVG data URLs, and the public quick menu of spec 2.3', async () => {
    const icons = (await get<Array<{ icon: string; svg: string }>>('/api/auth/v1/menu/getAllMenuImgIcon')).body.data;
    expect(icons.length).toBeGreaterThan(5);
    for (const i of icons) expect(i.svg).toMatch(/^data:image\/svg\+xml;base64,/);
    const quick = (await get<Array<{ title: string; path: string; needLogin: boolean }>>('/api/auth/v1/menu/pubClientTree')).body.data;
    expect(quick.map((q) => [q.path, q.needLogin])).toEqual([
      ['/introToCenter', false],
      ['/policyInfo', false],
      ['/loanRate', false],
      ['/cooperation', true],
      ['/commonDownload', true],
      ['/complaintJY', true],
    ]);
  });
});

describe('individual and unit information', () => {
  it('grxx/loginGrxx answers the individual with masked numbers and the string code 0', async () => {
    const token = await signIn(app, LOGINS.personal);
    const { status, body } = await get(`${ZHFW}/grxx/loginGrxx`, token);
    expect(status).toBe(200);
    expect(body).toEqual({
      code: '0',
      msg: '操作成功',
      data: {
        xingming: '张三',
        zjhm: '110***********2316',
        grzh: '201000000101',
        grzhzt: '01',
        grzhye: '86542.35',
        dwmc: '示例科技有限公司',
        sjhm: '138****8000',
      },
    });
    expect((await get(`${ZHFW}/grxx/loginGrxx`)).status).toBe(401);
  });

  it('dwxx/dwxxUser answers units and developers, and 403 to individuals', async () => {
    const unit = await get(`${ZHFW}/dwxx/dwxxUser`, await signIn(app, LOGINS.unit, 2));
    expect(unit.body.data).toEqual({ dwmc: '示例科技有限公司', dwzh: '100200300001', dwzhzt: '01', jbrxm: '陈晓', jbrsjhm: '139****9000' });
    const developer = await get(`${ZHFW}/dwxx/dwxxUser`, await signIn(app, LOGINS.developer, 3));
    expect(developer.body.data).toMatchObject({ dwmc: '示例置业发展有限公司' });
    const person = await get(`${ZHFW}/dwxx/dwxxUser`, await signIn(app, LOGINS.personal));
    expect(person.status).toBe(403);
    expect(person.body).toEqual({ code: 403, msg: '当前操作没有权限，请联系管理员授权', data: null });
  });

  it('xxwz/check: 张三 complete, 李梅 asked to complete her information', async () => {
    expect((await get(`${ZHFW}/xxwz/check`, await signIn(app, LOGINS.personal))).body.data).toEqual({ status: 0, type: 'gr' });
    expect((await get(`${ZHFW}/xxwz/check`, await signIn(app, LOGINS.flexible))).body.data).toEqual({ status: 1, type: 'gr' });
    expect((await get(`${ZHFW}/xxwz/check`, await signIn(app, LOGINS.unit, 2))).body.data).toEqual({ status: 0, type: 'dw' });
  });

  it('dwlxd/checkQr: the unit has not confirmed this year’s interest statement; developers skip it', async () => {
    const unit = await get(`${ZHFW}/dwlxd/checkQr`, await signIn(app, LOGINS.unit, 2));
    // This year is the clock's (the demo calendar's last month).
    const year = Number(testCalendar.lastMonth.slice(0, 4));
    expect(unit.body.data).toEqual({ confirmed: false, year });
    expect((await get(`${ZHFW}/dwlxd/checkQr`, await signIn(app, LOGINS.developer, 3))).body.data).toEqual({ confirmed: true, year });
    expect((await get(`${ZHFW}/dwlxd/checkQr`, await signIn(app, LOGINS.personal))).status).toBe(403);
  });

  it('each kind of login sees only its own to-dos and prompts: the interest statement is a unit’s alone (issue 30)', async () => {
    type Todo = { kind: string; ywlx: string; title: string };
    const todos = async (token: string) => (await get<Todo[]>(`${ZHFW}/todo/list`, token)).body.data ?? [];
    const statement = expect.objectContaining({ kind: 'statement', ywlx: 'DWLXD' });
    expect(await todos(await signIn(app, LOGINS.unit, 2))).toContainEqual(statement);
    for (const [account, type] of [[LOGINS.personal, 1], [LOGINS.flexible, 1], [LOGINS.developer, 3]] as const) {
      const token = await signIn(app, account, type);
      const list = await todos(token);
      expect(list).not.toContainEqual(statement);
      expect(list.map((t) => t.title).join('')).not.toContain('利息单');
      // Nor the statement prompt: an individual may not ask, a developer is never due one.
      const check = await get(`${ZHFW}/dwlxd/checkQr`, token);
      if (type === 1) expect(check.status).toBe(403);
      else expect(check.body.data).toMatchObject({ confirmed: true });
    }
  });
});

describe('configuration, dictionary, notices, switch (public)', () => {
  it('xtcs/getList answers every key the spec names, the input lengths in the shape the sdk reads', async () => {
    const list = (await get<Array<{ key: string; enable: number; value: string; sourceValue: string; jsonValue: unknown; title: string }>>(`${ZHFW}/xtcs/getList`))
      .body.data;
    const byKey = Object.fromEntries(list.map((c) => [c.key, c]));
    for (const key of ['XT_SRCDPZ', 'ggwab', 'babh', 'zxmc', 'wzym', 'jszc', 'wzbsm', 'sydw', 'XT_ZXQC', 'default_time', 'XT_LOGO', 'XT_DXYZMCD', 'XT_MMZZ', 'spTip', 'XT_TZSC']) {
      expect(byKey[key], key).toMatchObject({ enable: 1 });
      expect(byKey[key]?.title).not.toBe('');
    }
    expect(byKey.XT_ZXQC?.value).toBe('示范市住房公积金管理中心');
    expect(byKey.XT_DXYZMCD?.value).toBe('6');
    expect(byKey.XT_TZSC?.value).toBe('5');
    expect(byKey.XT_LOGO?.value).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(new RegExp(byKey.XT_MMZZ?.value ?? '').test('Gjj@2026')).toBe(true);
    expect(new RegExp(byKey.XT_MMZZ?.value ?? '').test('12345678')).toBe(false);
    const lengths = Object.fromEntries((byKey.XT_SRCDPZ?.jsonValue as Array<{ key: string; value: number }>).map((e) => [e.key, e.value]));
    expect(lengths).toEqual({ default: 60, name: 15, address: 30, remark: 200, template: 1000 });
    expect(list.some((c) => c.enable === 0)).toBe(true);

    const byCode = await get<Array<{ key: string; value: number }>>('/api/putil/v1/input/config/getListByCode?code=XT_SRCDPZ');
    expect(byCode.body.data.map((e) => [e.key, e.value])).toEqual(Object.entries(lengths));
    expect((await get('/api/putil/v1/input/config/getListByCode')).body.msg).toBe('缺少配置编码');
  });

  it('xtcs/getVersion, sjzd/getList with disabled entries, tzxx/getList newest first, xtkg/getQdzt', async () => {
    expect((await get(`${ZHFW}/xtcs/getVersion`)).body.data).toEqual({ commonValue: '2026.11', value: '1' });

    const dict = (await get<Record<string, Array<{ value: string; title: string; enable: number }>>>(`${ZHFW}/sjzd/getList`)).body.data;
    expect(dict.WDXX).toHaveLength(4);
    expect(dict.WDXX?.filter((e) => e.enable === 1)).toHaveLength(3);
    expect(dict.ZJLX?.map((e) => e.value)).toEqual(['01', '02', '03', '04', '70', '99']);
    expect(dict.DKHKFS).toEqual([
      { value: '01', title: '等额本息', enable: 1 },
      { value: '02', title: '等额本金', enable: 1 },
    ]);
    expect(dict.DKZT?.map((e) => e.title)).toEqual(['正常', '逾期', '结清']);

    const notices = (await get<Array<{ id: string; tgmc: string; tgnr: string; startsj: string; fbzt: number }>>(`${ZHFW}/tzxx/getList`)).body.data;
    expect(notices.map((n) => n.fbzt)).toEqual([1]);
    // The base adjustment of the year of the last 1 July before the seed day (the demo calendar).
    const year = testCalendar.settledYear;
    expect(notices[0]).toMatchObject({ startsj: `${year}-07-01 09:00:00`, tgmc: `关于调整${year}年度住房公积金缴存基数的通知` });
    expect(notices[0]?.tgnr).toContain('<p>');

    expect((await get(`${ZHFW}/xtkg/getQdzt`)).body.data).toEqual({ qdzt: '1' });
  });
});

describe('unpublished content (issue 18, item 11)', () => {
  it('a draft notice is not in the public list, neither its title nor its text', async () => {
    const draft = DEMO_NOTICES.find((n) => n.fbzt === 0);
    expect(draft).toBeDefined();
    await db.query(`insert into notice (tgmc, tgnr, startsj, fbzt) values ('未发布的草稿公告', '<p>草稿正文：尚未发布。</p>', $1, 0)`, [new Date(clock)]);
    const res = await app.inject({ url: `${ZHFW}/tzxx/getList` });
    expect(res.statusCode).toBe(200);
    for (const secret of [draft?.tgmc ?? '', draft?.tgnr ?? '', '未发布的草稿公告', '草稿正文']) expect(res.body).not.toContain(secret);
    const list = res.json<{ data: Array<{ fbzt: number }> }>().data;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((n) => n.fbzt === 1)).toBe(true);
  });
});

describe('development calls', () => {
  const state = (body: unknown) => app.inject({ method: 'POST', url: '/dev/state', payload: body as Record<string, unknown> });

  it('closes and reopens the service, and bumps the configuration version', async () => {
    expect((await state({ qdzt: '0' })).json()).toMatchObject({ code: 0, data: { qdzt: '0' } });
    expect((await get(`${ZHFW}/xtkg/getQdzt`)).body.data).toEqual({ qdzt: '0' });
    await state({ qdzt: '1' });
    expect((await get(`${ZHFW}/xtkg/getQdzt`)).body.data).toEqual({ qdzt: '1' });

    const before = (await get<{ value: string }>(`${ZHFW}/xtcs/getVersion`)).body.data.value;
    const res = await state({ bumpConfigVersion: true });
    expect(res.json()).toMatchObject({ data: { configVersion: { value: String(Number(before) + 1) } } });
    expect((await get<{ value: string }>(`${ZHFW}/xtcs/getVersion`)).body.data.value).toBe(String(Number(before) + 1));
  });

  it('revokes the sessions of a login', async () => {
    const a = await signIn(app, LOGINS.developer, 3);
    const b = await signIn(app, LOGINS.developer, 3);
    const res = await state({ revokeSessionsOf: LOGINS.developer });
    expect(res.json<{ data: { revokedSessions: number } }>().data.revokedSessions).toBeGreaterThanOrEqual(2);
    for (const token of [a, b]) expect((await get('/api/auth/v1/getUserInfo', token)).status).toBe(401);
  });

  it('forbids and allows a page path for one login (ywbl/check)', async () => {
    const token = await signIn(app, LOGINS.personal);
    const other = await signIn(app, LOGINS.flexible);
    const path = '/grwt/tqSys/tqyw/gmzzf';
    const check = (t: string) => get(`${ZHFW}/ywbl/check?path=${encodeURIComponent(path)}`, t);
    expect((await check(token)).body.data).toEqual({ allowed: true });

    const forbidden = await state({ forbid: { account: LOGINS.personal, path } });
    expect(forbidden.json()).toMatchObject({ data: { forbidden: [{ account: LOGINS.personal, path }] } });
    const res = await check(token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, msg: '当前操作没有权限，请联系管理员授权' });
    expect((await check(other)).status).toBe(200);

    await state({ allow: { account: LOGINS.personal, path } });
    expect((await check(token)).status).toBe(200);
    expect((await get(`${ZHFW}/ywbl/check?path=nope`, token)).body.msg).toBe('页面路径格式不正确');
  });

  it('unlocks a locked account', async () => {
    const at = new Date(clock);
    await db.query('insert into login_lock (account, failures, locked_until, updated_at) values ($1, 5, $2, $3)', [
      LOGINS.unit,
      new Date(clock + 10 * 60_000),
      at,
    ]);
    const locked = await state({});
    expect(locked.json()).toMatchObject({ data: { locks: [{ account: LOGINS.unit, failures: 5 }] } });
    const res = await state({ unlock: LOGINS.unit });
    expect(res.json<{ data: { locks: unknown[] } }>().data.locks).toEqual([]);
    await signIn(app, LOGINS.unit, 2);
  });

  it('refuses unknown fields and unknown logins with a Chinese message', async () => {
    expect((await state({ nothing: 1 })).json()).toMatchObject({ code: 400, msg: expect.stringContaining('不支持的参数') });
    expect((await state({ revokeSessionsOf: 'nobody' })).json()).toMatchObject({ code: 400, msg: '没有这个登录账号：nobody' });
  });

  it('outbox lists captchas newest first', async () => {
    const a = (await get<{ uuid: string }>('/api/auth/v1/getImgCode')).body.data.uuid;
    const b = (await get<{ uuid: string }>('/api/auth/v1/getImgCode')).body.data.uuid;
    const list = (await get<Array<{ kind: string; to: string; code: string; at: string }>>('/dev/outbox?kind=captcha')).body.data;
    expect(list.slice(0, 2).map((m) => m.to)).toEqual([b, a]);
    expect(list[0]?.at).toBe(new Date(clock).toISOString());
  });

  it('are absent in production, and production records no captcha answer', async () => {
    // Same database, not closed by this app.
    const prod = await buildApp({ db: { ...db, close: async () => {} }, ...PRODUCTION });
    try {
      for (const [method, url] of [
        ['GET', '/dev/outbox'],
        ['POST', '/dev/state'],
      ] as const) {
        const res = await prod.inject({ method, url, payload: method === 'POST' ? { qdzt: '0' } : undefined });
        expect(res.statusCode).toBe(404);
      }
      const [before] = await db.query<{ n: number }>('select count(*)::int as n from dev_outbox');
      expect((await prod.inject({ url: '/api/auth/v1/getImgCode' })).statusCode).toBe(200);
      const [after] = await db.query<{ n: number }>('select count(*)::int as n from dev_outbox');
      expect(after?.n).toBe(before?.n);
      expect((await get(`${ZHFW}/xtkg/getQdzt`)).body.data).toEqual({ qdzt: '1' });
    } finally {
      await prod.close();
    }
  });
});
