import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../../../../../test/support/postgres';
import { buildApp } from '../../app';
import { openDatabase, type Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { checkLedger, getAccount, interestFor, listJournal } from '../../records';
import { TRANSFER_DEMO as D } from '../../seed/transfer';
import { submitWithMaterials } from '../../test-support/materials';

// A completed 同城转移 on real PostgreSQL, completed by the centre through two server instances at once: the account
// moves once, its balance equals its journal, the clearing account C300 nets to zero for the move, interest is what it
// would have been, and another login's calls answer 403.
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`跳过同城转移的 PostgreSQL 测试：${unavailable}`);

const ZHZH = '/api/izfgjj-zhfw/v1';
const KEY = 'transfer-pg-key-8e3b5a7c9d1f';
const NOW = new Date('2026-11-26T03:00:00Z');

describe.skipIf(!!unavailable)('同城转移 GJ0314 on PostgreSQL', () => {
  let pg: TestPostgres;
  let db: Db;
  let other: Db;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let cheng = '';
  let zhang = '';
  let ywbh = '';

  beforeAll(async () => {
    pg = await startPostgres();
    db = await prepareDatabase({ databaseUrl: pg.url }, true);
    other = await openDatabase({ databaseUrl: pg.url });
    one = await buildApp({ db, centreApiKey: KEY, now: () => NOW });
    two = await buildApp({ db: other, centreApiKey: KEY, now: () => NOW });
    cheng = await signIn(one, D.zjhm);
    zhang = await signIn(one, '110101199003072316');
  }, 180_000);

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await pg?.stop();
  });

  const centre = (app: FastifyInstance, action: string) =>
    app.inject({ method: 'POST', url: `/api/centre/v1/applications/${ywbh}/${action}`, headers: { 'x-centre-key': KEY }, payload: { operator: '王经办' } });

  it('moves the account to the new unit once, its money through C300, when the centre completes it', async () => {
    const before = (await getAccount(db, D.grzh))!;
    expect([before.dwzh, before.grzhzt]).toEqual([D.oldUnit.dwzh, '02']);
    const [c300Before] = await db.query<{ balance_fen: string }>(`select balance_fen::text as balance_fen from centre_account where code = 'C300'`);
    const interestBefore = await interestFor(db, D.grzh, '2026-06-30', '2027-06-30');

    const submitted = await submitWithMaterials(one, cheng, 'GJ0314', { grzh: D.grzh, zrdwzh: D.newUnit.dwzh, zrdwmc: D.newUnit.dwmc, zyyy: '01' });
    expect(submitted.statusCode).toBe(200);
    ywbh = submitted.json<{ data: { ywbh: string; zt: string } }>().data.ywbh;
    expect(submitted.json<{ data: { zt: string } }>().data.zt).toBe('01');
    // Nothing moves before the centre completes it.
    expect((await getAccount(db, D.grzh))!.dwzh).toBe(D.oldUnit.dwzh);

    expect((await centre(one, 'accept')).statusCode).toBe(200);
    const answers = await Promise.all([centre(one, 'complete'), centre(two, 'complete')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);

    const after = (await getAccount(db, D.grzh))!;
    expect([after.dwzh, after.dwmc, after.grzhzt]).toEqual([D.newUnit.dwzh, D.newUnit.dwmc, '01']);
    expect(after.balanceFen).toBe(before.balanceFen);
    // The new unit's ratios (12 % + 12 %) on the same base, each part to the yuan.
    expect(after.yjceFen).toBe(D.monthlyFen);

    expect((await checkLedger(db, [D.grzh])).ok).toBe(true);
    expect((await checkLedger(db)).ok).toBe(true);
    const [c300] = await db.query<{ net: string; n: string }>(
      `select coalesce(sum(amount_fen), 0)::text as net, count(*)::text as n from journal_entry where ywbh = $1 and contra_no = 'C300'`,
      [ywbh],
    );
    expect([c300!.net, c300!.n]).toEqual(['0', '2']);
    const [c300After] = await db.query<{ balance_fen: string }>(`select balance_fen::text as balance_fen from centre_account where code = 'C300'`);
    expect(c300After!.balance_fen).toBe(c300Before!.balance_fen);

    const { rows } = await listJournal(db, D.grzh, { limit: 2 });
    expect(rows.map((r) => [r.kind, r.amountFen, r.valueDate, r.ywbh])).toEqual([
      ['21', before.balanceFen, '2026-11-26', ywbh],
      ['22', -before.balanceFen, '2026-11-26', ywbh],
    ]);
    expect(rows[0]!.note).toContain(D.oldUnit.dwmc);
    expect(rows[1]!.note).toContain(D.newUnit.dwmc);
    // Interest of the year is what it would have been without the move: the balance never stood at zero overnight.
    expect(await interestFor(db, D.grzh, '2026-06-30', '2027-06-30')).toEqual(interestBefore);

    const moves = await db.query<{ from_dwzh: string; to_dwzh: string; amount_fen: string }>(
      'select from_dwzh, to_dwzh, amount_fen::text as amount_fen from personal_transfer where grzh = $1',
      [D.grzh],
    );
    expect(moves).toEqual([{ from_dwzh: D.oldUnit.dwzh, to_dwzh: D.newUnit.dwzh, amount_fen: String(before.balanceFen) }]);

    const info = (await one.inject({ url: `${ZHZH}/grxx/loginGrxx`, headers: { token: cheng } })).json<{ data: { dwmc: string; grzhzt: string } }>().data;
    expect([info.dwmc, info.grzhzt]).toEqual([D.newUnit.dwmc, '01']);
  });

  it('answers another login 403 and nothing else for the account and the application', async () => {
    const forbidden = { code: 403, msg: '当前操作没有权限，请联系管理员授权', data: null };
    const calls = [
      one.inject({ method: 'POST', url: `${ZHZH}/grzy/check`, headers: { token: zhang }, payload: { grzh: D.grzh, zrdwzh: D.oldUnit.dwzh, zrdwmc: D.oldUnit.dwmc } }),
      one.inject({ method: 'POST', url: `${ZHZH}/ywsq/submit`, headers: { token: zhang }, payload: { ywlx: 'GJ0314', payload: { grzh: D.grzh, zrdwzh: D.oldUnit.dwzh, zrdwmc: D.oldUnit.dwmc, zyyy: '01' } } }),
      one.inject({ url: `${ZHZH}/ywsq/detail?ywbh=${ywbh}`, headers: { token: zhang } }),
      one.inject({ method: 'POST', url: `${ZHZH}/ywsq/withdraw`, headers: { token: zhang }, payload: { ywbh } }),
      one.inject({ method: 'POST', url: '/api/dzda/v1/zhcjyw/getCls', headers: { token: zhang }, payload: { ywbh } }),
    ];
    const names = ['grzy/check', 'ywsq/submit', 'ywsq/detail', 'ywsq/withdraw', 'zhcjyw/getCls'];
    for (const [i, res] of (await Promise.all(calls)).entries()) {
      expect(res.statusCode, names[i]).toBe(403);
      expect(res.json(), names[i]).toEqual(forbidden);
    }
  });
});
