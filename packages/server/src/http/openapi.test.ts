import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import Fastify from 'fastify';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { prepareDatabase } from '../start';
import { answerViolations } from './contract';
import { AREAS, OPENAPI_PATHS, registerOpenApi, UNDOCUMENTED_CATCH_ALLS, UNTAGGED } from './openapi';

// Every route the server can have: the hall's files, the development calls and the centre's API switched on.
let app: FastifyInstance;
let hallDir: string;
type Media = { schema?: Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> } };
type Op = { summary?: string; tags?: string[]; operationId?: string; security?: Record<string, string[]>[]; responses?: Record<string, { $ref?: string; content?: Record<string, Media> }> };
type Doc = { openapi: string; paths: Record<string, Record<string, Op>> };
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

const meaningful = (schema: Record<string, unknown> | undefined) => !!schema && Object.keys(schema).some((k) => !['description', 'title', 'examples'].includes(k));

/**
 * What the gate refuses in a document: an operation without an operationId (or a duplicate one), an area, a security
 * decision (`security`, `[]` for public), a Chinese summary, or a success answer with a real schema (JSON answers:
 * the envelope with `data` described). A non-JSON answer typed as JSON is caught when the call answers (contract.ts).
 */
function documentProblems(document: Doc): string[] {
  const problems: string[] = [];
  const ids = new Map<string, string>();
  const areas = new Set<string>(Object.values(AREAS));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const name = `${method.toUpperCase()} ${path}`;
      if (!op.operationId) problems.push(`${name}: no operationId`);
      else if (ids.has(op.operationId)) problems.push(`${name}: operationId ${op.operationId} also on ${ids.get(op.operationId)}`);
      else ids.set(op.operationId, name);
      if (!op.tags?.[0] || !areas.has(op.tags[0])) problems.push(`${name}: no area tag`);
      if (!Array.isArray(op.security)) problems.push(`${name}: no security decision`);
      if (!/[\u4e00-\u9fa5]/.test(op.summary ?? '')) problems.push(`${name}: no Chinese summary`);
      const successes = Object.entries(op.responses ?? {}).filter(([status]) => /^[23]/.test(status));
      const described = successes.filter(([status, answer]) => status.startsWith('3') || Object.values(answer.content ?? {}).some((m) => meaningful(m.schema)));
      if (!described.length) problems.push(`${name}: no success answer with a schema`);
      for (const [, answer] of successes) {
        const json = answer.content?.['application/json']?.schema;
        if (!json || op.operationId === 'getOpenApiDocument' || json.additionalProperties === true) continue;
        if (!json.properties?.data) problems.push(`${name}: a JSON success answer without the envelope`);
        else if (!meaningful(json.properties.data)) problems.push(`${name}: the envelope's data is not described`);
      }
    }
  }
  return problems;
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
    // The catch-alls (the hall's files, the CORS preflight) are left out on purpose: `{*}` is no valid path.
    const catchAlls = new Set<string>(UNDOCUMENTED_CATCH_ALLS);
    const expected = withoutHead(routes.filter((r) => !catchAlls.has(`${r.method} ${r.url}`)).map((r) => `${r.method} ${openApiPath(r.url)}`));
    const described = withoutHead(operations().map((o) => `${o.method} ${o.path}`));
    expect(described).toEqual([...new Set(expected)]);
    // Not a handful: the hall's whole contract.
    expect(described.length).toBeGreaterThan(140);
  });

  it('gives every call a group, a Chinese summary, a success and an error answer', () => {
    for (const { method, path } of operations()) {
      const op = doc.paths[path]![method.toLowerCase()]!;
      expect(op.tags?.[0], `${method} ${path}`).toBeTruthy();
      expect(op.tags, `${method} ${path} 未分组`).not.toContain(UNTAGGED);
      expect(op.summary, `${method} ${path}`).toMatch(/[\u4e00-\u9fa5]/);
      expect(Object.keys(op.responses ?? {}).some((s) => /^[23]/.test(s)), `${method} ${path}`).toBe(true);
      expect(op.responses?.default, `${method} ${path}`).toBeTruthy();
    }
  });

  it('describes every operation fully: operationId, area, security decision, a real success schema', () => {
    expect(documentProblems(doc)).toEqual([]);
  });

  it('marks the calls that need a session with the token header, the centre API with its key, public ones with none', () => {
    expect(doc.paths['/api/auth/v1/getUserInfo']!.get!.security).toEqual([{ token: [] }]);
    expect(doc.paths['/api/izfgjj-zhfw/v1/grmx/list']!.get!.security).toEqual([{ token: [] }]);
    expect(doc.paths['/api/izfgjj-zhfw/v1/llgl/getDkllList']!.get!.security).toEqual([]);
    expect(doc.paths['/api/centre/v1/applications']!.get!.security).toEqual([{ centreKey: [] }]);
    expect(doc.paths['/api/dzda/v1/zhcjyw/getCls']!.post!.security).toEqual([{ token: [] }, { centreKey: [] }]);
    expect(doc.paths['/api/izfgjj-zhfw/v1/grmx/list']!.get!.operationId).toBe('getGrmxList');
    expect(doc.paths['/api/izfgjj-zhfw/v1/grmx/list']!.get!.tags?.[0]).toBe(AREAS.personal);
  });

  it("passes Redocly's recommended rules with no error (the warnings kept are listed in docs/api-openapi.md)", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer ?? ''}`);
    expect(errors).toEqual([]);
    // Kept on purpose: calls that take no input and need no session have no 4xx of their own (the default answer is documented).
    const KEPT_WARNINGS = new Set(['operation-4xx-response']);
    expect([...new Set(problems.filter((p) => !KEPT_WARNINGS.has(p.ruleId)).map((p) => p.ruleId))]).toEqual([]);
  });

  it('catches a new route that is not described (no schema, JSON typed answer that is not JSON)', async () => {
    const bare = Fastify();
    await registerOpenApi(bare);
    bare.get('/api/izfgjj-zhfw/v1/new/thing', async () => ({ code: 0, msg: '', data: {} }));
    bare.get('/api/izfgjj-zhfw/v1/new/file', { schema: { summary: '新文件', response: { 200: { type: 'string' } } } }, async (_r, reply) =>
      reply.type('text/csv').send('a,b'),
    );
    await bare.ready();
    const problems = documentProblems(bare.swagger() as unknown as Doc);
    expect(problems).toContain('GET /api/izfgjj-zhfw/v1/new/thing: no success answer with a schema');
    expect(problems).toContain('GET /api/izfgjj-zhfw/v1/new/thing: no Chinese summary');
    expect(problems).toContain('GET /api/izfgjj-zhfw/v1/new/file: a JSON success answer without the envelope');
    await bare.close();
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

  it('enforces what it documents: without credentials no protected call succeeds, every answer fits the document', async () => {
    const failures: string[] = [];
    for (const { method, path } of operations()) {
      const op = doc.paths[path]![method.toLowerCase()]!;
      const open = !op.security?.length || op.security.some((s) => Object.keys(s).length === 0);
      if (open || method === 'OPTIONS') continue;
      const url = path.replace(/\{[^}]+\}/g, 'x');
      const res = await app.inject({ method: method as HTTPMethods, url });
      if (res.statusCode < 400) failures.push(`${method} ${path} documents ${JSON.stringify(op.security)} but answered ${res.statusCode} without it`);
    }
    expect(failures).toEqual([]);
    // The calls of this file (bad input, no token, a wrong token) answered as the document says (contract.ts).
    expect([...new Set(answerViolations().splice(0))]).toEqual([]);
  }, 120_000);
});

/** The sdk's contract types (packages/sdk/src/api), generated from the document's /api/ calls. */
const API_TYPES = resolve(__dirname, '../../../sdk/src/api/openapi.ts');
const API_TYPES_HEADER = `// Generated by openapi-typescript from the server's /api/openapi.json (its /api/ calls); do not edit. The server's test
// packages/server/src/http/openapi.test.ts fails when this file is not the document's; with UPDATE_API_TYPES=1 it
// writes it.
`;

describe('the contract types (@gjj-hall/sdk/api)', () => {
  it('are generated from this document (UPDATE_API_TYPES=1 rewrites them)', async () => {
    const api = { ...doc, paths: Object.fromEntries(Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/'))) };
    const text = API_TYPES_HEADER + astToString(await openapiTS(api as never, { alphabetize: false }));
    if (process.env.UPDATE_API_TYPES === '1') writeFileSync(API_TYPES, text);
    expect(readFileSync(API_TYPES, 'utf8') === text, 'packages/sdk/src/api/openapi.ts is not the document: run with UPDATE_API_TYPES=1').toBe(true);
    // No answer body is left untyped.
    expect(text.match(/"application\/json": unknown/g) ?? []).toEqual([]);
  });
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
