import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../../../../test/support/postgres';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { deviceCookie, login } from '../test-support/login';
import { MAX_LOGIN_FAILURES, UNTRUSTED_FREE_FAILURES } from './lockout';

// Issue 18, several instances on one PostgreSQL: two servers on one database count one login's failures together,
// even when requests really run at the same time on several connections, and accept each other's device cookies.
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`跳过 PostgreSQL 测试：${unavailable}`);

describe.skipIf(!!unavailable)('the device rule on two instances of one PostgreSQL', () => {
  let pg: TestPostgres;
  let db: Db;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let clock = Date.parse('2026-11-24T10:00:00+08:00');

  beforeAll(async () => {
    pg = await startPostgres();
    db = await prepareDatabase({ databaseUrl: pg.url }, true);
    a = await buildApp({ db, now: () => new Date(clock) });
    // The second instance shares the database; closing it must not close the pool under the first.
    b = await buildApp({ db: { ...db, close: async () => {} }, now: () => new Date(clock) });
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
    await pg?.stop();
  });

  it('a concurrent flood split between the instances is counted once: three pass, the rest wait', async () => {
    const ACCOUNT = '110101199003072316';
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(i % 2 ? a : b, ACCOUNT, { password: 'Guess@2026' })));
    expect(answers.filter((res) => res.statusCode === 426)).toHaveLength(UNTRUSTED_FREE_FAILURES);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(12 - UNTRUSTED_FREE_FAILURES);
  });

  it('the lock set through one instance holds on the other; a device cookie from one signs in on the other', async () => {
    const ACCOUNT = '320106198506124022';
    const known = deviceCookie(await login(a, ACCOUNT));
    expect(known).not.toBe('');
    let failures = 0;
    for (let i = 0; failures < MAX_LOGIN_FAILURES; i++) {
      const res = await login(i % 2 ? a : b, ACCOUNT, { password: 'Guess@2026' });
      if (res.statusCode === 429 && String(res.json<{ msg: string }>().msg).includes('秒后再试')) clock += Number(res.headers['retry-after']) * 1000;
      else failures += 1;
    }
    expect((await login(a, ACCOUNT)).statusCode).toBe(429);
    expect((await login(b, ACCOUNT)).statusCode).toBe(429);
    expect((await login(b, ACCOUNT, { cookie: known })).statusCode).toBe(200);
  });
});
