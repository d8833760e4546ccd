// Test support for the auth tests: a client over a fake fetch that answers like the centre (docs/api-shell.md).
import { createClient, type ClientOptions, type GjjClient } from '../client/client';
import { createStores, type HallStores } from '../session/stores';
import { createMemoryStorage } from '../storage/storage';

/** An answer: an envelope (sent with status 200) or `{ status, body, headers? }`. */
export type FakeAnswer = object;
/** Answers by path: a fixed answer, or a function of the request. */
export type FakeRoutes = Record<string, FakeAnswer | ((url: URL, init: RequestInit) => FakeAnswer)>;

export interface FakeCentre {
  client: GjjClient;
  stores: HallStores;
  /** Every request made, as `METHOD /path?query`. */
  calls: string[];
  routes: FakeRoutes;
}

const isStatusAnswer = (a: unknown): a is { status: number; body: unknown; headers?: Record<string, string> } =>
  !!a && typeof a === 'object' && 'status' in a && 'body' in a;

/** A client whose fetch answers from `routes` by path (404 for anything else), and stores in memory. */
export function fakeCentre(routes: FakeRoutes, clientOptions: ClientOptions = {}): FakeCentre {
  const calls: string[] = [];
  const stores = createStores({ session: createMemoryStorage(), local: createMemoryStorage() });
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://centre.test');
    calls.push(`${init.method ?? 'GET'} ${url.pathname}${url.search}`);
    const route = routes[url.pathname];
    const answer = typeof route === 'function' ? (route as (u: URL, i: RequestInit) => FakeAnswer)(url, init) : route;
    const { status, body, headers } = isStatusAnswer(answer)
      ? answer
      : answer === undefined
        ? { status: 404, body: { code: 404, msg: '该服务暂不可用，请稍后再试或拨打 12329 咨询' }, headers: undefined }
        : { status: 200, body: answer, headers: undefined };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  }) as typeof globalThis.fetch;
  const client = createClient({ ...clientOptions, fetch, getToken: () => stores.session.$accessToken.get() });
  return { client, stores, calls, routes };
}

/** The envelope of a success. */
export const ok = (data: unknown) => ({ code: 0, msg: 'ok', data });
