/**
 * Building blocks of success answers' schemas (docs/api-openapi.md, "How a route is described"): the `{ code, msg,
 * data }` envelope with `data` described, a page of a list, and plain fields. A route's `response[200]` made from
 * them validates nothing (Fastify serializes with it: a field left out of the schema is left out of the answer), so
 * every field the handler answers is listed, nullable ones as such.
 */

type Schema = Record<string, unknown>;

export const STRING = { type: 'string' } as const;
export const NULLABLE_STRING = { type: ['string', 'null'] } as const;
export const INTEGER = { type: 'integer' } as const;
export const NULLABLE_INTEGER = { type: ['integer', 'null'] } as const;
export const NUMBER = { type: 'number' } as const;
export const BOOLEAN = { type: 'boolean' } as const;

/** An object whose listed fields are all present. */
export function object(properties: Record<string, Schema>, description?: string): Schema {
  return { type: 'object', required: Object.keys(properties), properties, ...(description ? { description } : {}) };
}

/** A list of `item`. */
export const listOf = (item: Schema): Schema => ({ type: 'array', items: item });

/** One page of a list: `{ list, total, pageNum, pageSize }`. */
export const pageOf = (item: Schema): Schema =>
  object({ list: listOf(item), total: { type: 'integer', description: '总条数' }, pageNum: { type: 'integer', description: '页码' }, pageSize: { type: 'integer', description: '每页条数' } });

/** The success envelope with `data` described: `{ code: 0, msg, data }`. */
export function envelope(data: Schema): Schema {
  return object({ code: { type: 'integer', description: '0 为成功' }, msg: { type: 'string', description: '中文说明' }, data });
}

/** `response` of a route answering the envelope with `data`. */
export function okAnswer(data: Schema, description = '成功'): { 200: Schema } {
  return { 200: { description, ...envelope(data) } };
}
