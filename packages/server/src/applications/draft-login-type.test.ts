import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';

// Issue 31, item 7 (part): a login keeps drafts and numbers only of businesses it may apply for (a unit saved a
// personal TQ0101 draft).

const ZHFW = '/api/izfgjj-zhfw/v1';
let db: Db;
let app: FastifyInstance;
let unit: string;
let zhang: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db });
  unit = await signIn(app, '100200300001', 2);
  zhang = await signIn(app, '110101199003072316');
});
afterAll(() => app.close());

describe('drafts and numbers follow the business’s login types', () => {
  it('refuses a unit a personal draft and number, saving nothing', async () => {
    const before = await db.query<{ n: number }>('select count(*)::int as n from application');
    const draft = await app.inject({ method: 'POST', url: `${ZHFW}/ywsq/saveDraft`, headers: { token: unit }, payload: { ywlx: 'GJ0302', payload: { txdz: '某地' } } });
    expect(draft.statusCode).toBe(403);
    expect(draft.json<{ msg: string }>().msg).toMatch(/仅限个人办理$/);
    const number = await app.inject({ url: `${ZHFW}/id/getYthptYwbh`, query: { ywlx: 'GJ0302' }, headers: { token: unit } });
    expect(number.statusCode).toBe(403);
    expect(await db.query<{ n: number }>('select count(*)::int as n from application')).toEqual(before);
  });

  it('keeps a person’s draft of a personal business', async () => {
    const draft = await app.inject({ method: 'POST', url: `${ZHFW}/ywsq/saveDraft`, headers: { token: zhang }, payload: { ywlx: 'GJ0302', payload: {} } });
    expect(draft.statusCode).toBe(200);
  });
});
