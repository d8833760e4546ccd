import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../../../../../test/support/postgres';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { CENTRE_KEY_HEADER } from '../../applications/centre';
import { checkLedger } from '../../records';
import type { Applicant } from '../types';
import { withdrawalOf } from '.';
import { uploadRequiredMaterials } from '../../test-support/materials';

// Withdrawals against one balance on a real PostgreSQL: simultaneous submissions and completions never take more
// than the balance, and what a returned or withdrawn application held can be used again.
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`跳过提取的 PostgreSQL 测试：${unavailable}`);

const ZHFW = '/api/izfgjj-zhfw/v1';
const KEY = 'test-centre-key-0123456789abcdef';
const clock = new Date('2026-11-26T02:00:00Z');
const ZHANG = { account: '110101199003072316', grzh: '201000000101' };
const SUN = { account: '110105198503014033', grzh: '201000000403', name: '孙改密' };
const CARD = { skyh: '102', skzh: '6222021234567890128' };

describe.skipIf(!!unavailable)('withdrawals on PostgreSQL', () => {
  let pg: TestPostgres;
  let db: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    pg = await startPostgres();
    db = await prepareDatabase({ databaseUrl: pg.url }, true);
    app = await buildApp({ db, now: () => clock, centreApiKey: KEY });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await pg?.stop();
  });

  const balance = async (grzh: string) => BigInt((await db.query<{ b: string }>('select balance_fen::text as b from personal_account where grzh = $1', [grzh]))[0]!.b);
  const centre = (ywbh: string, action: string, reasons?: string[]) =>
    app.inject({ method: 'POST', url: `/api/centre/v1/applications/${ywbh}/${action}`, headers: { [CENTRE_KEY_HEADER]: KEY }, payload: { operator: '王经办', ...(reasons ? { reasons } : {}) } });

  it('20 simultaneous rent submissions of one depositor: one goes through and completes, the others are told one is in progress', async () => {
    const token = await signIn(app, ZHANG.account);
    const before = await balance(ZHANG.grzh);
    const payload = { zlht: 'ZL-1', zldz: '示范市历下区文化东路 8 号', yzj: '3600', zlqsrq: '2026-03-01', zlzzrq: '2027-02-28', wfsm: true, skrxm: '张三', ...CARD, tqje: '3000.00' };
    // Since issue 31 item 3 a submission needs its materials, and since item 7 a login has one draft of a type: the
    // wizard's draft with its files, submitted 20 times at once (a double click, two tabs, a script).
    const draft = await app.inject({ method: 'POST', url: `${ZHFW}/ywsq/saveDraft`, headers: { token }, payload: { ywlx: 'TQ0107', payload } });
    const { ywbh } = draft.json<{ data: { ywbh: string } }>().data;
    await uploadRequiredMaterials(app, token, ywbh);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => app.inject({ method: 'POST', url: `${ZHFW}/ywsq/submit`, headers: { token }, payload: { ywlx: 'TQ0107', ywbh, payload } })),
    );
    const done = answers.filter((a) => a.statusCode === 200);
    expect(done).toHaveLength(1);
    expect(done[0]!.json<{ data: { zt: string } }>().data.zt).toBe('03');
    // The others: the restriction (read under the account's lock), or the draft is no longer a draft.
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.json<{ msg: string }>().msg).toMatch(/正在办理|本季度已办理过租房提取|业务当前状态为“(已提交|已受理|已办结)”/);
    expect(before - (await balance(ZHANG.grzh))).toBe(300_000n);
    expect((await checkLedger(db, [ZHANG.grzh])).ok).toBe(true);
  });

  it('20 simultaneous holds of 5,000 yuan on 35,200: seven hold; two returned free theirs for two more; completing them all leaves 200', async () => {
    const [acct] = await db.query<{ user_id: string; id: string }>(
      `select a.user_id::text as user_id, a.id::text as id from user_account a join app_user u on u.id = a.user_id where u.account = $1 and a.is_primary`,
      [SUN.account],
    );
    const applicant: Applicant = { userId: acct!.user_id, accountId: acct!.id, loginType: 1, login: SUN.account, zh: SUN.grzh };
    const tq0101 = withdrawalOf('TQ0101')!;
    expect(await balance(SUN.grzh)).toBe(3_520_000n);
    // Applications submitted through other channels at once (the counter, a spouse's agent): the hall's
    // one-at-a-time row does not serialize them; only the hold does.
    let n = 0;
    const application = async () => {
      n += 1;
      const ywbh = `TQ010120261126${String(90_000_000 + n)}`;
      await db.query(
        `insert into application (ywbh, ywlx, zt, user_id, account_id, login, zh, payload, created_at, submitted_at, promised_date, time_limit_days, updated_at)
         values ($1, 'TQ0101', '01', $2, $3, $4, $5, '{}', $6, $6, '2026-12-01', 3, $6)`,
        [ywbh, applicant.userId, applicant.accountId, SUN.account, SUN.grzh, clock],
      );
      return ywbh;
    };
    const purchase = (i: string) => ({ gfht: `GF-${i}`, fwzl: '示范市某小区', gfrq: '2026-06-01', fwzj: '1000000', dkje: '0', tqje: '5000.00', skrxm: SUN.name, ...CARD });
    const hold = async (ywbh: string) => {
      try {
        await db.transaction((tx) => tq0101.hold!({ tx, applicant, ywbh, payload: purchase(ywbh) as never, now: clock }));
        return ywbh;
      } catch {
        await db.query(`update application set zt = '06' where ywbh = $1`, [ywbh]);
        return undefined;
      }
    };
    const numbers = await Promise.all(Array.from({ length: 20 }, () => application()));
    const held = (await Promise.all(numbers.map(hold))).filter((x): x is string => x !== undefined);
    expect(held).toHaveLength(7);
    // Two are returned by the centre: their holds go, and two new ones may take the money.
    for (const ywbh of held.slice(0, 2)) expect((await centre(ywbh, 'return', ['材料不全'])).statusCode).toBe(200);
    const more = await Promise.all(Array.from({ length: 5 }, () => application()));
    const heldAgain = (await Promise.all(more.map(hold))).filter((x): x is string => x !== undefined);
    expect(heldAgain).toHaveLength(2);
    // Every remaining hold is accepted and completed at once.
    const live = [...held.slice(2), ...heldAgain];
    await Promise.all(live.map((ywbh) => centre(ywbh, 'accept')));
    const completed = await Promise.all(live.map((ywbh) => centre(ywbh, 'complete')));
    expect(completed.map((c) => c.statusCode)).toEqual(live.map(() => 200));
    expect(await balance(SUN.grzh)).toBe(20_000n);
    const [sum] = await db.query<{ s: string; n: string }>(
      `select coalesce(sum(amount_fen), 0)::text as s, count(*)::text as n from journal_entry
        where account_no = $1 and kind = '11' and tqyy = '01' and ywbh = any($2::text[])`,
      [SUN.grzh, live],
    );
    expect(sum).toEqual({ s: '-3500000', n: '7' });
    expect((await checkLedger(db, [SUN.grzh])).ok).toBe(true);
  });
});
