import { createClient, type GjjClient, type GjjRequestError, type RawRequestOptions, type RequestOptions } from '../client/client';
import { BusinessError, HttpError } from '../client/errors';
import type { HostConfig } from './config';

/** True for an error that means the session ended: HTTP 401 or envelope code 401. */
function isUnauthorized(error: unknown): error is GjjRequestError {
  return (error instanceof HttpError && error.status === 401) || (error instanceof BusinessError && Number(error.code) === 401);
}

// The host's onUnauthorized under way, by function: requests (of any widget) refused while it runs wait for it rather
// than calling it again, so a session that ends under three elements asks the host once.
const underway = new WeakMap<NonNullable<HostConfig['onUnauthorized']>, Promise<void>>();

function askHost(onUnauthorized: HostConfig['onUnauthorized'], error: GjjRequestError): Promise<void> {
  if (!onUnauthorized) return Promise.resolve();
  let pending = underway.get(onUnauthorized);
  if (!pending) {
    pending = Promise.resolve()
      .then(() => onUnauthorized(error))
      .finally(() => underway.delete(onUnauthorized));
    underway.set(onUnauthorized, pending);
  }
  return pending;
}

/**
 * The request client a widget calls with, made from the host configuration: a configured {@link GjjClient} as it is
 * (unless `apiBase` is given, an element's own attribute, which wins); otherwise a client for `apiBase` (or the
 * configured one) with the configured `client` and `jproject` headers, whose `token` header comes from `getToken`
 * before each request and which, on a 401, calls `onUnauthorized` once and retries once when `getToken` then gives a
 * different token (requests refused while the host's `onUnauthorized` is under way wait for that same call).
 *
 * @example
 * const api = createHostClient(getHostConfig(), element.getAttribute('api-base') ?? undefined)
 */
export function createHostClient(config: Readonly<HostConfig>, apiBase?: string): GjjClient {
  const given = config.client;
  if (given && typeof given === 'object' && apiBase === undefined) return given;
  const inner = createClient({
    baseURL: apiBase ?? config.apiBase ?? '',
    ...(typeof given === 'string' ? { client: given } : {}),
    ...(config.jproject ? { jproject: config.jproject } : {}),
  });
  const { getToken, onUnauthorized } = config;
  if (!getToken && !onUnauthorized) return inner;

  const withToken = <O extends RequestOptions>(opts: O, token: string | null | undefined): O =>
    token ? { ...opts, headers: { ...opts.headers, token } } : opts;

  async function call<T>(opts: RequestOptions, send: (o: RequestOptions) => Promise<T>): Promise<T> {
    const token = await getToken?.();
    try {
      return await send(withToken(opts, token));
    } catch (error) {
      if (!isUnauthorized(error) || opts.signal?.aborted) throw error;
      await askHost(onUnauthorized, error);
      const fresh = await getToken?.();
      if (!fresh || fresh === token || opts.signal?.aborted) throw error;
      return send(withToken(opts, fresh));
    }
  }

  return {
    options: inner.options,
    get: (path, opts = {}) => call(opts, (o) => inner.get(path, o)),
    post: (path, body, opts = {}) => call(opts, (o) => inner.post(path, body, o)),
    raw: ((method: 'GET' | 'POST', path: string, opts: RawRequestOptions) =>
      call(opts, (o) => inner.raw(method, path, o as RawRequestOptions & { responseType: 'blob' }))) as GjjClient['raw'],
  };
}
