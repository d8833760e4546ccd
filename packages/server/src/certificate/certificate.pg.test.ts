import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../../../../test/support/postgres';
import { buildApp } from '../app';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { contributionMonths } from './facts';
import { CERTIFICATE_PREFIX as J } from './routes';

// The deposit certificate on a real PostgreSQL (docs/api-personal.md › 缴存证明): the months' query, and the day's
// limit under concurrent issues (the row lock on the login makes them take turns), numbers from the sequence.
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`跳过 PostgreSQL 上的缴存证明测试：${unavailable}`);

describe.skipIf(!!unavailable)('deposit certificates on PostgreSQL', () => {
  let pg: TestPostgres;
  let app: FastifyInstance;
  let zhang: string;

  beforeAll(async () => {
    pg = await startPostgres();
    const db = await prepareDatabase({ databaseUrl: pg.url }, true);
    app = await buildApp({ db, devRoutes: true, now: () => new Date('2026-11-26T02:00:00Z'), certificate: { issuePerDay: 6 } });
    zhang = await signIn(app, '110101199003072316');
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await pg?.stop();
  });

  it('lists each month of the period with its deposit, a month without one as 0', async () => {
    const pool = await prepareDatabase({ databaseUrl: pg.url }, false);
    try {
      const months = await contributionMonths(pool, '201000000101', '2026-09', '2026-11');
      expect(months).toEqual([
        { ny: '2026-09', amountFen: '369400' },
        { ny: '2026-10', amountFen: '369400' },
        { ny: '2026-11', amountFen: '0' },
      ]);
    } finally {
      await pool.close();
    }
  });

  it('ten issues at once for one login: exactly the day\'s six pass, each with its own number and code', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({ method: 'POST', url: `${J}/create`, headers: { token: zhang }, payload: { grzh: '201000000101', from: '2026-01', to: '2026-10' } }),
      ),
    );
    const passed = answers.filter((a) => a.statusCode === 200).map((a) => a.json<{ data: { zmbh: string; code: string } }>().data);
    expect(passed).toHaveLength(6);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(4);
    expect(new Set(passed.map((p) => p.zmbh)).size).toBe(6);
    expect(new Set(passed.map((p) => p.code)).size).toBe(6);
    const verified = await app.inject({ url: `${J}/verify?code=${passed[0]!.code}` });
    expect(verified.json<{ data: { zt: string; paidMonths: number } }>().data).toMatchObject({ zt: '01', paidMonths: 10 });
  });
});
