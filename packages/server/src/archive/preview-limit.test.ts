import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_REQUESTS_MESSAGE } from '../auth/rate-limit';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { freshIp, signIn } from '../test-support/login';
import { PREVIEW_PER_ADDRESS_PER_MINUTE, PREVIEW_PER_LINK_PER_MINUTE } from './signing';

// Issue 31, item 4: the signing preview (qmInfo, no session) is limited per link and per address, and the drawn
// letter is kept per version, so a flood neither draws a PDF per call nor stalls the server.

let db: Db;
let app: FastifyInstance;
let token: string;
const A = '/api/dzda/v1/zhcjyw';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date('2026-11-26T02:00:00Z') });
  token = await signIn(app, '110101199003072316');
});
afterAll(() => app.close());

const link = async (): Promise<string> => {
  const ywbh = (await app.inject({ method: 'POST', url: '/api/izfgjj-zhfw/v1/ywsq/saveDraft', headers: { token }, payload: { ywlx: 'GJ0302', payload: { zjhm: '110105199506205112' } } })).json<{
    data: { ywbh: string };
  }>().data.ywbh;
  return (await app.inject({ method: 'POST', url: `${A}/qm`, headers: { token }, payload: { ywbh } })).json<{ data: { uuid: string } }>().data.uuid;
};
const info = (uuid: string, remoteAddress = freshIp()) => app.inject({ url: `${A}/qmInfo`, query: { uuid }, remoteAddress });

describe('qmInfo', () => {
  it(`answers ${PREVIEW_PER_LINK_PER_MINUTE} previews a minute per link, the same drawn letter each time, then 429`, async () => {
    const uuid = await link();
    const answers = await Promise.all(Array.from({ length: PREVIEW_PER_LINK_PER_MINUTE + 5 }, () => info(uuid)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(PREVIEW_PER_LINK_PER_MINUTE);
    expect(new Set(ok.map((r) => r.json<{ data: { letterBase64: string } }>().data.letterBase64)).size).toBe(1);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json()).toMatchObject({ code: 429, msg: TOO_MANY_REQUESTS_MESSAGE });
  });

  it(`answers one address ${PREVIEW_PER_ADDRESS_PER_MINUTE} a minute whatever the links`, async () => {
    const address = freshIp();
    const uuids = await Promise.all(Array.from({ length: 4 }, () => link()));
    const codes: number[] = [];
    for (let i = 0; i < PREVIEW_PER_ADDRESS_PER_MINUTE + 2; i += 1) codes.push((await info(uuids[i % 4]!, address)).statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(2);
  });
});
