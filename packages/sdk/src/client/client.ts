import { DEFAULT_CLIENT, DEFAULT_PROJECT, REQUEST_TIMEOUT_MS } from '../constants/constants';
import { BusinessError, HttpError } from './errors';
import { NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE, httpStatusMessage } from './messages';
import { cleanPayload, formEncode } from './payload';

/** The response envelope of every centre call (spec 7): `code` 0 means success. */
export interface Envelope<T = unknown> {
  code: number | string;
  msg?: string;
  data: T;
}

/** Name of the header that carries the fast-identification marker (the spec does not name it). */
export const QUICK_ID_HEADER = 'ksbs';

/** What a response hands out besides the access token: the refresh token and when the access token expires. */
export interface TokenGrant {
  /** The refresh token (response header `refresh-token`, or `refresh_token` of a refresh). */
  refreshToken?: string;
  /** When the access token expires, in ms on the refresher's clock (from `token-expires-in` seconds, or `expires_in`). */
  expiresAt?: number;
}

/**
 * What {@link createClient} asks of a token refresher (`createTokenRefresher` of `@gjj-hall/sdk/auth`, kept out of
 * the core so that clients without one, the widgets', do not carry it; docs/api-shell.md, 令牌续期).
 */
export interface TokenRefresher {
  /** The refresh token and expiry a response's headers hand out with its `token` (`refresh-token`, `token-expires-in`). */
  grantOf(headers: Headers): TokenGrant;
  /** A token was handed out (or found after a reload): time the next refresh. */
  schedule(): void;
  /** Before a call that carries a token: renews a token known to have expired, while the user is active. */
  beforeCall(): Promise<unknown>;
  /** A call sent with `sentToken` met 401: resolves true when the token was renewed and the call should go again. */
  retry(sentToken: string): Promise<boolean>;
  /** Renews now (single-flight); resolves whether it did. */
  refresh(): Promise<boolean>;
}

/** Options of {@link createClient}; every one has a default. Hooks let the host draw: the sdk never does. */
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
  /** Returns the fast-identification marker, sent as the `ksbs` header when present. */
  getQuickId?: () => string | null | undefined;
  /**
   * Called with the token a response carries in its `token` header (spec 4.5), and with the refresh token and expiry
   * that came with it (a sign-in, a refresh): store them.
   */
  onToken?: (token: string, grant: TokenGrant) => void;
  /** Renews the access token before it expires while the user is active (`createTokenRefresher`); none by default. */
  refresh?: TokenRefresher;
  /** HTTP 401 (or code 401): the host shows the "login expired" dialog, logs out and reloads (spec 8.3). */
  onUnauthorized?: (error: GjjRequestError) => void;
  /** HTTP 403 or code 403: the host shows the no-permission dialog (spec 8.1). */
  onForbidden?: (error: GjjRequestError) => void;
  /** Any other failure of a call that is not silent: the host shows `message` as an error toast (spec 8.1, 8.3). */
  onError?: (message: string, error: GjjRequestError) => void;
  /** The fetch to use; the global one by default (looked up per request, not on import). */
  fetch?: typeof globalThis.fetch;
}

/** The errors a request rejects with. */
export type GjjRequestError = HttpError | BusinessError;

/** Query values; `undefined` and `null` are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Options of one request. */
export interface RequestOptions {
  params?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Do not call `onError` for this call (spec 7: "some calls suppress the generic error message"). */
  silent?: boolean;
  /** Send the body form-encoded (`application/x-www-form-urlencoded`) rather than as JSON. */
  form?: boolean;
  /** A login-style call: adds `grant_type=password&scope=server` to the query (spec 7). */
  login?: boolean;
  /**
   * Codes that mean success for this call; some calls answer '00' (spec 7.8).
   * @default [0, '0']
   */
  successCodes?: readonly (number | string)[];
}

/** Options of a request whose answer is a file. */
export interface RawRequestOptions extends RequestOptions {
  body?: unknown;
  /** How to hand the answer back: as it is, unparsed (spec 7.8). */
  responseType: 'blob' | 'arraybuffer';
  /** Called as the file's bytes arrive; `total` is the `content-length`, 0 when the server gives none. */
  onProgress?: (progress: { loaded: number; total: number }) => void;
  /** Called with the answer's headers once the file has arrived (its name is in `content-disposition`). */
  onHeaders?: (headers: Headers) => void;
}

/** Codes that are handed back to the caller untouched rather than rejected (spec 8.1). */
export const PASS_THROUGH_CODES: readonly number[] = Object.freeze([2, 3, 8, 9, 520]);

/** Query added to login-style calls (spec 7). */
export const LOGIN_QUERY: Readonly<QueryParams> = Object.freeze({ grant_type: 'password', scope: 'server' });

/** A configured request client. */
export interface GjjClient {
  /** GET `path`; resolves with the envelope on success or a pass-through code, rejects otherwise. */
  get<T = unknown>(path: string, options?: RequestOptions): Promise<Envelope<T>>;
  /**
   * POST `body` to `path`: JSON by default, form-encoded with `form: true`, multipart when `body` is a `FormData`.
   * Strings of a non-multipart body are trimmed (see {@link cleanPayload}).
   */
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
  /** A file answer (download, print, OFD): resolves with the Blob or ArrayBuffer as received. */
  raw(method: 'GET' | 'POST', path: string, options: RawRequestOptions & { responseType: 'blob' }): Promise<Blob>;
  raw(method: 'GET' | 'POST', path: string, options: RawRequestOptions & { responseType: 'arraybuffer' }): Promise<ArrayBuffer>;
  /**
   * Renews the access token now with the refresh token (single-flight: calls made while one is under way share it).
   * Resolves true when renewed, false when there is nothing to renew with or the server refused (the session is over).
   */
  refreshToken(): Promise<boolean>;
  /** The resolved options, for diagnostics. */
  readonly options: Readonly<{ baseURL: string; timeout: number; client: string; jproject: string }>;
}

/**
 * True for a success code: 0 or '0' by default (spec 7), or any of `accepted`.
 *
 * @example
 * isSuccessCode(0) // true
 * isSuccessCode('00', [0, '00']) // true
 */
export function isSuccessCode(code: unknown, accepted: readonly (number | string)[] = [0, '0']): boolean {
  return accepted.some((c) => c === code);
}

/** Reads a file answer chunk by chunk, reporting the bytes read so far. */
async function readWithProgress(response: Response, onProgress: NonNullable<RawRequestOptions['onProgress']>): Promise<Blob> {
  const total = Number(response.headers.get('content-length')) || 0;
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  onProgress({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress({ loaded, total });
  }
  return new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? '' });
}

/** The URL of a call: `baseURL` + `path` + the query, empty values left out. */
export function buildUrl(baseURL: string, path: string, params?: QueryParams): string {
  const base = baseURL.replace(/\/+$/, '');
  const rel = path.startsWith('/') ? path : `/${path}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const qs = query.toString();
  return `${base}${rel}${qs ? `?${qs}` : ''}`;
}

/** JSON text parsed, or the text itself when it is not JSON; undefined when empty. */
export function parseJson(text: string): unknown {
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

const isEnvelope = (body: unknown): body is Envelope => !!body && typeof body === 'object' && 'code' in body;

/**
 * Creates a request client that sends the centre's headers and reads its envelope (spec 7, 8).
 * Nothing happens until a request is made.
 *
 * - headers `client`, `jproject`, `token` (when signed in) and the fast-identification marker;
 * - a token in a response header is handed to `onToken`;
 * - code 0 resolves; 2, 3, 8, 9 and 520 resolve untouched; 403 calls `onForbidden`; any other code rejects with a
 *   {@link BusinessError} and is shown through `onError` unless the call is `silent`;
 * - HTTP statuses reject with an {@link HttpError} carrying the spec 8.2 message; 401 calls `onUnauthorized`.
 *
 * @example
 * const client = createClient({
 *   baseURL: 'https://gjj.example.gov.cn',
 *   getToken: () => session.$accessToken.get(),
 *   onToken: (token) => session.setToken(token),
 *   onError: (message) => toast.error(message),
 * })
 * const { data } = await client.get('/api/izfgjj-zhfw/v1/llgl/getDkllList', { params: { lllx: '03' } })
 * await client.post('/api/auth/v1/otherAuth/accountLogin', { username, password: sm2Encrypt(pwd, key) }, { login: true })
 */
export function createClient(options: ClientOptions = {}): GjjClient {
  const resolved = {
    baseURL: options.baseURL ?? '',
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
    client: options.client ?? DEFAULT_CLIENT,
    jproject: options.jproject ?? DEFAULT_PROJECT,
  };

  const refresher = options.refresh;

  function fail(error: GjjRequestError, silent: boolean | undefined): never {
    const code = error instanceof HttpError ? error.status : Number(error.code);
    if (code === 401) options.onUnauthorized?.(error);
    else if (code === 403) options.onForbidden?.(error);
    else if (!silent) options.onError?.(error.message, error);
    throw error;
  }

  async function send(
    method: string,
    path: string,
    body: unknown,
    opts: RequestOptions,
    responseType: 'json' | 'blob' | 'arraybuffer',
    onProgress?: RawRequestOptions['onProgress'],
    retried = false,
  ): Promise<unknown> {
    if (refresher && !retried && options.getToken?.()) await refresher.beforeCall();
    const params = opts.login ? { ...opts.params, ...LOGIN_QUERY } : opts.params;
    const url = buildUrl(resolved.baseURL, path, params);
    const req = { method, url };
    const headers: Record<string, string> = {
      Accept: responseType === 'json' ? 'application/json' : '*/*',
      client: resolved.client,
      jproject: resolved.jproject,
    };
    const token = options.getToken?.();
    if (token) headers.token = token;
    const quickId = options.getQuickId?.();
    if (quickId) headers[QUICK_ID_HEADER] = quickId;

    let payload: BodyInit | undefined;
    if (body !== undefined && method !== 'GET') {
      if (typeof FormData !== 'undefined' && body instanceof FormData) {
        payload = body; // multipart: the browser sets the boundary; values are sent as the user gave them
      } else if (opts.form) {
        payload = formEncode(cleanPayload(body));
        headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      } else {
        payload = JSON.stringify(cleanPayload(body));
        headers['Content-Type'] = 'application/json;charset=UTF-8';
      }
    }
    Object.assign(headers, opts.headers);

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
    let parsed: unknown;
    let raw: Blob | ArrayBuffer | undefined;
    try {
      response = await doFetch(url, { method, headers, body: payload, signal: controller.signal });
      const isJson = (response.headers.get('content-type') ?? '').includes('json');
      // A file request that failed still answers with a JSON envelope: read it as one.
      if (responseType !== 'json' && response.ok && !isJson) {
        const blob = onProgress && response.body ? await readWithProgress(response, onProgress) : undefined;
        raw = blob
          ? responseType === 'blob'
            ? blob
            : await blob.arrayBuffer()
          : responseType === 'blob'
            ? await response.blob()
            : await response.arrayBuffer();
      } else {
        parsed = parseJson(await response.text());
      }
    } catch (cause) {
      if (opts.signal?.aborted) throw cause;
      const error = timedOut
        ? new HttpError(TIMEOUT_MESSAGE, { status: 0, kind: 'timeout', request: req, cause })
        : new HttpError(NETWORK_ERROR_MESSAGE, { status: 0, kind: 'network', request: req, cause });
      return fail(error, opts.silent);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onOuterAbort);
    }

    const newToken = response.headers.get('token');
    if (newToken) {
      options.onToken?.(newToken, refresher?.grantOf(response.headers) ?? {});
      refresher?.schedule();
    }

    // A call refused for its token is sent once more when the refresher renews it (many such calls share one refresh).
    if (response.status === 401 && !retried && refresher && token && (await refresher.retry(token))) {
      return send(method, path, body, opts, responseType, onProgress, true);
    }

    if (!response.ok) {
      // A 401 says what the server said: 请先登录 to a visitor without a token, the catalogue's expiry to a session that ended.
      const message = envelopeMessage(parsed) ?? httpStatusMessage(response.status);
      return fail(new HttpError(message, { status: response.status, kind: 'status', request: req, body: parsed }), opts.silent);
    }
    if (raw !== undefined) {
      (opts as RawRequestOptions).onHeaders?.(response.headers);
      return raw;
    }
    if (!isEnvelope(parsed)) {
      return fail(
        new HttpError(httpStatusMessage('default'), { status: response.status, kind: 'status', request: req, body: parsed }),
        opts.silent,
      );
    }
    const envelope = parsed;
    if (isSuccessCode(envelope.code, opts.successCodes) || PASS_THROUGH_CODES.includes(Number(envelope.code))) {
      return envelope;
    }
    const message =
      Number(envelope.code) === 403
        ? (envelopeMessage(envelope) ?? httpStatusMessage(403))
        : (envelopeMessage(envelope) ?? (response.statusText || httpStatusMessage('default')));
    return fail(new BusinessError(message, envelope.code, envelope), opts.silent);
  }

  return {
    options: resolved,
    refreshToken: () => (refresher ? refresher.refresh() : Promise.resolve(false)),
    get: (path, opts = {}) => send('GET', path, undefined, opts, 'json') as Promise<Envelope<never>>,
    post: (path, body, opts = {}) => send('POST', path, body, opts, 'json') as Promise<Envelope<never>>,
    raw: ((method: 'GET' | 'POST', path: string, opts: RawRequestOptions) =>
      send(method, path, opts.body, opts, opts.responseType, opts.onProgress)) as GjjClient['raw'],
  };
}
