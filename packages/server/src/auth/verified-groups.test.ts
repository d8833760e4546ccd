import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { UNVERIFIED_DEMO_LOGIN } from '../seed/identity';
import { UNVERIFIED_MESSAGE } from './identity';
import { GUARDED_ROUTES, PUBLIC_CALLS, VERIFIED_GROUPS, needsVerified } from './verified-groups';

// Issue 31, item 8: every business call requires a verified identity, by one rule on the route groups.

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db });
  await app.ready();
});
afterAll(() => app.close());

describe('verified identity on the business groups', () => {
  it('jczm/accounts refuses an unverified login (it answered the accounts of the ID number it registered with)', async () => {
    const token = await signIn(app, UNVERIFIED_DEMO_LOGIN.account);
    const res = await app.inject({ url: '/api/izfgjj-zhfw/v1/jczm/accounts', headers: { token } });
    expect([res.statusCode, res.json<{ msg: string }>().msg]).toEqual([403, UNVERIFIED_MESSAGE]);
  });

  it('puts the rule on every route of the groups, as the OpenAPI document lists them', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const calls = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const business = calls.filter((c) => needsVerified(c.split(' ')[1]!));
    expect(business.length).toBeGreaterThan(15);
    for (const c of business) expect(GUARDED_ROUTES, c).toContain(c);
    // The public verification of a certificate stays open.
    expect(needsVerified('/api/izfgjj-zhfw/v1/jczm/verify')).toBe(false);
  });

  it('walks every call of every group with an unverified login: 403 and the same words, before its input is read', async () => {
    const token = await signIn(app, UNVERIFIED_DEMO_LOGIN.account);
    const doc = (await app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const calls = Object.entries(doc.paths)
      .filter(([path]) => needsVerified(path))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => [m.toUpperCase() as 'GET' | 'POST', path] as const));
    // Every group has calls (tq, dkyw, dwyw and dwlxd joined with issue 31's finish).
    for (const group of VERIFIED_GROUPS) expect(calls.some(([, path]) => path.startsWith(group)), group).toBe(true);
    for (const [method, path] of calls) {
      // No query and an empty body: the refusal comes before validation.
      const res = await app.inject({ method, url: path.replace(/\{[^}]+\}/g, 'x'), headers: { token }, ...(method === 'GET' ? {} : { payload: {} }) });
      expect([res.statusCode, res.json<{ msg: string }>().msg], `${method} ${path}`).toEqual([403, UNVERIFIED_MESSAGE]);
    }
  });

  it('leaves the public calls of those groups open to anyone', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    for (const call of PUBLIC_CALLS) {
      expect(doc.paths[call], call).toBeDefined();
      expect(GUARDED_ROUTES.has(`GET ${call}`) || GUARDED_ROUTES.has(`POST ${call}`), call).toBe(false);
    }
  });
});
