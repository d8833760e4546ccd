import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { prepareDatabase } from '../start';
import { OPENAPI_PATHS, UNTAGGED } from './openapi';

// Every route the server can have: the hall's files, the development calls and the centre's API switched on.
let app: FastifyInstance;
let hallDir: string;
type Doc = { openapi: string; paths: Record<string, Record<string, { summary?: string; tags?: string[]; responses?: Record<string, unknown> }>> };
let doc: Doc;
/** The route the last request reached (its url as registered), or null when none matched (the not-found handler). */
const reached = new Map<string, string | null>();

beforeAll(async () => {
  hallDir = mkdtempSync(join(tmpdir(), 'gjj-openapi-'));
  mkdirSync(join(hallDir, 'assets'));
  writeFileSync(join(hallDir, 'home.html'), '<!doctype html><title>hall</title>');
  const db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, hallDir, devRoutes: true, centreApiKey: 'k'.repeat(32), loginRateLimit: 10_000 });
  app.addHook('onResponse', async (request) => {
    reached.set(request.id, request.is404 ? null : (request.routeOptions.url ?? null));
  });
  await app.ready();
  doc = (await app.inject({ url: OPENAPI_PATHS.document })).json<Doc>();
}, 120_000);

afterAll(async () => {
  await app?.close();
  rmSync(hallDir, { recursive: true, force: true });
});

/** Fastify's `/a/:id` as OpenAPI writes it, `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

function operations(): { method: string; path: string }[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })));
}

describe('the OpenAPI document (/api/openapi.json)', () => {
  it('is OpenAPI 3.1 and describes every registered route, with none hidden', () => {
    expect(doc.openapi).toBe('3.1.0');
    const routes = app.registeredRoutes;
    expect(routes.filter((r) => r.hidden)).toEqual([]);
    // Fastify adds a HEAD beside each GET: the same call, listed once as the GET.
    const withoutHead = (list: string[]) => {
      const gets = new Set(list.filter((r) => r.startsWith('GET ')).map((r) => r.slice(4)));
      return list.filter((r) => !(r.startsWith('HEAD ') && gets.has(r.slice(5)))).sort();
    };
    const expected = withoutHead(routes.map((r) => `${r.method} ${openApiPath(r.url)}`));
    const described = withoutHead(operations().map((o) => `${o.method} ${o.path}`));
    expect(described).toEqual([...new Set(expected)]);
    // Not a handful: the hall's whole contract.
    expect(described.length).toBeGreaterThan(140);
  });

  it('gives every call a group, a Chinese summary, a success and an error answer', () => {
    for (const { method, path } of operations()) {
      const op = doc.paths[path]![method.toLowerCase()]!;
      expect(op.tags?.[0], `${method} ${path}`).toBeTruthy();
      expect(op.tags, `${method} ${path} 未分组`).not.toEqual([UNTAGGED]);
      expect(op.summary, `${method} ${path}`).toMatch(/[\u4e00-\u9fa5]/);
      expect(Object.keys(op.responses ?? {}).some((s) => /^[23]/.test(s)), `${method} ${path}`).toBe(true);
      expect(op.responses?.default, `${method} ${path}`).toBeTruthy();
    }
  });

  it('marks the calls that need a session with the token header', () => {
    const info = doc.paths['/api/auth/v1/getUserInfo']!.get as { security?: unknown };
    expect(info.security).toEqual([{ token: [] }]);
    const rates = doc.paths['/api/izfgjj-zhfw/v1/llgl/getDkllList']!.get as { security?: unknown };
    expect(rates.security).toBeUndefined();
  });

  it('every described call answers from its own route, never 404 or 5xx, when called with no or wrong input', async () => {
    const failures: string[] = [];
    for (const { method, path } of operations()) {
      // `{*}` alone is the CORS preflight of any path; `/{*}` the hall's files.
      const url = path === '{*}' ? '/api/health' : path.replace('{*}', 'home.html').replace(/\{[^}]+\}/g, 'x');
      // A preflight is only one with an origin and the method it asks for (without them @fastify/cors answers 404).
      const preflight = method === 'OPTIONS' ? { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' } : {};
      reached.clear();
      const res = await app.inject({ method: method as HTTPMethods, url, headers: { token: 'not-a-token', ...preflight } });
      const route = [...reached.values()][0];
      if (res.statusCode >= 500 || !route) {
        failures.push(`${method} ${path} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('the reference page (/api/docs)', () => {
  it('is an HTML page under the hall CSP, listing every call, with its stylesheet', async () => {
    const res = await app.inject({ url: OPENAPI_PATHS.page });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(/<script|style=/.test(res.body), 'no script, no inline style').toBe(false);
    expect(res.body.match(/<article /g)?.length).toBe(operations().length);
    expect(res.body.includes('<code>/api/auth/v1/auth/oauth/token</code>'), 'the refresh call is listed').toBe(true);
    const css = await app.inject({ url: OPENAPI_PATHS.stylesheet });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });
});
