import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The answer check (docs/api-openapi.md, "The gate"): under test (`GJJ_CHECK_ANSWERS=1`, set by the server's vitest
 * project) every answer a route gives is checked against the operation the document describes: its status is
 * documented (a 401 or 403 only where the operation has a security requirement or lists it, a 429 only where it is
 * throttled), its content type is
 * one the answer lists, its JSON body fits the schema, and a sign-in's token headers are described. What does not fit
 * is recorded in {@link answerViolations}; test/support/answer-check.ts fails the test file that saw it.
 */
export const CHECK_ANSWERS_ENV = 'GJJ_CHECK_ANSWERS';

type Media = { schema?: Record<string, unknown> };
type Answer = { $ref?: string; description?: string; content?: Record<string, Media>; headers?: Record<string, unknown> };
type Operation = { responses?: Record<string, Answer>; security?: unknown[] };
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { responses?: Record<string, Answer>; schemas?: Record<string, unknown> };
};

const VIOLATIONS_KEY = Symbol.for('gjj.answerViolations');
const store = globalThis as unknown as Record<symbol, string[] | undefined>;

/** Answers seen by this process that do not fit the document (one line each: the call, the status, what is wrong). */
export function answerViolations(): string[] {
  return (store[VIOLATIONS_KEY] ??= []);
}

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
/** One compiled validator per schema object of a document (documents are shared, below, so each is compiled once). */
const compiled = new WeakMap<object, ValidateFunction>();
/**
 * The documents made so far, by the routes they describe: the many servers the tests build share one document per
 * set of routes (generating it costs more than the tests' calls), and the answer schemas do not depend on options.
 */
const documents = new Map<string, Doc>();

function validatorFor(schema: Record<string, unknown>, doc: Doc): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    // The document's own references (#/components/schemas/…) resolve against a copy of its components.
    validate = ajv.compile({ ...schema, components: { schemas: doc.components.schemas ?? {} } });
    compiled.set(schema, validate);
  }
  return validate;
}

/** Fastify's `/a/:id` as the document writes it, `/a/{id}`. */
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function check(doc: Doc, request: FastifyRequest, reply: FastifyReply, payload: unknown): string | null {
  const url = request.routeOptions.url;
  if (!url || request.is404) return null;
  const method = request.method === 'HEAD' ? 'get' : request.method.toLowerCase();
  const op = doc.paths[documentPath(url)]?.[method];
  // The catch-alls (static files, CORS preflight) are left out of the document on purpose.
  if (!op) return url.endsWith('*') ? null : 'the call is not in the document';
  const status = String(reply.statusCode);
  const responses = op.responses ?? {};
  let answer = responses[status] ?? responses[`${status[0]}XX`];
  if (!answer && (status === '401' || status === '403' || status === '429')) return `answered ${status}, which the operation does not document (security: ${JSON.stringify(op.security ?? null)})`;
  answer ??= responses.default;
  if (!answer) return `status ${status} is not documented`;
  if (answer.$ref) answer = doc.components.responses?.[answer.$ref.split('/').pop()!] ?? answer;
  if (reply.getHeader('token') && !answer.headers?.token) return 'sends a session token in the headers the answer does not describe (config.signsIn)';
  const type = String(reply.getHeader('content-type') ?? '').split(';')[0]!.trim();
  const empty = payload === undefined || payload === null || payload === '' || (Buffer.isBuffer(payload) && payload.length === 0);
  if (empty) return null;
  const body = typeof payload === 'string' ? payload : null;
  if (!answer.content) return `status ${status} documents no body, but one was sent (${type})`;
  if (!type) return 'a body without a content type';
  const media = answer.content[type] ?? answer.content[`${type.split('/')[0]}/*`] ?? answer.content['*/*'];
  if (!media) return `content type ${type} is not among the documented ${Object.keys(answer.content).join(', ')}`;
  if (type === 'application/json' && typeof body === 'string' && request.method !== 'HEAD' && media.schema) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return 'typed application/json but the body is not JSON';
    }
    const validate = validatorFor(media.schema, doc);
    if (!validate(parsed)) return `body does not fit the schema: ${ajv.errorsText(validate.errors)}`;
  }
  return null;
}

/** Adds the answer check to `app` (registerOpenApi calls it under test). */
export function checkAnswers(app: FastifyInstance): void {
  let doc: Doc | null = null;
  app.addHook('onSend', async (request, reply, payload) => {
    if (!doc) {
      const key = app.registeredRoutes.map((r) => `${r.method} ${r.url}`).join('\n');
      doc = documents.get(key) ?? (app.swagger() as unknown as Doc);
      documents.set(key, doc);
    }
    const problem = check(doc, request, reply, payload);
    if (problem) answerViolations().push(`${request.method} ${request.routeOptions.url ?? request.url} → ${reply.statusCode}: ${problem}`);
    return payload;
  });
}
