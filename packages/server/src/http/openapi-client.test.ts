import type { FastifyInstance, InjectOptions } from 'fastify';
import createClient from 'openapi-fetch';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import type { ApiPaths } from '@gjj-hall/sdk/api';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { DEMO_PASSWORD } from '../seed/demo';
import { prepareDatabase } from '../start';
import { grantSecondCheck } from '../test-support/two-check';

// An integrator's client generated from /api/openapi.json (openapi-fetch over the types of @gjj-hall/sdk/api), over
// the server in memory: sign in as the demo individual as a script would (docs/api-openapi.md, "Signing in from a
// script"), then read the account information and the detail list, typed with no `unknown` in between.
let db: Db;
let app: FastifyInstance;
const clock = new Date('2026-11-26T02:00:00Z');

/** fetch() answered by `app.inject`, so the client runs unchanged against the server in memory. */
async function injectFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const res = await app.inject({
    method: request.method as InjectOptions['method'],
    url: url.pathname + url.search,
    headers: Object.fromEntries(request.headers),
    remoteAddress: '10.32.0.1',
    ...(body ? { payload: body } : {}),
  });
  return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
    status: res.statusCode,
    headers: Object.entries(res.headers).flatMap(([name, value]) => [value].flat().map((v) => [name, String(v)] as [string, string])),
  });
}

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock, loginRateLimit: 1000 });
}, 120_000);
afterAll(() => app.close());

describe('a client generated from the OpenAPI document', () => {
  it('signs in as the demo individual and reads the account information and the detail list, typed', async () => {
    const api = createClient<ApiPaths>({ baseUrl: 'http://hall.test', fetch: injectFetch, headers: { client: 'wt', jproject: 'izfgjj' } });
    const key = (await api.GET('/api/auth/v1/getPubleKey')).data?.data;
    const captcha = (await api.GET('/api/auth/v1/getImgCode')).data?.data;
    expect(typeof key).toBe('string');
    // Development only: the captcha's answer from the outbox (a person reads the picture in production).
    const outbox = (await app.inject({ url: `/dev/outbox?kind=captcha&to=${captcha?.uuid}` })).json<{ data: { code: string }[] }>().data;
    const signIn = await api.POST('/api/auth/v1/otherAuth/accountLogin', {
      params: { query: { grant_type: 'password', scope: 'server' } },
      body: {
        loginType: 1,
        username: sm2Encrypt('110101199003072316', key!),
        password: sm2Encrypt(DEMO_PASSWORD, key!),
        code: outbox[0]!.code,
        uuid: captcha!.uuid!,
      },
    });
    expect(signIn.response.status).toBe(200);
    const token = signIn.response.headers.get('token')!;
    expect(token).toBeTruthy();

    const info = await api.GET('/api/izfgjj-zhfw/v1/grzhxx/list', { headers: { token } });
    const accounts = info.data!.data.accounts;
    expectTypeOf(accounts[0]!.grzhye).toEqualTypeOf<string>();
    expectTypeOf(accounts[0]!.kind).toEqualTypeOf<'gr' | 'lhjy'>();
    expect(accounts.map((a) => a.grzh)).toContain('201000000101');
    expect(info.data!.data.holder.xingming).toBe('张三');

    const period = (await api.GET('/api/izfgjj-zhfw/v1/grmx/accounts', { headers: { token } })).data!.data.period;
    // 个人明细查询 is an enable-10 page: its list needs the session's second-check grant (issue 31), taken through the
    // real QR flow as a person does (the same login confirms on a second device).
    await grantSecondCheck(app, db, token, '110101199003072316', '/grwt/zhxx/zhcx/grmxcx');
    const detail = await api.GET('/api/izfgjj-zhfw/v1/grmx/list', {
      headers: { token },
      params: { query: { grzh: '201000000101', startTime: period.startTime, endTime: period.endTime, pageSize: 10 } },
    });
    const page = detail.data!.data;
    expectTypeOf(page.list[0]!.ye).toEqualTypeOf<string>();
    expectTypeOf(page.summary).toEqualTypeOf<{ count: number; income: string; outgo: string; opening: string; closing: string } | null>();
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.summary?.count).toBeGreaterThan(0);
  });
});
