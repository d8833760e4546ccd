import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test/support/net';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { PRODUCTION } from '../test-support/production';
import { GOV_PROBE_CACHE_MS, platformAnswers } from './sso';

// Issue 23: /zwLogin with the government platform unreachable says so instead of sending the citizen to the
// browser's error page. The hall asks GET zw/status before it leaves; these tests point the platform's address at a
// closed port, at a live page and at a failing one.

let db: Db;
let app: FastifyInstance;
let clock = Date.parse('2026-11-26T10:00:00+08:00');
const servers: Server[] = [];

/** A local page answering `status` to everything, as a platform's sign-in page would. */
async function page(status: number): Promise<{ url: string; server: Server }> {
  const server = createServer((_, res) => res.writeHead(status).end());
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/login`, server };
}

const pointAt = async (url: string) =>
  expect((await app.inject({ method: 'POST', url: '/dev/gov-platform', payload: { url } })).statusCode).toBe(200);
const status = async () => (await app.inject({ method: 'GET', url: '/api/auth/v1/zw/status' })).json() as { code: number; data: { reachable: boolean | null } };

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date(clock) });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  await app.close();
});

describe('GET zw/status (is the government platform reachable now)', () => {
  it('answers false for a closed port, true for a page that answers, false for one that fails (5xx)', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/`;
    await pointAt(closed);
    expect(await status()).toEqual({ code: 0, msg: expect.any(String), data: { reachable: false } });
    // A refused connection is known at once, not after the timeout: with a ten-minute timeout it still answers
    // (waiting the timeout out would run into the test's own limit), no clock read.
    expect(await platformAnswers(closed, 600_000)).toBe(false);

    const live = await page(200);
    await pointAt(live.url);
    expect((await status()).data.reachable).toBe(true);

    // A redirect or a 405 to HEAD is still a platform that answers.
    const moved = await page(302);
    await pointAt(moved.url);
    expect((await status()).data.reachable).toBe(true);

    const failing = await page(503);
    await pointAt(failing.url);
    expect((await status()).data.reachable).toBe(false);
  });

  it('asks the platform at most once per window, then again', async () => {
    let asked = 0;
    const counted = createServer((_, res) => {
      asked += 1;
      res.writeHead(200).end();
    });
    servers.push(counted);
    await new Promise<void>((done) => counted.listen(0, '127.0.0.1', done));
    const address = counted.address();
    await pointAt(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/auth`);
    const answers = await Promise.all(Array.from({ length: 5 }, status));
    expect(answers.map((a) => a.data.reachable)).toEqual([true, true, true, true, true]);
    expect(asked).toBe(1);
    // Gone within the window: the kept answer stands; after it, the platform is asked again and found gone.
    await new Promise((done) => counted.close(done));
    expect((await status()).data.reachable).toBe(true);
    clock += GOV_PROBE_CACHE_MS + 1;
    expect((await status()).data.reachable).toBe(false);
  });

  it('answers null where single sign-on is not open (production without a platform)', async () => {
    const prod = await buildApp({ db: { ...db, close: async () => {} }, ...PRODUCTION });
    try {
      expect((await prod.inject({ method: 'GET', url: '/api/auth/v1/zw/status' })).json()).toMatchObject({ code: 0, data: { reachable: null } });
    } finally {
      await prod.close();
    }
  });
});
