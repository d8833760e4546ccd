import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * How long a client may take (issue 18, item 14). A request that trickles in is cut off with 408, so a few slow
 * clients cannot hold every connection open; the numbers suit the hall's small JSON bodies (1 MiB at most).
 */
export interface HttpTimeouts {
  /** The whole request, headers and body, must arrive within this (Node's server.requestTimeout; REQUEST_TIMEOUT_MS). */
  requestMs: number;
  /** The headers must arrive within this (server.headersTimeout; HEADERS_TIMEOUT_MS); at most `requestMs`. */
  headersMs: number;
  /**
   * A kept-alive connection waiting for its next request is closed after this (server.keepAliveTimeout;
   * KEEP_ALIVE_TIMEOUT_MS). Longer than the idle timeout of the load balancers in front (60 s is common), so that they,
   * not this server, close an idle connection: the other way round a request sent on a closing connection fails (502).
   */
  keepAliveMs: number;
  /** A connection with no traffic either way for this long is closed (socket timeout; Fastify's connectionTimeout). */
  idleMs: number;
  /** How often Node looks for requests past the first two limits (server.connectionsCheckingInterval; Node: 30 s). */
  checkIntervalMs: number;
}

/** The defaults of `HttpTimeouts`. */
export const HTTP_TIMEOUTS: Readonly<HttpTimeouts> = Object.freeze({
  requestMs: 30_000,
  headersMs: 10_000,
  keepAliveMs: 72_000,
  idleMs: 60_000,
  checkIntervalMs: 1_000,
});

/** Largest request head Node accepts (its default, set explicitly); a bigger one is answered 431. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** What a client hears when Node refuses its request before Fastify sees it. */
export const CLIENT_ERROR_MESSAGES = {
  408: '请求超时：请求内容未能及时发送完毕，请检查网络后重试',
  431: '请求头过大：请清除本站的 Cookie 后重试',
  400: '请求格式不正确',
} as const;

/** The Fastify options for `timeouts`, and the handler that answers Node's own refusals in Chinese. */
export function serverOptions(timeouts: HttpTimeouts) {
  return {
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
      maxHeaderSize: MAX_HEADER_BYTES,
    },
    clientErrorHandler,
  };
}

/**
 * Node answers a request it cannot parse, one that is too slow (408) or one whose head is too big (431) itself,
 * before Fastify: here with the envelope every other error has, `{ code, msg, data: null }`, in Chinese.
 */
function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  this.log.info({ code: error.code, status }, 'client error');
  // A response already under way (a slow body after an early answer) cannot take another.
  const started = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.writable && !started) {
    const body = JSON.stringify({ code: status, msg: CLIENT_ERROR_MESSAGES[status], data: null });
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(error);
}

/**
 * Reads HALL_PUBLIC_URL: an http(s) address, optionally with a path, without query, fragment or credentials;
 * answers it without the trailing slash. Throws, naming the value, on anything else.
 *
 * @example
 * parsePublicUrl('https://gjj.example.gov.cn/') // 'https://gjj.example.gov.cn'
 */
export function parsePublicUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Error(`HALL_PUBLIC_URL 必须是 http(s) 地址（如 https://gjj.example.gov.cn），不能是 ${text}`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.search || url.hash) {
    throw new Error(`HALL_PUBLIC_URL 必须是 http(s) 地址，不带查询、锚点和账号（如 https://gjj.example.gov.cn），不能是 ${text}`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * Where this server answers when no public address is configured: its listening address (0.0.0.0 and :: as
 * loopback), or http://localhost before it listens (app.inject in tests).
 */
export function listeningUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') return 'http://localhost';
  let host = address.address;
  if (host === '0.0.0.0') host = '127.0.0.1';
  if (host === '::') host = '::1';
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where the hall is published, without a trailing slash: HALL_PUBLIC_URL (required in production), else the
     * listening address. Links the server makes (the QR code's confirmation page …) start with it, never with the
     * request's Host header.
     */
    publicUrl(): string;
  }
}

/** The policy of every answer that is not one of the hall's pages: nothing may run or frame it. */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'";
/** Strict-Transport-Security where the hall is published over https: a year, this host only. */
export const HSTS = 'max-age=31536000';

export interface SecurityHeaderOptions {
  /**
   * Origins besides the hall that may frame its pages (none: X-Frame-Options SAMEORIGIN as well); at once when they
   * are known without a wait, so that a page's answer costs no promise.
   */
  framers(): readonly string[] | Promise<readonly string[]>;
  /** The hall's CSP, letting `framers` frame it. */
  hallCsp(framers: readonly string[]): string;
  /** Send Strict-Transport-Security (the hall is published over https). */
  hsts: boolean;
}

/** Whether an answer to this request may be kept by a cache: never when it was asked or answered with a session. */
function carriesSession(request: FastifyRequest, reply: FastifyReply): boolean {
  return request.headers.token !== undefined || reply.hasHeader('token') || reply.hasHeader('set-cookie');
}

/**
 * The headers of every answer (issue 18, item 12; docs/security/production.md):
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`;
 * - the hall's pages: their CSP (with frame-ancestors), `Cross-Origin-Opener-Policy: same-origin`, and
 *   `X-Frame-Options: SAMEORIGIN` when no other site may frame them;
 * - every other answer with a body: `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'` unless the
 *   route set its own (served files), and `X-Frame-Options: DENY`;
 * - a 304 only the first two (its headers would replace those of the page the browser keeps);
 * - `Cache-Control: no-store` on every answer that names no cache rule of its own (every API answer but a few public
 *   files), and on every answer to a request with a session, whatever the route said;
 * - `Strict-Transport-Security` where the hall is published over https.
 */
export function securityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  // The hall's policy for the last framers seen: the same string for every page until they change.
  let policy = { key: '', csp: '' };
  const pageHeaders = (reply: FastifyReply, framers: readonly string[]) => {
    const key = framers.join(' ');
    if (policy.key !== key || !policy.csp) policy = { key, csp: options.hallCsp(framers) };
    reply.header('content-security-policy', policy.csp);
    reply.header('cross-origin-opener-policy', 'same-origin');
    // Browsers that know frame-ancestors ignore X-Frame-Options; older ones would refuse a listed framer with it.
    if (framers.length === 0) reply.header('x-frame-options', 'SAMEORIGIN');
  };
  const cacheRule = (request: FastifyRequest, reply: FastifyReply) => {
    if (carriesSession(request, reply) || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  };
  // A callback hook, not an async one: the hall's files pass here on every request, and a promise each is measurable.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (options.hsts) reply.header('strict-transport-security', HSTS);
    // A 304 has no content type, and the browser merges its headers into the page it keeps: adding a policy or a
    // cache rule here would rewrite that page's (an API policy on the hall's home.html blocks all of it).
    if (reply.statusCode === 304) return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      const framers = options.framers();
      if (framers instanceof Promise) {
        framers.then(
          (known) => {
            pageHeaders(reply, known);
            cacheRule(request, reply);
            done(null, payload);
          },
          (error: Error) => done(error),
        );
        return;
      }
      pageHeaders(reply, framers);
    } else if (type) {
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', NON_HTML_CSP);
      reply.header('x-frame-options', 'DENY');
    }
    cacheRule(request, reply);
    done(null, payload);
  });
}
