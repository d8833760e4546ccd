import { createClient, type GjjClient, type GjjRequestError, type RequestOptions } from '../client/client';
import { BusinessError, HttpError } from '../client/errors';
import type { HostConfig } from './config';

// The host's onUnauthorized under way: requests (of any widget) refused while it runs wait for it rather than calling
// it again, so a session that ends under three elements asks the host once.
let underway: Promise<void> | undefined;

// Origins already warned about (once each per page).
const warned = new Set<string>();

/** The origin of an address, relative ones against the page's; '' when there is neither. */
const originOf = (url: string | undefined): string => {
  try {
    return new URL(url || '/', globalThis.location?.href).origin;
  } catch {
    return '';
  }
};

/**
 * The request client a widget calls with, made from the host configuration: a configured {@link GjjClient} as it is
 * (unless `apiBase` is given, an element's own attribute, which wins); otherwise a client for `apiBase` (or the
 * configured one) with the configured `client` and `jproject` headers, whose `token` header comes from `getToken`
 * before each request and which, on a 401, calls `onUnauthorized` once and retries once when `getToken` then gives a
 * different token (requests refused while the host's `onUnauthorized` is under way wait for that same call).
 *
 * The token goes only to the configured API: the origin of the configured `apiBase` (of the configured client when
 * that is a {@link GjjClient}; the page's own when neither is set) and those of `tokenOrigins`. A client for any other
 * origin (an `api-base` in markup can name any) sends no token and does not call `onUnauthorized`, and the console
 * says so once per origin.
 *
 * @example
 * const api = createHostClient(getHostConfig(), element.getAttribute('api-base') ?? undefined)
 */
export function createHostClient(config: Readonly<HostConfig>, apiBase?: string): GjjClient {
  const { client: given, getToken, onUnauthorized, tokenOrigins = [] } = config;
  if (typeof given === 'object' && apiBase === undefined) return given;
  const baseURL = apiBase ?? config.apiBase;
  const inner = createClient({ baseURL, client: typeof given === 'string' ? given : undefined, jproject: config.jproject });
  if (!getToken && !onUnauthorized) return inner;
  const origin = originOf(baseURL);
  if (![config.apiBase ?? (given as GjjClient | undefined)?.options?.baseURL, ...tokenOrigins].some((o) => originOf(o) === origin)) {
    if (!warned.has(origin)) console.warn(`[gjj] 未发送令牌：${origin} 不在 configure() 的 apiBase、tokenOrigins 中`);
    warned.add(origin);
    return inner;
  }

  async function call<T, O extends RequestOptions>(opts: O, run: (o: O) => Promise<T>): Promise<T> {
    const token = await getToken?.();
    const send = (t: string | null | undefined) => run(t ? { ...opts, headers: { ...opts.headers, token: t } } : opts);
    try {
      return await send(token);
    } catch (error) {
      const status = error instanceof HttpError ? error.status : error instanceof BusinessError ? Number(error.code) : 0;
      if (status !== 401) throw error;
      await (underway ??= Promise.resolve()
        .then(() => onUnauthorized?.(error as GjjRequestError))
        .finally(() => (underway = undefined)));
      const fresh = await getToken?.();
      if (!fresh || fresh === token) throw error;
      return send(fresh);
    }
  }

  return {
    options: inner.options,
    // The host renews its own token (getToken after onUnauthorized, above); the inner client has none to refresh.
    refreshToken: () => inner.refreshToken(),
    get: (path, opts = {}) => call(opts, (o) => inner.get(path, o)),
    post: (path, body, opts = {}) => call(opts, (o) => inner.post(path, body, o)),
    raw: ((method, path, opts) => call(opts, (o) => inner.raw(method, path, o as typeof opts & { responseType: 'blob' }))) as GjjClient['raw'],
  };
}
