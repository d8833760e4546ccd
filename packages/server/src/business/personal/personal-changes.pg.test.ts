import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../../../../../test/support/postgres';
import { buildApp } from '../../app';
import { openDatabase, type Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { captcha, freshIp, signIn } from '../../test-support/login';
import { CHANGES_DEMO_LOGIN } from '../../seed/changes';
import { REVOKED_REASONS } from '../../auth/session';

// GJ0302 and GJ0313 on real PostgreSQL through two server instances: the completions' SQL (migration 063's columns,
// the proof's row lock) and a phone change submitted twice at once through both: one proof, one change.
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`跳过个人信息变更的 PostgreSQL 测试：${unavailable}`);

const ZHFW = '/api/izfgjj-zhfw/v1';
const FENG = CHANGES_DEMO_LOGIN;

describe.skipIf(!!unavailable)('personal changes on PostgreSQL, two instances', () => {
  let pg: TestPostgres;
  let db: Db;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let token = '';
  let other = '';

  beforeAll(async () => {
    pg = await startPostgres();
    db = await prepareDatabase({ databaseUrl: pg.url }, true);
    const db2 = await openDatabase({ databaseUrl: pg.url });
    one = await buildApp({ db, devRoutes: true });
    two = await buildApp({ db: db2, devRoutes: true });
    token = await signIn(one, FENG.account);
    other = await signIn(two, FENG.account);
  }, 180_000);

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await pg?.stop();
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
  const post = async (app: FastifyInstance, url: string, payload: object): Promise<{ code: number; msg: string; data: any }> =>
    (await app.inject({ method: 'POST', url: `${ZHFW}/${url}`, headers: { token }, payload, remoteAddress: freshIp() })).json();
  const code = async (phone: string) => (await one.inject({ url: `/dev/outbox?kind=sms&to=${phone}` })).json<{ data: Array<{ code: string }> }>().data[0]?.code ?? '';

  it('completes a detail change with the spouse at once, and the information is complete', async () => {
    const done = await post(one, 'ywsq/submit', {
      ywlx: 'GJ0302',
      payload: { txdz: '示范市市中区经七路 100 号', hyzk: '20', poxm: '王配偶', pozjhm: '110105198803037034', zy: '工程师', xl: '大学本科' },
    });
    expect(done.data.zt).toBe('03');
    const [row] = await db.query<{ poxm: string; pozjhm: string; status: number }>(
      `select d.poxm, d.pozjhm, c.status from person_detail d join info_check c on c.account_id = d.account_id
        join person_info p on p.account_id = d.account_id where p.grzh = $1`,
      [FENG.grzh],
    );
    expect(row).toEqual({ poxm: '王配偶', pozjhm: '110105198803037034', status: 0 });
  });

  it('changes the phone once when the same proof is submitted through both instances at once; the other session is told', async () => {
    expect((await post(one, 'sjhbg/sendOldCode', await captcha(one))).code).toBe(0);
    expect((await post(one, 'sjhbg/sendNewCode', { sjhm: '13300130029', ...(await captcha(one)) })).code).toBe(0);
    const verified = await post(two, 'sjhbg/verify', { mode: 'old', sjhm: '13300130029', oldCode: await code(FENG.phone), newCode: await code('13300130029') });
    expect(verified.code).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post(i % 2 ? one : two, 'ywsq/submit', { ywlx: 'GJ0313', payload: { sjhm: '13300130029' } })),
    );
    expect(answers.filter((a) => a.code === 0 && a.data.zt === '03')).toHaveLength(1);
    const [user] = await db.query<{ phone: string }>('select phone from app_user where account = $1', [FENG.account]);
    expect(user?.phone).toBe('13300130029');
    expect(await db.query(`select 1 from phone_change_check where used_at is not null and ywbh is not null`)).toHaveLength(1);
    const told = await one.inject({ url: `${ZHFW}/sjhbg/current`, headers: { token: other } });
    expect(told.statusCode).toBe(401);
    expect(told.json<{ msg: string }>().msg).toBe(REVOKED_REASONS.phoneChanged);
    expect((await two.inject({ url: `${ZHFW}/sjhbg/current`, headers: { token } })).statusCode).toBe(200);
  });
});
