import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { UNVERIFIED_DEMO_LOGIN } from '../seed/identity';
import { DRAFT_PARAMS } from './draftbox';
import { WIZARD_MESSAGES } from './wizard';

// The draftbox and the handling guide (issue 21, docs/api-wizard.md).
let db: Db;
let app: FastifyInstance;
const clock = new Date('2026-09-30T02:00:00Z');
const ZHZH = '/api/izfgjj-zhfw/v1';
const QIAN = '110105199208153027';
const SUN = '110105198503014033';
const UNIT = '100200300001';
let qian: string;
let sun: string;
let unit: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock });
  qian = await signIn(app, QIAN);
  sun = await signIn(app, SUN);
  unit = await signIn(app, UNIT, 2);
});
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers of many calls, read field by field
type Body = { code: number; msg: string; data: any };
const get = (token: string, url: string): Promise<LightMyRequestResponse> => app.inject({ url: `${ZHZH}/${url}`, headers: { token } });
const post = (token: string, url: string, payload: unknown): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'POST', url: `${ZHZH}/${url}`, headers: { token }, payload: payload as object });
const body = (res: LightMyRequestResponse): Body => res.json<Body>();
const draftOf = async (token: string, ywlx = 'GJ0302') => body(await get(token, `draftbox/get?ywlx=${ywlx}`)).data;
const decode = (b64: string) => Buffer.from(b64, 'base64').toString('utf8');

describe('draftbox', () => {
  it('saves, returns and overwrites one draft per login, account and type', async () => {
    expect(await draftOf(qian)).toBeNull();
    const saved = await post(qian, 'draftbox/save', { ywlx: 'GJ0302', step: 2, payload: { txdz: '北京市东城区', yzbm: '1000' } });
    expect(saved.statusCode).toBe(200);
    expect(body(saved).data).toEqual({ savedAt: '2026-09-30 10:00:00', expiresAt: '2026-10-30 10:00:00' });
    expect(await draftOf(qian)).toEqual({
      step: 2,
      payload: { txdz: '北京市东城区', yzbm: '1000' },
      savedAt: '2026-09-30 10:00:00',
      expiresAt: '2026-10-30 10:00:00',
    });
    // Saving again is an upsert, not a second draft.
    await post(qian, 'draftbox/save', { ywlx: 'GJ0302', step: 3, payload: { txdz: '北京市西城区' } });
    expect(await draftOf(qian)).toMatchObject({ step: 3, payload: { txdz: '北京市西城区' } });
    const [n] = await db.query<{ n: number }>(`select count(*)::int as n from draftbox where ywlx = 'GJ0302'`);
    expect(n!.n).toBe(1);
    // Another type is another draft.
    expect(await draftOf(qian, 'GJ0313')).toBeNull();
  });

  it('is never another login\'s: each sees only their own, and deleting touches only their own', async () => {
    await post(qian, 'draftbox/save', { ywlx: 'GJ0313', step: 1, payload: { sjhm: '13912345678' } });
    expect(await draftOf(sun, 'GJ0313')).toBeNull();
    expect(await draftOf(unit, 'GJ0313')).toBeNull();
    await post(sun, 'draftbox/delete', { ywlx: 'GJ0313' });
    expect(await draftOf(qian, 'GJ0313')).toMatchObject({ payload: { sjhm: '13912345678' } });
    expect(body(await post(qian, 'draftbox/delete', { ywlx: 'GJ0313' })).code).toBe(0);
    expect(await draftOf(qian, 'GJ0313')).toBeNull();
  });

  it('answers 401 without a session and 403 to an unverified login', async () => {
    expect((await app.inject({ url: `${ZHZH}/draftbox/get?ywlx=GJ0302` })).statusCode).toBe(401);
    const token = await signIn(app, UNVERIFIED_DEMO_LOGIN.account);
    expect((await get(token, 'draftbox/get?ywlx=GJ0302')).statusCode).toBe(403);
    expect((await post(token, 'draftbox/save', { ywlx: 'GJ0302', step: 1, payload: {} })).statusCode).toBe(403);
    expect((await get(token, 'ywblxz/guide?ywlx=GJ0302')).statusCode).toBe(403);
  });

  it('refuses a payload over the size limit, control characters and bad fields with a Chinese message', async () => {
    const big = { txdz: 'x'.repeat(DRAFT_PARAMS.maxBytes) };
    const tooLarge = await post(qian, 'draftbox/save', { ywlx: 'GJ0302', step: 1, payload: big });
    expect(tooLarge.statusCode).toBe(400);
    expect(body(tooLarge).msg).toBe(WIZARD_MESSAGES.tooLarge);
    const control = await post(qian, 'draftbox/save', { ywlx: 'GJ0302', step: 1, payload: { txdz: 'a\u0000b' } });
    expect(control.statusCode).toBe(400);
    expect(body(control).msg).toMatch(/[\u4e00-\u9fa5]/);
    expect(body(await post(qian, 'draftbox/save', { ywlx: 'XX9999', step: 1, payload: {} }))).toMatchObject({ code: 400, msg: '不支持的业务类型' });
    expect(body(await post(qian, 'draftbox/save', { ywlx: 'GJ0302', step: 99, payload: {} }))).toMatchObject({ code: 400, msg: '步骤应为 0 至 50 的整数' });
    expect(body(await post(qian, 'draftbox/save', { ywlx: 'GJ0302', step: 1 }))).toMatchObject({ code: 400, msg: '缺少草稿内容' });
    // The draft saved before is untouched by the refusals.
    expect(await draftOf(qian)).toMatchObject({ payload: { txdz: '北京市西城区' } });
  });

  it('expires 30 days after the last save: not returned, then purged set-based by the next save', async () => {
    await post(sun, 'draftbox/save', { ywlx: 'GJ0302', step: 1, payload: { zy: '工程师' } });
    // The drafts age rather than the clock moving (a month on, the sessions themselves would be over).
    const age = async (ms: number) => db.query(`update draftbox set saved_at = saved_at - $1::interval, expires_at = expires_at - $1::interval`, [`${ms / 1000} seconds`]);
    await age(DRAFT_PARAMS.ttlDays * 86_400_000 - 1000);
    expect(await draftOf(sun)).toMatchObject({ payload: { zy: '工程师' } });
    await age(1000);
    expect(await draftOf(sun)).toBeNull();
    expect(await draftOf(qian)).toBeNull();
    // Another save (of a business open online: a placeholder's draft is refused since issue 31 item 9) purges them.
    await post(qian, 'draftbox/save', { ywlx: 'GJ0313', step: 1, payload: {} });
    const left = await db.query<{ ywlx: string }>(`select ywlx from draftbox order by ywlx`);
    expect(left.map((r) => r.ywlx)).toEqual(['GJ0313']);
  });

  it('is deleted when the business is submitted', async () => {
    await post(sun, 'draftbox/save', { ywlx: 'GJ0302', step: 4, payload: { zy: '教师' } });
    const res = await post(sun, 'ywsq/submit', { ywlx: 'GJ0302', payload: { zy: '教师' } });
    expect(res.statusCode, body(res).msg).toBe(200);
    expect(await draftOf(sun)).toBeNull();
  });
});

describe('handling notice, guide and materials', () => {
  it('the notice is base64 text with the configured reading time', async () => {
    const data = body(await get(qian, 'ywblxz/notice?ywlx=GJ0302')).data;
    expect(decode(data.pznr)).toContain('同一时间只能有一笔个人账户信息变更在办理中');
    expect(data.seconds).toBe(5);
  });

  it('the guide has every field of spec 3.6, base64-encoded, and a generic one for a placeholder business', async () => {
    const data = body(await get(qian, 'ywblxz/guide?ywlx=GJ0302')).data;
    expect(data.ywmc).toBe('个人账户信息变更');
    for (const f of ['blqd', 'fwdx', 'bjsj', 'xzdy', 'slyj', 'sltj', 'sqcl', 'bllc', 'bljg', 'bz']) expect(decode(data[f]).length).toBeGreaterThan(1);
    expect(decode(data.sltj)).toContain('账户状态正常');
    const generic = body(await get(unit, 'ywblxz/guide?ywlx=GJ0102')).data;
    expect(decode(generic.bjsj)).toBe('3 个工作日内办结');
  });

  it('the materials depend on the answers: none for an address, 户口本 and 更名证明 (and the optional ones) for a new name', async () => {
    const list = async (answers: unknown) =>
      body(await get(qian, `ywblxz/materials?ywlx=GJ0302&answers=${encodeURIComponent(JSON.stringify(answers))}`)).data as Array<{ wjmc: string; required: boolean }>;
    expect(await list({ txdz: '北京市' })).toEqual([]);
    const name = await list({ xingming: '钱新名' });
    expect(name.map((m) => [m.wjmc, m.required])).toEqual([
      ['居民户口簿（本人页）', true],
      ['公安机关出具的更名证明', true],
      ['其他材料', false],
      ['授权委托书', false],
    ]);
    expect(name[0]).toMatchObject({ wjlxId: 'HKB', jdbh: 'GJ0302-01', mlbh: '0101', zstj: '变更姓名时提供', required: true });
    expect((await list({ hyzk: '20' })).map((m) => [m.wjmc, m.required])).toEqual([['结婚证或离婚证', false]]);
    expect(body(await get(qian, 'ywblxz/materials?ywlx=GJ0302'))).toMatchObject({ code: 0, data: [] });
    expect(body(await get(qian, 'ywblxz/materials?ywlx=GJ0302&answers=%7Bnot'))).toMatchObject({ code: 400, msg: WIZARD_MESSAGES.answers });
    expect(body(await get(qian, 'ywblxz/materials?ywlx=GJ0302&answers=%5B%5D'))).toMatchObject({ code: 400, msg: WIZARD_MESSAGES.answers });
  });
});
