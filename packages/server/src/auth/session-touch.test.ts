import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db, Queryable } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { grantSecondCheck } from '../test-support/two-check';
import { SESSION_EXPIRED_MESSAGE, SESSION_IDLE_MS, SESSION_TOUCH_INTERVAL_MS } from './session';

// Issue 35 item 1: a signed-in read does no durable write. The session's last use is written at most once a
// SESSION_TOUCH_INTERVAL_MS; the idle limit stays exact on one instance; logout takes effect at the next request.

const ZHANG = '110101199003072316';
const GRZH = '201000000101';
const WRITE = /^\s*(insert|update|delete|merge|create|alter|drop|truncate)\b/i;

let db: Db;
let app: FastifyInstance;
let clock = Date.parse('2026-11-26T09:00:00+08:00');
/** Every writing statement the server sent, as sent. */
const writes: string[] = [];
/** Every statement the server sent, as sent. */
const statements: string[] = [];

/** The database, with every statement that writes noted in `writes` (in a transaction too). */
function watched(inner: Db): Db {
  const note = (sql: string) => {
    statements.push(sql.replace(/\s+/g, ' ').trim());
    if (WRITE.test(sql)) writes.push(sql.replace(/\s+/g, ' ').trim());
  };
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => (note(sql), q.query(sql, params)),
    exec: (sql) => (note(sql), q.exec(sql)),
  });
  return {
    kind: inner.kind,
    ...wrap(inner),
    transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))),
    close: () => inner.close(),
  };
}

beforeAll(async () => {
  db = watched(await prepareDatabase({ memory: true }, true));
  // The access token lives longer than the idle limit here, so only the idle limit ends the session.
  app = await buildApp({ db, now: () => new Date(clock), accessTokenTtlMs: 2 * SESSION_IDLE_MS });
});
afterAll(() => app.close());

const READS = [
  `/api/izfgjj-zhfw/v1/grzhxx/info?grzh=${GRZH}`,
  `/api/izfgjj-zhfw/v1/grmx/list?grzh=${GRZH}&startTime=2015-01-01&endTime=2026-11-26&pageSize=20`,
  '/api/izfgjj-zhfw/v1/ywsq/list?pageNum=1&pageSize=10',
  '/api/auth/v1/getUserInfo',
];
const get = (url: string, token: string) => app.inject({ url, headers: { token } });

describe('a signed-in read', () => {
  it('writes nothing: the account info, the detail list, my business and the user info, many times within a minute', async () => {
    const token = await signIn(app, ZHANG);
    // The detail list is an enable-10 page (个人明细查询): its second-check grant is taken, and written, before the reads.
    await grantSecondCheck(app, db, token, ZHANG, '/grwt/zhxx/zhcx/grmxcx');
    clock += 1000;
    writes.length = 0;
    for (let round = 0; round < 5; round += 1) {
      for (const url of READS) expect((await get(url, token)).statusCode, url).toBe(200);
      clock += 5_000;
    }
    expect(writes).toEqual([]);
  });

  it('sends three statements for the account info: the session with the identity check, the holder with the account, the figures', async () => {
    const token = await signIn(app, ZHANG);
    clock += 1000;
    statements.length = 0;
    expect((await get(READS[0]!, token)).statusCode).toBe(200);
    expect(statements, statements.join('\n')).toHaveLength(3);
    expect(statements[0]).toMatch(/identity_verified/);
    expect(statements[1]).toMatch(/personal_account/);
  });

  it('records the use at most once a minute, with one write', async () => {
    const token = await signIn(app, ZHANG);
    clock += SESSION_TOUCH_INTERVAL_MS;
    writes.length = 0;
    for (let i = 0; i < 10; i += 1) {
      expect((await get(READS[0]!, token)).statusCode).toBe(200);
      clock += 1000;
    }
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^update user_session set last_used_at/);
  });

  it('keeps the idle limit exact: a use not yet written still counts, the session ends 30 minutes after the last use', async () => {
    const token = await signIn(app, ZHANG);
    clock += SESSION_TOUCH_INTERVAL_MS - 1000; // not written: the stored use is the sign-in's
    writes.length = 0;
    expect((await get(READS[0]!, token)).statusCode).toBe(200);
    expect(writes).toEqual([]);
    clock += SESSION_IDLE_MS - 1; // 30 minutes after the last use, less a millisecond
    expect((await get(READS[0]!, token)).statusCode).toBe(200);
    clock += SESSION_IDLE_MS; // unused for exactly 30 minutes
    const over = await get(READS[0]!, token);
    expect(over.statusCode).toBe(401);
    expect(over.json().msg).toBe(SESSION_EXPIRED_MESSAGE);
  });

  it('is refused at the next request after logout', async () => {
    const token = await signIn(app, ZHANG);
    expect((await get(READS[0]!, token)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/v1/auth/token/logout', headers: { token } })).statusCode).toBe(200);
    expect((await get(READS[0]!, token)).statusCode).toBe(401);
  });
});
