import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import type * as Registry from '../business/registry';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { placeholderSubmitted } from '../test-support/placeholder-draft';
import { CENTRE_KEY_HEADER } from './centre';

// Issue 31, item 9: a live ywsq/submit of TQ0101 with {whatever:'abc'} got a business number and a promised date.
// Until its module exists, a placeholder business (registry flag `placeholder`) refuses drafts, numbers, the wizard's
// draftbox, submissions and resubmissions, and the centre cannot complete one. Which codes are placeholders changes
// as modules land, so this file registers a placeholder of its own (GJ0399, a personal business no centre uses).

vi.mock('../business/registry', async (importOriginal) => {
  const original = await importOriginal<typeof Registry>();
  const { defineBusiness } = await import('../business/types');
  const { PLACEHOLDER_SCHEMA } = await import('../business/placeholders');
  const { DEFAULT_PERSONAL_MATERIALS } = await import('../business/materials');
  const test = defineBusiness<Record<string, unknown>>({
    ywlx: 'GJ0399',
    ywmc: '测试占位业务',
    area: 'personal',
    loginTypes: [1],
    timeLimitDays: 3,
    schema: PLACEHOLDER_SCHEMA,
    placeholder: true,
    rules: [],
    materials: DEFAULT_PERSONAL_MATERIALS,
    complete: async () => undefined,
  });
  const map = new Map(original.BUSINESSES);
  map.set('GJ0399', test as never);
  return { ...original, BUSINESSES: map, businessOf: (ywlx: string) => map.get(ywlx), BUSINESS_CODES: [...map.keys()] };
});

const ZHFW = '/api/izfgjj-zhfw/v1';
const KEY = 'placeholder-test-key-5e1f0a9b8c7d';
const NOT_OPEN = '“测试占位业务”暂未开通网上办理，请到住房公积金管理中心柜台办理';
let db: Db;
let app: FastifyInstance;
let zhang: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, centreApiKey: KEY });
  zhang = await signIn(app, '110101199003072316');
});
afterAll(() => app.close());

const post = (url: string, payload: object) => app.inject({ method: 'POST', url: `${ZHFW}/${url}`, headers: { token: zhang }, payload });
const count = async () => (await db.query<{ n: number }>(`select count(*)::int as n from application where ywlx = 'GJ0399'`))[0]!.n;

describe('a placeholder business is not open online', () => {
  it('refuses a submission, a draft, a number and the wizard’s draftbox, saving nothing', async () => {
    for (const res of [
      await post('ywsq/submit', { ywlx: 'GJ0399', payload: { whatever: 'abc' } }),
      await post('ywsq/saveDraft', { ywlx: 'GJ0399', payload: { foo: 'bar' } }),
      await app.inject({ url: `${ZHFW}/id/getYthptYwbh`, query: { ywlx: 'GJ0399' }, headers: { token: zhang } }),
      await post('draftbox/save', { ywlx: 'GJ0399', step: 1, payload: {} }),
    ]) {
      expect(res.json()).toMatchObject({ code: 409, msg: NOT_OPEN });
      expect(res.statusCode).toBe(409);
    }
    expect(await count()).toBe(0);
    expect(await db.query(`select 1 from ywbh_reservation where ywlx = 'GJ0399'`)).toEqual([]);
  });

  it('refuses to resubmit one filed before, and the centre cannot complete it (it may return or reject it)', async () => {
    const ywbh = await placeholderSubmitted(db, zhang, 'GJ0399', { a: '1' });
    const centre = (action: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/centre/v1/applications/${ywbh}/${action}`, headers: { [CENTRE_KEY_HEADER]: KEY }, payload });
    expect((await centre('accept', { operator: '王经办' })).json()).toMatchObject({ code: 0, data: { zt: '02' } });
    expect((await centre('complete', { operator: '王经办' })).json()).toMatchObject({ code: 409, msg: '“测试占位业务”暂未开通网上办理，不能在网上办结，请退回或不予受理' });
    expect((await centre('return', { operator: '王经办', reasons: ['请到柜台办理'] })).json()).toMatchObject({ code: 0, data: { zt: '04' } });
    expect((await post('ywsq/resubmit', { ywbh, payload: { a: '2' } })).json()).toMatchObject({ code: 409, msg: NOT_OPEN });
    expect((await db.query<{ zt: string }>('select zt from application where ywbh = $1', [ywbh]))[0]).toEqual({ zt: '04' });
  });

  it('leaves the real businesses open', async () => {
    expect((await post('ywsq/saveDraft', { ywlx: 'GJ0302', payload: { txdz: '某地' } })).statusCode).toBe(200);
  });
});
