import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { migrationsDir } from '../paths';
import { signIn } from '../test-support/login';
import { image, multipartBody } from '../archive/test-files';
import { ARCHIVE_PREFIX } from '../archive/routes';

// Issue 31, item 7 (the rest): one draft per login, account and business type, as the draftbox promises. saveDraft
// without a number answers the login's draft of the type, with the new answers, its number and its files; the
// database holds it with a partial unique index (migration 125), which first merges the drafts made before.
// On the old code ten saves made ten drafts.

let db: Db;
let app: FastifyInstance;
const ZHFW = '/api/izfgjj-zhfw/v1';
const SUN = '110105198503014033';
const QIAN = '110105199208153027';
let sun: string;
let qian: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db });
  sun = await signIn(app, SUN);
  qian = await signIn(app, QIAN);
});
afterAll(() => app.close());

const body = (res: LightMyRequestResponse) => res.json<{ code: number; msg: string; data: { ywbh: string; zt: string } }>();
const saveDraft = (token: string, ywlx: string, payload: Record<string, unknown>, ywbh?: string) =>
  app.inject({ method: 'POST', url: `${ZHFW}/ywsq/saveDraft`, headers: { token }, payload: { ywlx, payload, ...(ywbh ? { ywbh } : {}) } });
const draftsOf = (account: string, ywlx: string) =>
  db.query<{ ywbh: string; payload: Record<string, unknown> }>(
    `select a.ywbh, a.payload from application a join app_user u on u.id = a.user_id where u.account = $1 and a.ywlx = $2 and a.zt = '00' order by a.id`,
    [account, ywlx],
  );

describe('one draft per login, account and business type', () => {
  it('ten simultaneous saves of one type make one draft', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => saveDraft(sun, 'GJ0302', { txdz: `示范市历下区草稿路 ${i + 1} 号` })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const numbers = new Set(answers.map((r) => body(r).data.ywbh));
    expect(numbers.size).toBe(1);
    const drafts = await draftsOf(SUN, 'GJ0302');
    expect(drafts.map((d) => d.ywbh)).toEqual([...numbers]);
  });

  it('a save without a number answers the draft of the type with the new answers, its number and its files', async () => {
    const [draft] = await draftsOf(SUN, 'GJ0302');
    // A marital status calls for 结婚证或离婚证 (optional): a file of the draft.
    expect(body(await saveDraft(sun, 'GJ0302', { txdz: '示范市历下区草稿路 1 号', hyzk: '20' })).data.ywbh).toBe(draft!.ywbh);
    const { payload, headers } = multipartBody({ ywbh: draft!.ywbh, clbh: 'JHZ' }, { name: 'qt.png', bytes: image('png'), type: 'image/png' });
    expect((await app.inject({ method: 'POST', url: `${ARCHIVE_PREFIX}/uploadCl`, headers: { token: sun, ...headers }, payload })).statusCode).toBe(200);
    const again = await saveDraft(sun, 'GJ0302', { txdz: '示范市历下区最新路 1 号', yzbm: '250011' });
    expect(body(again).data).toMatchObject({ ywbh: draft!.ywbh, zt: '00' });
    expect((await draftsOf(SUN, 'GJ0302')).map((d) => d.payload)).toEqual([{ txdz: '示范市历下区最新路 1 号', yzbm: '250011' }]);
    const files = await db.query(`select 1 from archive_file f join application a on a.id = f.application_id where a.ywbh = $1`, [draft!.ywbh]);
    expect(files).toHaveLength(1);
    // A number reserved for the type does not make a second draft either; the reservation stays the login's.
    const reserved = body(await app.inject({ url: `${ZHFW}/id/getYthptYwbh?ywlx=GJ0302`, headers: { token: sun } })).data as unknown as string;
    expect(body(await saveDraft(sun, 'GJ0302', { txdz: '示范市历下区预留路 2 号' }, reserved)).data.ywbh).toBe(draft!.ywbh);
    expect(await db.query('select 1 from ywbh_reservation where ywbh = $1', [reserved])).toHaveLength(1);
  });

  it('another type, or another login, has a draft of its own; once submitted or deleted, the next save makes a new one', async () => {
    const [gj0302] = await draftsOf(SUN, 'GJ0302');
    const other = body(await saveDraft(sun, 'GJ0313', { sjhm: '13300138888' })).data.ywbh;
    expect(other).not.toBe(gj0302!.ywbh);
    const qians = body(await saveDraft(qian, 'GJ0302', { txdz: '示范市市中区钱路 3 号' })).data.ywbh;
    expect(qians).not.toBe(gj0302!.ywbh);
    expect((await app.inject({ method: 'POST', url: `${ZHFW}/ywsq/deleteDraft`, headers: { token: sun }, payload: { ywbh: gj0302!.ywbh } })).statusCode).toBe(200);
    const fresh = body(await saveDraft(sun, 'GJ0302', { txdz: '示范市历下区新路 4 号' })).data.ywbh;
    expect(fresh).not.toBe(gj0302!.ywbh);
    expect((await draftsOf(SUN, 'GJ0302')).map((d) => d.ywbh)).toEqual([fresh]);
  });

  it('the database refuses a second draft of a type for a login and account, whatever writes it', async () => {
    await expect(
      db.query(
        `insert into application (ywbh, ywlx, zt, user_id, account_id, login, zh, payload, created_at, time_limit_days, updated_at)
         select 'GJ0302' || '2026010199999999', ywlx, '00', user_id, account_id, login, zh, '{}', now(), 3, now() from application
          where ywlx = 'GJ0302' and zt = '00' and login = $1`,
        [SUN],
      ),
    ).rejects.toThrow(/application_one_draft/);
  });

  it('migration 125 merges the drafts made before: the newest kept, the files of the others moved to it', async () => {
    const sql = readFileSync(join(migrationsDir(), '125_one_draft_per_type.sql'), 'utf8');
    await db.exec('drop index application_one_draft');
    const [first] = await draftsOf(QIAN, 'GJ0302');
    // Two later drafts of the same type (written as data: the calls no longer make them); the last is the newest.
    await db.query(
      `insert into application (ywbh, ywlx, zt, user_id, account_id, login, zh, payload, created_at, time_limit_days, updated_at)
       select n, 'GJ0302', '00', user_id, account_id, login, zh, '{}', now(), 3, now() from application, unnest($2::text[]) n
        where ywbh = $1 order by n`,
      [first!.ywbh, ['GJ03022020010100000001', 'GJ03022020010100000002']],
    );
    // A file on each of the two that go.
    for (const ywbh of [first!.ywbh, 'GJ03022020010100000001']) {
      await db.query(
        `insert into archive_file (file_id, application_id, clbh, file_name, mime_type, size, sha256, source, uploaded_at)
         select gen_random_uuid(), id, 'QT', 'merged.png', 'image/png', 1, repeat('a', 64), 'applicant', now() from application where ywbh = $1`,
        [ywbh],
      );
    }
    await db.transaction(async (tx) => tx.exec(sql));
    expect((await draftsOf(QIAN, 'GJ0302')).map((d) => d.ywbh)).toEqual(['GJ03022020010100000002']);
    const moved = await db.query(
      `select 1 from archive_file f join application a on a.id = f.application_id where a.ywbh = 'GJ03022020010100000002' and f.file_name = 'merged.png'`,
    );
    expect(moved).toHaveLength(2);
    expect(await db.query(`select 1 from pg_indexes where indexname = 'application_one_draft'`)).toHaveLength(1);
  });
});
