import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@gjj-hall/sdk';
import { fetchEvaluationStats, newIdempotencyKey, submitEvaluation } from '@gjj-hall/sdk/public';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { EVALUATION_ITEMS, EVALUATION_LEVELS } from '../seed/public';
import { freshIp, signIn } from '../test-support/login';

// GET hcp/getStats (ours): every item's counts per level and its satisfied share, on a real PGlite of its own.
let db: Db;
let app: FastifyInstance;
let base = '';

const P = '/api/izfgjj-zhfw/v1';
const PERSON = '110101199003072316';
const OTHER = '320106198506124022';

interface Stat {
  sxbm: string;
  sxmc: string;
  total: number;
  levels: Array<{ code: string; name: string; count: number }>;
  satisfiedRate: number | null;
}

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date('2026-11-24T10:00:00+08:00') });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(() => app.close());

const stats = async (headers: Record<string, string> = {}) => {
  const res = await app.inject({ url: `${P}/hcp/getStats`, headers });
  return { status: res.statusCode, body: res.json<{ code: number; data: Stat[] }>() };
};

const evaluate = (token: string, sxbm: string, myd: string, key?: string) =>
  app.inject({
    method: 'POST',
    url: `${P}/hcp/evaluate`,
    payload: { sxbm, myd },
    headers: { token, ...(key ? { 'idempotency-key': key } : {}) },
    remoteAddress: freshIp(),
  });

const statOf = (list: Stat[], code: string) => {
  const stat = list.find((s) => s.sxbm === code);
  if (!stat) throw new Error(`no stat for ${code}`);
  return stat;
};

describe('hcp/getStats', () => {
  it('is public and lists every item with every level at zero before any evaluation', async () => {
    const { status, body } = await stats();
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.map((s) => [s.sxbm, s.sxmc])).toEqual(EVALUATION_ITEMS.map(([code, name]) => [code, name]));
    for (const s of body.data) {
      expect(s.total).toBe(0);
      expect(s.satisfiedRate).toBeNull();
      expect(s.levels).toEqual(EVALUATION_LEVELS.map(([code, name]) => ({ code, name, count: 0 })));
    }
  });

  it('counts each stored evaluation once per level and item, from every person, and computes the satisfied share', async () => {
    const person = await signIn(app, PERSON);
    const other = await signIn(app, OTHER);
    // TQ02: 5, 4, 3 satisfied; 2 and 1 not: 3 of 5 = 60 %. The repeat with the same key is not a new evaluation.
    for (const [token, myd, key] of [
      [person, '5', 'stats-key-0001'],
      [person, '5', 'stats-key-0001'],
      [person, '4', undefined],
      [other, '3', undefined],
      [other, '2', undefined],
      [other, '1', undefined],
    ] as const) {
      expect((await evaluate(token, 'TQ02', myd, key)).statusCode).toBe(200);
    }
    // DK02: two of three satisfied = 66.7 %.
    for (const myd of ['5', '3', '1']) expect((await evaluate(person, 'DK02', myd)).statusCode).toBe(200);
    // A refused evaluation (unknown level) counts nowhere.
    expect((await evaluate(person, 'DK02', '9')).statusCode).toBe(400);

    const { body } = await stats();
    const tq02 = statOf(body.data, 'TQ02');
    expect(tq02.total).toBe(5);
    expect(Object.fromEntries(tq02.levels.map((l) => [l.code, l.count]))).toEqual({ '5': 1, '4': 1, '3': 1, '2': 1, '1': 1 });
    expect(tq02.satisfiedRate).toBe(60);
    const dk02 = statOf(body.data, 'DK02');
    expect(dk02.total).toBe(3);
    expect(dk02.satisfiedRate).toBe(66.7);
    expect(statOf(body.data, 'TQ01')).toMatchObject({ total: 0, satisfiedRate: null });
  });

  it('answers the same with or without a session (it names no one)', async () => {
    const token = await signIn(app, PERSON);
    const signedIn = await stats({ token });
    const anonymous = await stats();
    expect(signedIn.body.data).toEqual(anonymous.body.data);
    expect(JSON.stringify(anonymous.body.data)).not.toMatch(/110101|张三|PJ\d/);
  });
});

describe('sdk fetchEvaluationStats over HTTP', () => {
  it('reads what submitEvaluation stored, once per key', async () => {
    const token = await signIn(app, OTHER);
    const client = createClient({ baseURL: base, getToken: () => token });
    const before = statOf(await fetchEvaluationStats(createClient({ baseURL: base })), 'JC02');
    const key = newIdempotencyKey();
    const first = await submitEvaluation(client, { sxbm: 'JC02', myd: '4', pjnr: '转移很快' }, key);
    const again = await submitEvaluation(client, { sxbm: 'JC02', myd: '4', pjnr: '转移很快' }, key);
    expect(again).toEqual(first);
    const after = statOf(await fetchEvaluationStats(createClient({ baseURL: base })), 'JC02');
    expect(after.total).toBe(before.total + 1);
    expect(after.levels.find((l) => l.code === '4')?.count).toBe((before.levels.find((l) => l.code === '4')?.count ?? 0) + 1);
    expect(after.satisfiedRate).toBe(100);
  });
});
