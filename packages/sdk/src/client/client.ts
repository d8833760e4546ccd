import { BusinessError, HttpError } from './errors';
import { NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE, httpStatusMessage } from './messages';

/** The response envelope of every centre call (spec 7): `code` 0 (or '0', '00') means success. */
export interface Envelope<T = unknown> {
  code: number | string;
  msg?: string;
  data: T;
}

/** Options of {@link createClient}; every one has a default. */
export interface ClientOptions {
  /**
   * Prefix of every request path, e.g. `https://gjj.example.gov.cn`.
   * @default ''
   */
  baseURL?: string;
  /**
   * Milliseconds before a request is abandoned (spec 9).
   * @default 60000
   */
  timeout?: number;
  /**
   * Value of the `client` header.
   * @default 'wt'
   */
  client?: string;
  /**
   * Value of the `jproject` header.
   * @default 'izfgjj'
   */
  jproject?: string;
  /** Returns the current access token, sent as the `token` header when present. */
  getToken?: () => string | null | undefined;
  /** The fetch to use; the global one by default. */
  fetch?: typeof globalThis.fetch;
}

/** Query values; `undefined` and `null` are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Options of one request. */
export interface RequestOptions {
  params?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Codes that are handed back to the caller untouched rather than rejected (spec 8.1). */
export const PASS_THROUGH_CODES: readonly number[] = [2, 3, 8, 9, 520];

/** A configured request client. */
export interface GjjClient {
  /** GET `path`; resolves with the envelope on success or a pass-through code, rejects otherwise. */
  get<T = unknown>(path: string, options?: RequestOptions): Promise<Envelope<T>>;
  /** The resolved options, for diagnostics. */
  readonly options: Readonly<Required<Omit<ClientOptions, 'getToken' | 'fetch'>>>;
}

/** True for the success codes of spec 7: 0, '0' and '00'. */
export function isSuccessCode(code: unknown): boolean {
  return code === 0 || code === '0' || code === '00';
}

function buildUrl(baseURL: string, path: string, params?: QueryParams): string {
  const base = baseURL.replace(/\/+$/, '');
  const rel = path.startsWith('/') ? path : `/${path}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const qs = query.toString();
  return `${base}${rel}${qs ? `?${qs}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function envelopeMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'msg' in body) {
    const msg = (body as { msg?: unknown }).msg;
    if (typeof msg === 'string' && msg.trim()) return msg;
  }
  return undefined;
}

/**
 * Creates a request client that sends the centre's headers and reads its envelope.
 * Nothing happens until a request is made.
 *
 * @example
 * const client = createClient({ baseURL: 'https://gjj.example.gov.cn' })
 * const { data } = await client.get('/api/izfgjj-zhfw/v1/llgl/getDkllList', { params: { lllx: '03' } })
 */
export function createClient(options: ClientOptions = {}): GjjClient {
  const resolved = {
    baseURL: options.baseURL ?? '',
    timeout: options.timeout ?? 60_000,
    client: options.client ?? 'wt',
    jproject: options.jproject ?? 'izfgjj',
  };

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
    const url = buildUrl(resolved.baseURL, path, opts.params);
    const req = { method, url };
    const headers: Record<string, string> = {
      Accept: 'application/json',
      client: resolved.client,
      jproject: resolved.jproject,
      ...opts.headers,
    };
    const token = options.getToken?.();
    if (token) headers.token = token;

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, resolved.timeout);
    const onOuterAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onOuterAbort, { once: true });

    const doFetch = options.fetch ?? globalThis.fetch;
    let response: Response;
    let body: unknown;
    try {
      response = await doFetch(url, { method, headers, signal: controller.signal });
      body = await readBody(response);
    } catch (cause) {
      if (timedOut) throw new HttpError(TIMEOUT_MESSAGE, { status: 0, kind: 'timeout', request: req, cause });
      if (opts.signal?.aborted) throw cause;
      throw new HttpError(NETWORK_ERROR_MESSAGE, { status: 0, kind: 'network', request: req, cause });
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onOuterAbort);
    }

    if (!response.ok) {
      throw new HttpError(envelopeMessage(body) ?? httpStatusMessage(response.status), {
        status: response.status,
        kind: 'status',
        request: req,
        body,
      });
    }
    if (!body || typeof body !== 'object' || !('code' in body)) {
      throw new HttpError(httpStatusMessage('default'), { status: response.status, kind: 'status', request: req, body });
    }
    const envelope = body as Envelope<T>;
    if (isSuccessCode(envelope.code) || PASS_THROUGH_CODES.includes(Number(envelope.code))) return envelope;
    throw new BusinessError(
      envelopeMessage(envelope) ?? (response.statusText || httpStatusMessage('default')),
      envelope.code,
      envelope,
    );
  }

  return {
    options: resolved,
    get: (path, opts) => request('GET', path, opts),
  };
}
