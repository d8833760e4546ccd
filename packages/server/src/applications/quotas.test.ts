import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { hashToken } from '../auth/session';
import { signIn } from '../test-support/login';
import { image, multipartBody } from '../archive/test-files';
import { QUOTA_MESSAGES, STORAGE_QUOTAS } from './quotas';

// Issue 31, item 7: what one login may store is bounded (drafts, number reservations, material files, column
// settings), each at its edge: the last one within the quota passes, the next is refused with a clear message.

const ZHFW = '/api/izfgjj-zhfw/v1';
let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db });
});
afterAll(() => app.close());

const saveDraft = (token: string) => app.inject({ method: 'POST', url: `${ZHFW}/ywsq/saveDraft`, headers: { token }, payload: { ywlx: 'GJ0302', payload: { zjhm: '110105199506205112' } } });
const accountOf = async (token: string) => {
  const [row] = await db.query<{ account_id: string }>('select account_id::text as account_id from user_session where token_hash = $1', [hashToken(token)]);
  return row!.account_id;
};

describe('what one login may store', () => {
  it(`drafts: ${STORAGE_QUOTAS.drafts} per account, then 409`, async () => {
    const token = await signIn(app, '110105199208153027');
    const accountId = await accountOf(token);
    const [have] = await db.query<{ n: number }>(`select count(*)::int as n from application where account_id = $1 and zt = '00'`, [accountId]);
    // A login keeps one draft of a type (issue 31 item 7), and fewer types are open than the quota: the drafts of other
    // types (codes of the table's form that no module has) are written as data up to one short of the quota.
    await db.query(
      `insert into application (ywbh, ywlx, zt, user_id, account_id, login, zh, payload, created_at, time_limit_days, updated_at)
       select 'ZZ' || lpad(g::text, 4, '0') || '2026010100000001', 'ZZ' || lpad(g::text, 4, '0'), '00', s.user_id, s.account_id, u.account, '', '{}', now(), 0, now()
         from generate_series(1, $2::int) g, user_session s join app_user u on u.id = s.user_id where s.token_hash = $1`,
      [hashToken(token), STORAGE_QUOTAS.drafts - 1 - have!.n],
    );
    expect((await saveDraft(token)).statusCode).toBe(200);
    // The same type again is the same draft: no new row, so the quota is not reached by it.
    expect((await saveDraft(token)).statusCode).toBe(200);
    const over = await app.inject({ method: 'POST', url: `${ZHFW}/ywsq/saveDraft`, headers: { token }, payload: { ywlx: 'GJ0313', payload: { sjhm: '13300139998' } } });
    expect([over.statusCode, over.json<{ msg: string }>().msg]).toEqual([409, QUOTA_MESSAGES.drafts(STORAGE_QUOTAS.drafts)]);
  });

  it(`number reservations: ${STORAGE_QUOTAS.reservations} live per account, then 409`, async () => {
    const token = await signIn(app, '110101199003072316');
    const reserve = () => app.inject({ url: `${ZHFW}/id/getYthptYwbh`, query: { ywlx: 'GJ0302' }, headers: { token } });
    for (let i = 0; i < STORAGE_QUOTAS.reservations; i += 1) expect((await reserve()).statusCode).toBe(200);
    const over = await reserve();
    expect([over.statusCode, over.json<{ msg: string }>().msg]).toEqual([409, QUOTA_MESSAGES.reservations(STORAGE_QUOTAS.reservations)]);
  });

  it('material files: the bytes of an account’s open applications, then 413', async () => {
    const token = await signIn(app, '110101199003072316');
    const ywbh = (await saveDraft(token)).json<{ data: { ywbh: string } }>().data.ywbh;
    const upload = () => {
      const { payload, headers } = multipartBody({ ywbh, clbh: 'QT' }, { name: 'a.png', bytes: image('png') });
      return app.inject({ method: 'POST', url: '/api/dzda/v1/zhcjyw/uploadCl', headers: { ...headers, token }, payload });
    };
    expect((await upload()).json()).toMatchObject({ code: 0 });
    // The account's files so far stand at the quota less a few bytes (the size column is what is counted).
    const [used] = await db.query<{ n: string }>(
      `select coalesce(sum(f.size), 0)::text as n from application a join archive_file f on f.application_id = a.id where a.ywbh = $1`,
      [ywbh],
    );
    await db.query(`update archive_file set size = size + $2 where id = (select f.id from archive_file f join application a on a.id = f.application_id where a.ywbh = $1 limit 1)`, [
      ywbh,
      STORAGE_QUOTAS.fileBytes - Number(used!.n) - 10,
    ]);
    const over = await upload();
    expect([over.statusCode, over.json<{ msg: string }>().msg]).toEqual([413, QUOTA_MESSAGES.fileBytes(STORAGE_QUOTAS.fileBytes)]);
  });

  it(`column settings: ${STORAGE_QUOTAS.columnSettings} per login, then 409; changing an existing one still works`, async () => {
    const token = await signIn(app, '110105198503014033');
    const rule = [{ prop: 'a', label: 'A', isShow: 1 }];
    const save = (path: string) => app.inject({ method: 'POST', url: '/api/putil/v1/column/individuation/update', headers: { token }, payload: { path, rule } });
    for (let i = 0; i < STORAGE_QUOTAS.columnSettings; i += 1) expect((await save(`/invented/${i}`)).statusCode).toBe(200);
    const over = await save('/invented/one-more');
    expect([over.statusCode, over.json<{ msg: string }>().msg]).toEqual([409, QUOTA_MESSAGES.columnSettings(STORAGE_QUOTAS.columnSettings)]);
    expect((await save('/invented/0')).statusCode).toBe(200);
  });
});
