/**
 * The hall's contract as TypeScript types, generated from the server's OpenAPI document (`/api/openapi.json`) by
 * openapi-typescript into `./openapi.ts` (packages/server/src/http/openapi.test.ts regenerates it and fails when the
 * committed file differs: `UPDATE_API_TYPES=1 npx vitest run --project server packages/server/src/http/openapi.test.ts`
 * writes it). Types only: nothing here is code.
 *
 * @example
 * import type { ApiData } from '@gjj-hall/sdk/api';
 * type Accounts = ApiData<'/api/izfgjj-zhfw/v1/grzhxx/list', 'get'>; // { holder: {…}; accounts: {…}[] }
 */
import type { paths } from './openapi';

export type { components as ApiComponents, operations as ApiOperations, paths as ApiPaths } from './openapi';

/** The documented addresses. */
export type ApiPath = keyof paths;

/** The JSON body of an operation's 200 answer (the `{ code, msg, data }` envelope). */
export type ApiAnswer<P extends ApiPath, M extends keyof paths[P]> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

/** The `data` of an operation's 200 answer. */
export type ApiData<P extends ApiPath, M extends keyof paths[P]> = ApiAnswer<P, M> extends { data: infer Data } ? Data : never;

/** The query parameters of an operation. */
export type ApiQuery<P extends ApiPath, M extends keyof paths[P]> = paths[P][M] extends { parameters: { query?: infer Query } } ? Query : never;
