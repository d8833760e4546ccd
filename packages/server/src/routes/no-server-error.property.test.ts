import type * as FastifyModule from 'fastify';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { DEMO_LOGINS } from '../seed/demo';
import { prepareDatabase } from '../start';
import { freshIp, publicKey, signIn } from '../test-support/login';

// Issue 18 item 9: no input gives a 5xx. Every route the app has (collected as Fastify adds them) gets arbitrary query
// strings, path parameters and bodies: texts with control characters, 1e309, NaN-ish words, huge and negative
// numbers, deep objects, arrays; signed in or not. Any answer of 500 or more fails, with the route and the input.

const routes: RouteOptions[] = [];
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof FastifyModule>();
  const make = ((options?: Parameters<typeof real.default>[0]) => {
    const app = real.default(options);
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    return app;
  }) as typeof real.default;
  return { ...real, default: make };
});

let db: Db;
let app: FastifyInstance;
let token = '';
let key = '';
const errors: string[] = [];

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({
    db,
    // Every call comes from one process: limits are per address (each call has its own), shedding is flood.test.ts's.
    maxEventLoopDelay: 0,
    logger: { level: 'error', stream: { write: (line: string) => void errors.push(line) } },
  });
  await app.ready();
  token = await signIn(app, (DEMO_LOGINS[0] as { account: string }).account);
  key = await publicKey(app);
  // Creating and seeding a database can take over a minute while the machine runs other test files beside this one.
}, 180_000);

afterAll(() => app?.close());

/** A whole text of the kinds that broke the server, or anything. */
const nastyText = fc.oneof(
  fc.constantFrom('1e309', '-1e309', '1e-16', 'NaN', 'Infinity', '-Infinity', '-0', '0x10', '1'.repeat(400), '', ' ', 'null', 'true', '[]', '{}'),
  fc.constantFrom('a\u0000b', '\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085', 'x\ny', '\t', '\r\n', '\ud800', '\udfff', '😀', '%00'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
);

/** A JSON value: any of the above, numbers (1e309 is written into the JSON text), nested objects and arrays. */
const INFINITY = '__1e309__';
const nastyJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyText,
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(INFINITY, 0, -1, 1, 2 ** 53, -(2 ** 63), 1e308, 5e-324, true, false, null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 10 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
};

const fieldsOf = (schema: unknown): string[] => Object.keys((schema as JsonSchema | undefined)?.properties ?? {});

/** A value the schema accepts, as far as a few common keywords tell; most calls then get past validation. */
function validFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema) return nastyText;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') {
    const min = Math.max(schema.minimum ?? 0, -1e6);
    return fc.integer({ min, max: Math.max(min, Math.min(schema.maximum ?? 1000, 1e6)) });
  }
  if (type === 'boolean') return fc.boolean();
  if (type === 'object' && depth < 3) return objectFor(schema, depth + 1);
  if (type === 'array' && depth < 3) return fc.array(validFor(schema.items, depth + 1), { maxLength: 3 });
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((t) => t.length <= (schema.maxLength ?? 1e4));
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 20) });
}

/**
 * An object for the schema: each field (most of the time all required ones) valid as far as the schema tells, or now
 * and then an arbitrary nasty value; sometimes one more field.
 */
function objectFor(schema: unknown, depth = 0, nasty: fc.Arbitrary<unknown> = nastyJson): fc.Arbitrary<Record<string, unknown>> {
  const s = (schema ?? {}) as JsonSchema;
  const fields = Object.fromEntries(
    [...fieldsOf(s), 'x'].map((field) => [
      field,
      fc.oneof({ weight: field === 'x' ? 1 : 5, arbitrary: validFor(s.properties?.[field], depth) }, { weight: 2, arbitrary: nasty }),
    ]),
  );
  const required = (s.required ?? []).filter((f) => f in fields);
  return fc.oneof(fc.record(fields, { requiredKeys: required }), fc.record(fields, { requiredKeys: [] }));
}

/** Raw bodies the JSON parser itself must turn away with a 4xx. */
const rawBody = fc.constantFrom('[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]', '{"a":', '{"__proto__":{"x":1}}', '"\u0000"', 'null', '1e309', '{"a":1e309}', '[' .repeat(20_000));

const queryText = (query: Record<string, unknown>): string => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, typeof item === 'string' ? item : JSON.stringify(item) ?? '');
  }
  return params.toString();
};

describe('no input gives a 5xx (issue 18 item 9)', () => {
  it('every route, arbitrary query, path and body, signed in or not', async () => {
    const list = routes.filter((r) => !['HEAD', 'OPTIONS'].includes(String(r.method)));
    expect(list.length).toBeGreaterThan(40);
    const seen = new Set<string>();
    const input = fc.integer({ min: 0, max: list.length - 1 }).chain((i) => {
      const route = list[i] as RouteOptions;
      const schema = route.schema ?? {};
      return fc.record({
        i: fc.constant(i),
        query: objectFor(schema.querystring, 0, fc.oneof(nastyText, fc.array(nastyText, { maxLength: 3 }))),
        params: fc.array(nastyText, { minLength: 3, maxLength: 3 }),
        body: fc.oneof(
          { weight: 6, arbitrary: objectFor(schema.body).map((b) => JSON.stringify(b).replaceAll(`"${INFINITY}"`, '1e309')) },
          { weight: 1, arbitrary: rawBody },
          // A field as the hall sends it: SM2-encrypted, here with a control character inside.
          { weight: 1, arbitrary: fc.constantFrom('a\u0000b', 'x\ny', '\u001b').map((t) => JSON.stringify(Object.fromEntries(fieldsOf(schema.body).map((f) => [f, sm2Encrypt(t, key)])))) },
        ),
        signedIn: fc.boolean(),
      });
    });
    await fc.assert(
      fc.asyncProperty(input, async ({ i, query, params, body, signedIn }) => {
        const route = list[i] as RouteOptions;
        let n = 0;
        // A lone surrogate cannot be percent-encoded (encodeURIComponent throws), and no client could send one in a path.
        const path = route.url.replace(/:[A-Za-z]+|\*/g, () => encodeURIComponent((params[n++] ?? 'x').replace(/[\ud800-\udfff]/g, '\ufffd')));
        const q = queryText(query);
        const method = String(route.method) as 'GET' | 'POST';
        const res = await app.inject({
          method,
          url: q ? `${path}?${q}` : path,
          remoteAddress: freshIp(),
          headers: { 'content-type': 'application/json', ...(signedIn ? { token } : {}) },
          ...(method === 'GET' ? {} : { payload: body }),
        });
        seen.add(route.url);
        if (res.statusCode >= 500) {
          throw new Error(`${method} ${route.url} answered ${res.statusCode} ${res.body}\n query ${q}\n body ${body.slice(0, 300)}\n${errors.slice(-1).join('')}`);
        }
      }),
      { numRuns: 700, interruptAfterTimeLimit: 45_000 },
    );
    // Most routes were reached at least once, so no route was left out by chance.
    expect(seen.size).toBeGreaterThan(list.length * 0.6);
  }, 120_000);
});
