import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './envelope';

/** The parts of an Ajv error (with `verbose`) that the messages are built from. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
}

/**
 * Schema keywords of ours a route may add to a property: `description` (standard) is the field's Chinese name, `x-msg`
 * the message for any invalid value, `x-required-msg` the message when it is missing, and `x-multiline: true` lets a
 * text of the request body hold line breaks and tabs (a complaint, an evaluation); see `registerInputGuards`.
 */
export const MESSAGE_KEYWORDS = ['x-msg', 'x-required-msg', 'x-multiline'] as const;

const WHERE: Record<string, string> = { querystring: '查询参数', body: '请求内容', params: '路径参数', headers: '请求头' };

function fieldLabel(schema: Record<string, unknown> | undefined, fallback: string): string {
  const description = schema?.description;
  return typeof description === 'string' && description ? description : fallback;
}

/**
 * The Chinese message for the first schema error of a request: the route's own wording when it gave one,
 * otherwise a sentence naming the field and what is wrong with it.
 */
export function validationMessage(errors: readonly SchemaError[], context = 'querystring'): string {
  const error = errors[0];
  if (!error) return '请求参数不正确';
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');

  if (error.keyword === 'required') {
    const missing = String(error.params.missingProperty ?? '');
    const properties = error.parentSchema?.properties as Record<string, Record<string, unknown>> | undefined;
    const own = properties?.[missing]?.['x-required-msg'];
    if (typeof own === 'string') return own;
    return `缺少${WHERE[context] ?? '参数'}：${fieldLabel(properties?.[missing], missing)}`;
  }

  const own = error.parentSchema?.['x-msg'];
  if (typeof own === 'string') return own;
  const label = fieldLabel(error.parentSchema, path || (WHERE[context] ?? '参数'));
  switch (error.keyword) {
    case 'enum':
    case 'const':
      return `${label}的取值不正确`;
    case 'type':
      return `${label}的格式不正确`;
    case 'pattern':
    case 'format':
      return `${label}的格式不正确`;
    case 'minLength':
      return `${label}不能少于 ${String(error.params.limit)} 个字符`;
    case 'maxLength':
      return `${label}不能超过 ${String(error.params.limit)} 个字符`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${label}不能小于 ${String(error.params.limit)}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${label}不能大于 ${String(error.params.limit)}`;
    case 'additionalProperties':
      return `不支持的参数：${String(error.params.additionalProperty ?? '')}`;
    default:
      return `${label}不正确`;
  }
}

// --- the rules every request meets before any route sees it (issue 18 item 9) -------------------------------------

/** C0 control characters but tab, line feed and carriage return; DEL; the C1 controls. PostgreSQL refuses NUL. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK = /[\t\n\r]/;
/** A UTF-16 surrogate without its pair: no character at all, and no valid UTF-8 for the database. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** How deep objects and arrays may nest in a request; no call of ours needs more than a few levels. */
export const MAX_INPUT_DEPTH = 16;

/**
 * The messages of the input rules.
 *
 * @example
 * INPUT_MESSAGES.control('意见') // '意见不能包含控制字符'
 */
export const INPUT_MESSAGES = Object.freeze({
  control: (label: string): string => `${label}不能包含控制字符`,
  lineBreak: (label: string): string => `${label}只能填写一行，不能包含换行或制表符`,
  surrogate: (label: string): string => `${label}包含无法识别的字符`,
  number: (label: string): string => `${label}超出允许的范围`,
  depth: '请求内容的层级过深',
});

type Schema = Record<string, unknown> | undefined;

/** The schema of `key` under `schema` (an object's property, additional properties, an array's items), if any. */
function childSchema(schema: Schema, key: string | number): Schema {
  if (!schema) return undefined;
  if (typeof key === 'number') {
    const items = schema.items;
    return (Array.isArray(items) ? items[key] : items) as Schema;
  }
  const properties = schema.properties as Record<string, Schema> | undefined;
  const own = properties && Object.hasOwn(properties, key) ? properties[key] : undefined;
  return own ?? (typeof schema.additionalProperties === 'object' ? (schema.additionalProperties as Schema) : undefined);
}

const labelOf = (schema: Schema, path: string, context: string): string => {
  const description = schema?.description;
  return typeof description === 'string' && description ? description : path || (WHERE[context] ?? '参数');
};

/**
 * Walks `value` with its schema, depth first, and throws a 400 ApiError at the first thing `check` refuses; also
 * refuses nesting deeper than MAX_INPUT_DEPTH and control characters in property names.
 */
function walk(value: unknown, schema: Schema, context: string, check: (v: unknown, schema: Schema, label: string) => string): void {
  const stack: Array<[unknown, Schema, string, number]> = [[value, schema, '', 0]];
  while (stack.length > 0) {
    const [v, s, path, depth] = stack.pop() as [unknown, Schema, string, number];
    const problem = check(v, s, labelOf(s, path, context));
    if (problem) throw new ApiError(400, problem);
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) throw new ApiError(400, INPUT_MESSAGES.depth);
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, childSchema(s, i), `${path}[${i}]`, depth + 1]));
    } else {
      for (const [key, item] of Object.entries(v as Record<string, unknown>)) {
        if (CONTROL.test(key) || LINE_BREAK.test(key) || LONE_SURROGATE.test(key)) throw new ApiError(400, INPUT_MESSAGES.control(WHERE[context] ?? '参数'));
        stack.push([item, childSchema(s, key), path ? `${path}.${key}` : key, depth + 1]);
      }
    }
  }
}

/** The text rule: no control characters; line breaks and tabs only in a body text whose schema says `x-multiline`. */
const textProblem =
  (multiline: boolean) =>
  (v: unknown, schema: Schema, label: string): string => {
    if (typeof v !== 'string') return '';
    if (CONTROL.test(v)) return INPUT_MESSAGES.control(label);
    if (LONE_SURROGATE.test(v)) return INPUT_MESSAGES.surrogate(label);
    if (LINE_BREAK.test(v) && !(multiline && schema?.['x-multiline'] === true)) return INPUT_MESSAGES.lineBreak(label);
    return '';
  };

/** The number rule, after the schema has turned text into numbers: finite (1e309 reads as Infinity and passes AJV). */
const numberProblem = (v: unknown, schema: Schema, label: string): string => {
  if (typeof v !== 'number' || Number.isFinite(v)) return '';
  const own = schema?.['x-msg'];
  return typeof own === 'string' ? own : INPUT_MESSAGES.number(label);
};

/**
 * A field the hall sends SM2-encrypted, decrypted and held to the text rule of `registerInputGuards` (which sees only
 * the cipher): a decryption failure answers 400 with `failed`, a control character, line break or lone surrogate in
 * the plain text answers 400 too (a NUL in a decrypted account name reached PostgreSQL and answered 500).
 *
 * @example
 * const account = decryptedText(() => sm2Decrypt(body.username, keys.privateKey), DECRYPT_FAILED_MESSAGE);
 */
export function decryptedText(decrypt: () => string, failed: string): string {
  let text: string;
  try {
    text = decrypt();
  } catch {
    throw new ApiError(400, failed);
  }
  const problem = textProblem(false)(text, undefined, '输入内容');
  if (problem) throw new ApiError(400, problem);
  return text;
}

/** The input rules of one request: what `registerInputGuards` runs, exported for its tests. */
export function checkInput(request: Pick<FastifyRequest, 'query' | 'params' | 'body' | 'routeOptions'>, stage: 'text' | 'numbers'): void {
  const schema = (request.routeOptions?.schema ?? {}) as Record<string, Schema>;
  const parts: Array<[unknown, Schema, string]> = [
    [request.query, schema.querystring, 'querystring'],
    [request.params, schema.params, 'params'],
    [request.body, schema.body, 'body'],
  ];
  for (const [value, partSchema, context] of parts) {
    walk(value, partSchema, context, stage === 'numbers' ? numberProblem : textProblem(context === 'body'));
  }
}

/**
 * Rules every request meets before any route sees it, whatever its schema says (issue 18 item 9; a NUL byte or 1e309
 * answered 500): every text of the query, the path and the body is free of control characters (line breaks and tabs
 * only in body texts marked `'x-multiline': true`) and of lone surrogates; objects nest at most MAX_INPUT_DEPTH deep;
 * and once the schema has read the numbers, each is finite. Anything else is a 400 with a Chinese message naming the
 * field. Ranges (a page number from 1 to 100 000, a rate from 0.01 to 10) stay in each route's schema.
 *
 * @example
 * registerInputGuards(app) // in buildApp, before the routes
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => checkInput(request, 'text'));
  app.addHook('preHandler', async (request) => checkInput(request, 'numbers'));
}
