import type { ReceivedAnswer, SentRequest } from './types';

/** The spec's headers every call of the hall carries (spec 7): the caller and the project. */
export const HALL_HEADERS = { client: 'wt', jproject: 'izfgjj' } as const;

/** Thrown when the run has used its request budget: the checks left are skipped. */
export class BudgetExhausted extends Error {
  constructor(budget: number) {
    super(`已用完请求预算（${budget} 次）`);
    this.name = 'BudgetExhausted';
  }
}

export interface Exchange {
  request: SentRequest;
  answer: ReceivedAnswer;
  /** The body parsed as JSON, or undefined. */
  json: unknown;
  bytes: Uint8Array;
}

export interface CallOptions {
  method?: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body. */
  form?: FormData;
  token?: string;
  /** Leave out the spec's client and jproject headers. */
  bare?: boolean;
  /** An absolute URL instead of root + path. */
  absolute?: boolean;
}

const BODY_LIMIT = 4000;
const SECRET_HEADERS = ['token', 'x-centre-key', 'authorization', 'cookie'];

/**
 * The kit's only way out: every request counts against a budget and waits its turn so that no more than `rate`
 * start in any second; one at a time.
 */
export class Http {
  sent = 0;
  private next = 0;
  constructor(
    readonly root: string,
    private readonly budget: number,
    private readonly rate: number,
    private readonly fetcher: typeof fetch,
  ) {}

  url(path: string, query?: Record<string, string | number | undefined>): string {
    const url = new URL(this.root + path);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url.toString();
  }

  async call(path: string, options: CallOptions = {}): Promise<Exchange> {
    if (this.sent >= this.budget) throw new BudgetExhausted(this.budget);
    const wait = this.next - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    this.next = Math.max(Date.now(), this.next) + Math.ceil(1000 / this.rate);
    this.sent += 1;
    const method = options.method ?? 'GET';
    const url = options.absolute ? path : this.url(path, options.query);
    const headers: Record<string, string> = { ...(options.bare ? {} : HALL_HEADERS), accept: 'application/json, */*', ...options.headers };
    if (options.token) headers.token = options.token;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) body = options.form;
    const started = Date.now();
    const response = await this.fetcher(url, { method, headers, body, redirect: 'manual' });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const ms = Date.now() - started;
    const answerHeaders: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      answerHeaders[key] = value;
    });
    const type = answerHeaders['content-type'] ?? '';
    const textual = /json|text|xml|svg/.test(type);
    const text = textual ? new TextDecoder().decode(bytes) : '';
    let json: unknown;
    if (/json/.test(type)) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    const shownHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, SECRET_HEADERS.includes(k.toLowerCase()) ? mask(v) : v]));
    return {
      request: { method, url, headers: shownHeaders, ...(typeof body === 'string' ? { body: cut(body) } : body ? { body: '(multipart/form-data)' } : {}) },
      answer: { status: response.status, headers: answerHeaders, body: textual ? cut(text) : `(${bytes.length} bytes, ${type || 'no content type'})`, ms },
      json,
      bytes,
    };
  }
}

const mask = (value: string) => (value.length > 8 ? `${value.slice(0, 4)}…(${value.length})` : '…');
const cut = (text: string) => (text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT)}…（共 ${text.length} 个字符）` : text);
