/**
 * Base of every error the sdk throws. `name` is set explicitly so that it survives minification.
 *
 * @example
 * try { await client.get('/x') } catch (e) { if (e instanceof GjjError) toast(e.message) }
 */
export class GjjError extends Error {
  override name = 'GjjError';
}

/** What went wrong on the wire: an HTTP status, a timeout, or no response at all. */
export type HttpErrorKind = 'status' | 'timeout' | 'network';

/**
 * The server answered with a non-2xx status, did not answer in time, or could not be reached.
 * `message` is the server's `msg` when it sent one, else the catalogue text for the status.
 *
 * @example
 * if (e instanceof HttpError && e.status === 401) goToLogin()
 */
export class HttpError extends GjjError {
  override name = 'HttpError';
  /** HTTP status; 0 when there was no response. */
  readonly status: number;
  readonly kind: HttpErrorKind;
  /** Method and URL of the failed request. */
  readonly request: { method: string; url: string };
  /** The parsed body, when the server sent one. */
  readonly body: unknown;

  constructor(
    message: string,
    init: { status: number; kind: HttpErrorKind; request: { method: string; url: string }; body?: unknown; cause?: unknown },
  ) {
    super(message, { cause: init.cause });
    this.status = init.status;
    this.kind = init.kind;
    this.request = init.request;
    this.body = init.body;
  }
}

/**
 * The server answered 2xx, but its envelope carried a failure `code` (spec 8.1).
 *
 * @example
 * if (e instanceof BusinessError) console.log(e.code, e.message)
 */
export class BusinessError extends GjjError {
  override name = 'BusinessError';
  readonly code: number | string;
  /** The whole envelope the server sent. */
  readonly envelope: unknown;

  constructor(message: string, code: number | string, envelope: unknown) {
    super(message);
    this.code = code;
    this.envelope = envelope;
  }
}

/**
 * The sdk was used before something it needs was configured; the message says what to do.
 *
 * @example
 * throw new ConfigError('配置缺失：请先完成系统配置（输入长度限制）')
 */
export class ConfigError extends GjjError {
  override name = 'ConfigError';
}
