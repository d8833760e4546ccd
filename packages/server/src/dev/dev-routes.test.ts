import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase, settingsFromEnv } from '../start';
import { freshIp, signIn } from '../test-support/login';
import { PRODUCTION } from '../test-support/production';

// POST /dev/state replyComplaint and processComplaint: what the centre's back office does to a complaint, for the tests.
let db: Db;
let app: FastifyInstance;
const clock = Date.parse('2026-11-24T10:00:00+08:00');
const P = '/api/izfgjj-zhfw/v1';
const PERSON = '110101199003072316';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date(clock) });
});

afterAll(() => app.close());

const state = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/dev/state', payload });

interface Item {
  id: string;
  sqbh: string;
  nr: string;
  zt: number;
  ztmc: string;
  hfnr: string;
  hfsj: string;
  gkbz: number;
}

async function add(token: string, nr: string): Promise<{ id: string; sqbh: string }> {
  const res = await app.inject({ method: 'POST', url: `${P}/tsjy/add`, payload: { tslx: '01', zrbm: '02', nr }, headers: { token }, remoteAddress: freshIp() });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { id: string; sqbh: string } }>().data;
}

const info = async (id: string, token?: string) => {
  const res = await app.inject({ url: `${P}/tsjy/getInfo?id=${id}`, headers: token ? { token } : {} });
  return { status: res.statusCode, data: res.json<{ data: Item }>().data };
};

describe('POST /dev/state: menus', () => {
  const enableOf = async (token: string, ids: string) => {
    const res = await app.inject({ url: `/api/auth/v1/menu/getMenuEnable?ids=${ids}`, headers: { token } });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: Array<{ id: string; enable: number; bz: string }> }>().data;
  };

  it('no demo entry is seeded paused; pauseMenu pauses one with its note, resumeMenu opens it again', async () => {
    const rows = await db.query<{ n: number }>('select count(*)::int as n from menu where enable not in (1, 10)');
    expect(rows[0]?.n).toBe(0);
    const token = await signIn(app, PERSON);
    expect(await enableOf(token, '1215')).toEqual([{ id: '1215', enable: 1, bz: '' }]);

    expect((await state({ pauseMenu: { path: '/grwt/tqSys/tqyw/ltx_tq', bz: '系统升级，暂停办理' } })).statusCode).toBe(200);
    expect(await enableOf(token, '1215')).toEqual([{ id: '1215', enable: 0, bz: '系统升级，暂停办理' }]);

    expect((await state({ resumeMenu: '/grwt/tqSys/tqyw/ltx_tq' })).statusCode).toBe(200);
    expect(await enableOf(token, '1215')).toEqual([{ id: '1215', enable: 1, bz: '' }]);
  });

  it('answers 400 naming a path no menu has, and refuses a malformed one', async () => {
    const unknown = await state({ pauseMenu: { path: '/grwt/nowhere' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ msg: string }>().msg).toBe('没有这个菜单路径：/grwt/nowhere');
    const bad = await state({ resumeMenu: 'grwt;drop' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ msg: string }>().msg).toContain('菜单路径格式不正确');
  });
});

describe('POST /dev/state: complaints', () => {
  it('processComplaint sets 处理中; replyComplaint sets 已回复 with the reply and its time, unpublished unless asked', async () => {
    const token = await signIn(app, PERSON);
    const { id, sqbh } = await add(token, '公积金提取到账时间太长，希望缩短。');
    expect((await info(id, token)).data).toMatchObject({ zt: 0, ztmc: '待处理', hfnr: '', hfsj: '' });

    expect((await state({ processComplaint: sqbh })).statusCode).toBe(200);
    expect((await info(id, token)).data).toMatchObject({ zt: 1, ztmc: '处理中', hfnr: '' });

    const res = await state({ replyComplaint: { sqbh, hfnr: '  已督促提取科室在三个工作日内办结。 ' } });
    expect(res.statusCode).toBe(200);
    expect((await info(id, token)).data).toMatchObject({
      zt: 2,
      ztmc: '已回复',
      hfnr: '已督促提取科室在三个工作日内办结。',
      hfsj: '2026-11-24 10:00:00',
      gkbz: 0,
    });
    // Not published: a stranger still cannot see it.
    expect((await info(id)).status).toBe(404);
    // A reply does not take a replied complaint back to 处理中.
    await state({ processComplaint: sqbh });
    expect((await info(id, token)).data.zt).toBe(2);
  });

  it('replyComplaint with publish shows it, with its reply, in the public list and detail', async () => {
    const token = await signIn(app, PERSON);
    const { id, sqbh } = await add(token, '建议在公积金中心大厅增加自助查询机。');
    await state({ replyComplaint: { sqbh, hfnr: '已在大厅增设两台自助查询机。', publish: true } });
    const publicList = (await app.inject({ url: `${P}/tsjy/getList?pageSize=50` })).json<{ data: { list: Item[] } }>().data.list;
    expect(publicList.find((c) => c.sqbh === sqbh)).toMatchObject({ ztmc: '已回复', hfnr: '已在大厅增设两台自助查询机。', gkbz: 1 });
    expect((await info(id)).data).toMatchObject({ sqbh, hfnr: '已在大厅增设两台自助查询机。' });
  });

  it('refuses an unknown or malformed reference number and an empty reply in Chinese', async () => {
    const unknown = await state({ replyComplaint: { sqbh: 'TS209901010001', hfnr: '回复' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ msg: '没有这个受理编号：TS209901010001' });
    const malformed = await state({ processComplaint: 'TS1' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ msg: string }>().msg).toContain('受理编号格式不正确');
    const token = await signIn(app, PERSON);
    const { sqbh } = await add(token, '空白回复不应被接受的一条意见。');
    const blank = await state({ replyComplaint: { sqbh, hfnr: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ msg: string }>().msg).toContain('回复内容');
    const typo = await state({ replyComplaint: { sqbh, hfnr: '回复', pubilsh: true } });
    expect(typo.statusCode).toBe(400);
    expect(typo.json<{ msg: string }>().msg).toContain('replyComplaint 只支持');
    expect((await state({ replyComplaints: {} })).json<{ msg: string }>().msg).toContain('replyComplaint、processComplaint');
  });
});

// Issue 18, item 22: the development calls exist only when switched on, and answer only this machine.
describe('who reaches the development calls', () => {
  const DEV_CALLS = [
    ['GET', '/dev/outbox'],
    ['POST', '/dev/state'],
    ['GET', '/dev/ca-keys'],
    ['GET', '/dev/ca-keys/unit.gjjkey.json'],
    ['POST', '/dev/gov-platform'],
  ] as const;
  const call = (target: FastifyInstance, [method, url]: (typeof DEV_CALLS)[number], extra: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
    target.inject({
      method,
      url,
      ...extra,
      payload: method === 'POST' ? (url === '/dev/state' ? {} : { url: 'http://127.0.0.1:8091/' }) : undefined,
    });

  it('are absent unless switched on (GJJ_DEV_ROUTES=1 or devRoutes: true)', async () => {
    const before = process.env.GJJ_DEV_ROUTES;
    delete process.env.GJJ_DEV_ROUTES;
    const off = await buildApp({ db: { ...db, close: async () => {} } });
    try {
      for (const c of DEV_CALLS) {
        const res = await call(off, c);
        expect(res.statusCode, c[1]).toBe(404);
        expect(res.json()).toEqual({ code: 404, msg: '该服务暂不可用，请稍后再试或拨打 12329 咨询', data: null });
      }
      // Nothing else changes: the captcha still works, its answer simply is not readable.
      expect((await off.inject({ url: '/api/auth/v1/getImgCode' })).statusCode).toBe(200);
    } finally {
      if (before !== undefined) process.env.GJJ_DEV_ROUTES = before;
      await off.close();
    }
    const on = await buildApp({ db: { ...db, close: async () => {} }, devRoutes: true });
    try {
      for (const c of DEV_CALLS) expect((await call(on, c)).statusCode, c[1]).toBe(200);
    } finally {
      await on.close();
    }
  });

  it('answer only this machine, addressed as this machine: anything else hears 404', async () => {
    for (const host of ['localhost', 'localhost:8080', '127.0.0.1:8080', '[::1]:8080', '127.0.0.1']) {
      expect((await call(app, DEV_CALLS[0], { headers: { host } })).statusCode, host).toBe(200);
    }
    for (const c of DEV_CALLS) {
      // DNS rebinding: a foreign name resolving to 127.0.0.1.
      for (const host of ['evil.example', 'evil.example:8080', 'localhost.evil.example', '127.0.0.1.nip.io', '192.168.1.5:8080']) {
        expect((await call(app, c, { headers: { host } })).statusCode, `${c[1]} ${host}`).toBe(404);
      }
      // Another machine (HOST=0.0.0.0), even naming localhost.
      for (const remoteAddress of ['192.168.1.20', '10.0.0.1', '::ffff:192.168.1.20', '2001:db8::1']) {
        expect((await call(app, c, { remoteAddress, headers: { host: 'localhost:8080' } })).statusCode, `${c[1]} ${remoteAddress}`).toBe(404);
      }
      // Forwarded by a proxy on this machine, or called from a page of another site.
      expect((await call(app, c, { headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
      expect((await call(app, c, { headers: { forwarded: 'for=203.0.113.9' } })).statusCode).toBe(404);
      expect((await call(app, c, { headers: { origin: 'https://evil.example' } })).statusCode).toBe(404);
    }
    expect((await call(app, DEV_CALLS[0], { remoteAddress: '::1', headers: { host: '[::1]:8080', origin: 'http://localhost:5173' } })).statusCode).toBe(200);
  });

  it('are refused in production: buildApp and the settings stop the start', async () => {
    await expect(buildApp({ db: { ...db, close: async () => {} }, ...PRODUCTION, devRoutes: true })).rejects.toThrow('生产环境不能开启开发接口');
    expect(() =>
      settingsFromEnv({ NODE_ENV: 'production', GJJ_DEV_ROUTES: '1', HALL_PUBLIC_URL: 'https://gjj.example.gov.cn', GJJ_SECRET_KEY: randomBytes(32).toString('hex') }),
    ).toThrow('生产环境不能开启开发接口');
    // GJJ_DEV_ROUTES=1 in the environment (as the tests have it) does not reach a production app built without the option.
    expect(process.env.GJJ_DEV_ROUTES).toBe('1');
    const prod = await buildApp({ db: { ...db, close: async () => {} }, ...PRODUCTION });
    try {
      expect((await call(prod, DEV_CALLS[0])).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
