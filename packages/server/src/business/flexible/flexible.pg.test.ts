import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../../../../../test/support/postgres';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { CENTRE_KEY_HEADER } from '../../applications/centre';
import { checkLedger } from '../../records';
import { FLEXIBLE_DEMO_LOGIN } from '../../seed/flexible';
import { submitWithMaterials } from '../../test-support/materials';

// What completing the flexible businesses does, on a real PostgreSQL: a 补缴's entries and the balance in one
// transaction (balance = journal), 封存 and 启封, and a transfer into a unit account (two accounts, zero sum).
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`跳过灵活就业的 PostgreSQL 测试：${unavailable}`);

const KEY = 'test-centre-key-0123456789abcdef';
const clock = new Date('2026-11-26T02:00:00Z');

describe.skipIf(!!unavailable)('flexible employment on PostgreSQL', () => {
  let pg: TestPostgres;
  let db: Db;
  let app: FastifyInstance;
  let zheng = '';

  beforeAll(async () => {
    pg = await startPostgres();
    db = await prepareDatabase({ databaseUrl: pg.url }, true);
    app = await buildApp({ db, now: () => clock, centreApiKey: KEY });
    zheng = await signIn(app, FLEXIBLE_DEMO_LOGIN.account);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await pg?.stop();
  });

  const submit = async (token: string, ywlx: string, payload: Record<string, unknown>) =>
    (await submitWithMaterials(app, token, ywlx, payload)).json<{ data: { ywbh: string; zt: string } }>().data;
  const status = async (grzh: string) => (await db.query<{ grzhzt: string }>('select grzhzt from personal_account where grzh = $1', [grzh]))[0]?.grzhzt;

  it('补缴 of the unpaid month: one 补缴 entry at the monthly amount, the balance moved by it, balance = journal', async () => {
    const grzh = FLEXIBLE_DEMO_LOGIN.grzh;
    const [before] = await db.query<{ balance_fen: string; yjce_fen: string }>('select balance_fen::text as balance_fen, yjce_fen::text as yjce_fen from personal_account where grzh = $1', [grzh]);
    // 2026-10 was remitted; 2026-11 not yet: only November may be paid.
    const { ywbh, zt } = await submit(zheng, 'GJ0815', { months: ['202611'] });
    expect(zt).toBe('03');
    const entries = await db.query<{ amount_fen: string; kind: string }>('select amount_fen::text as amount_fen, kind from journal_entry where ywbh = $1', [ywbh]);
    expect(entries).toEqual([{ amount_fen: before!.yjce_fen, kind: '02' }]);
    const [after] = await db.query<{ balance_fen: string }>('select balance_fen::text as balance_fen from personal_account where grzh = $1', [grzh]);
    expect(BigInt(after!.balance_fen) - BigInt(before!.balance_fen)).toBe(BigInt(before!.yjce_fen));
    const ledger = await checkLedger(db, [grzh]);
    expect(ledger.ok).toBe(true);
  });

  it('封存 then 启封: the account’s status follows, each at once', async () => {
    expect((await submit(zheng, 'GJ0810', { fcyy: '02' })).zt).toBe('03');
    expect(await status(FLEXIBLE_DEMO_LOGIN.grzh)).toBe('02');
    expect((await submit(zheng, 'GJ0809', {})).zt).toBe('03');
    expect(await status(FLEXIBLE_DEMO_LOGIN.grzh)).toBe('01');
  });

  it('转移 into 张三’s unit account: the flexible account closes, the unit account takes balance and interest, the ledger sums to zero', async () => {
    const zhang = await signIn(app, '110101199003072316');
    const [target] = await db.query<{ id: string }>(`select account_id::text as id from person_info where grzh = '201000000188'`);
    await app.inject({ url: `/api/auth/v1/switchUser?toUserId=${target!.id}`, headers: { token: zhang } });
    const { ywbh } = await submit(zhang, 'GJ0803', { zrgrzh: '201000000101' });
    for (const action of ['accept', 'complete']) {
      const res = await app.inject({ method: 'POST', url: `/api/centre/v1/applications/${ywbh}/${action}`, headers: { [CENTRE_KEY_HEADER]: KEY }, payload: { operator: '王经办' } });
      expect(res.statusCode).toBe(200);
    }
    expect(await status('201000000188')).toBe('03');
    const ledger = await checkLedger(db, ['201000000101', '201000000188']);
    expect(ledger.ok).toBe(true);
    const [sum] = await db.query<{ s: string }>(`select coalesce(sum(amount_fen), 0)::text as s from journal_entry where ywbh = $1 and kind in ('21', '22')`, [ywbh]);
    expect(sum!.s).toBe('0');
  });
});
