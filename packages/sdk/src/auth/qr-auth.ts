import { QR_POLL_MS } from '../constants/constants';
import { systemClock, type Clock } from '../timers/clock';
import { secondsLeft, tickSeconds } from './ticker';

/**
 * Overlay text when the QR countdown has run out (spec 8.4).
 *
 * @example
 * state.phase === 'expired' && state.message === QR_EXPIRED_MESSAGE
 */
export const QR_EXPIRED_MESSAGE = '二维码已过期';
/**
 * Overlay text for status 9 (spec 4.4, 8.4).
 *
 * @example
 * state.phase === 'invalid' && state.message === QR_INVALID_MESSAGE
 */
export const QR_INVALID_MESSAGE = '二维码已失效，请点击刷新';
/**
 * Overlay text for status 11 (spec 4.4, 8.4).
 *
 * @example
 * state.phase === 'failed' && state.message === QR_FAILED_MESSAGE
 */
export const QR_FAILED_MESSAGE = '认证失败，请重试';
/**
 * Overlay text when the QR could not be loaded (spec 4.4, 8.4).
 *
 * @example
 * state.phase === 'error' && state.message === QR_LOAD_FAILED_MESSAGE
 */
export const QR_LOAD_FAILED_MESSAGE = '加载失败，请点击刷新';

/**
 * Poll statuses of spec 4.4. Any other status means "not yet decided" and polling goes on.
 *
 * @example
 * Number(result.status) === QR_STATUS.success
 */
export const QR_STATUS = /* @__PURE__ */ Object.freeze({ invalid: 9, success: 10, failed: 11 } as const);

/** The authentication QR of spec 3.7, as the server sends it. */
export interface QrCode {
  /** The image, base64 (with or without a `data:` prefix, as the server sends it). */
  codeImgBase64: string;
  codeId: string | number;
  /** Seconds the code lives. */
  exp: number | string;
}

/** Where the dialog is: `idle` before `start()` and after `stop()`. */
export type QrAuthPhase = 'idle' | 'loading' | 'shown' | 'success' | 'invalid' | 'failed' | 'expired' | 'error';

/** What the dialog shows. The image and code stay set after a terminal phase, so the overlay can cover the image. */
export interface QrAuthState {
  phase: QrAuthPhase;
  codeImgBase64: string | null;
  codeId: string | null;
  /** Seconds left before expiry; null when not shown or when the server sent no usable `exp`. */
  remainingSeconds: number | null;
  /** Overlay text of a terminal phase, '' otherwise. */
  message: string;
}

/** Options of {@link createQrAuth}. */
export interface QrAuthOptions {
  /** @default systemClock */
  clock?: Clock;
  /** Fetches a new QR (GET /api/auth/v1/qrcode/getQrCode); a rejection shows the load-failed overlay. */
  load: () => Promise<QrCode>;
  /** Asks for the status of a code (GET /api/auth/v1/qrcode/findQrStatus). */
  poll: (codeId: string) => Promise<{ status: number | string }>;
  /** @default QR_POLL_MS (3 s) */
  pollMs?: number;
  /** Called with every new state, each countdown second included. */
  onChange?: (state: QrAuthState) => void;
  /** Called once on status 10: tell the parent to continue verification, and close the dialog. */
  onSuccess?: (codeId: string) => void;
}

/** The QR authentication state machine of spec 4.4. */
export interface QrAuth {
  /** Loads the first QR. The same as `refresh()`. */
  start(): void;
  /** Drops the current QR and loads a new one, from any phase (the overlay's click-to-refresh). */
  refresh(): void;
  /** Stops polling and the countdown; late answers are ignored. Goes back to `idle` without calling onChange. */
  stop(): void;
  getState(): QrAuthState;
}

const IDLE: QrAuthState = /* @__PURE__ */ Object.freeze({
  phase: 'idle',
  codeImgBase64: null,
  codeId: null,
  remainingSeconds: null,
  message: '',
});

function lifetimeSeconds(exp: unknown): number | null {
  const n = typeof exp === 'number' ? exp : typeof exp === 'string' && exp.trim() !== '' ? Number(exp) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : null;
}

/**
 * Creates the QR authentication machine of spec 4.4: `loading` → `shown` (polled every `pollMs`, counting down
 * `exp` seconds) → `success` (10), `invalid` (9), `failed` (11) or `expired`; a load failure gives `error`.
 * A poll is skipped while the previous one is still out; a poll that fails (network blip) is ignored and the next
 * tick asks again. Answers that arrive after `stop()`, `refresh()` or a terminal phase are ignored.
 *
 * @example
 * const qr = createQrAuth({
 *   load: async () => (await client.get('/api/auth/v1/qrcode/getQrCode', { params })).data,
 *   poll: async (codeId) => (await client.get('/api/auth/v1/qrcode/findQrStatus', { params: { codeId } })).data,
 *   onChange: render,
 *   onSuccess: (codeId) => { emit('verified', codeId); close() },
 * })
 * qr.start()
 * // overlay link: qr.refresh(); dialog closed: qr.stop()
 */
export function createQrAuth(options: QrAuthOptions): QrAuth {
  const clock = options.clock ?? systemClock;
  const pollMs = options.pollMs ?? QR_POLL_MS;
  let state: QrAuthState = IDLE;
  // Bumped on every refresh, stop and terminal phase: an answer carrying an older number is stale.
  let generation = 0;
  let pollHandle: unknown = null;
  let stopCountdown: (() => void) | null = null;
  let polling = false;

  function halt(): void {
    generation++;
    clock.clearInterval(pollHandle);
    pollHandle = null;
    stopCountdown?.();
    stopCountdown = null;
    polling = false;
  }

  function emit(next: QrAuthState): void {
    state = next;
    options.onChange?.(state);
  }

  function end(phase: QrAuthPhase, message: string): void {
    halt();
    emit({ ...state, phase, message });
  }

  function show(code: QrCode, gen: number): void {
    const id: unknown = code.codeId;
    const usable = (typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isFinite(id));
    const codeId = usable ? String(id) : null;
    if (typeof code.codeImgBase64 !== 'string' || code.codeImgBase64 === '' || codeId === null) {
      throw new TypeError('QR response lacks codeImgBase64 or codeId');
    }
    const lifetime = lifetimeSeconds(code.exp);
    const shownAt = clock.now();
    emit({ phase: 'shown', codeImgBase64: code.codeImgBase64, codeId, remainingSeconds: lifetime, message: '' });

    if (lifetime !== null) {
      stopCountdown = tickSeconds(clock, shownAt, () => {
        const left = secondsLeft(lifetime, shownAt, clock.now());
        if (left === 0) end('expired', QR_EXPIRED_MESSAGE);
        else emit({ ...state, remainingSeconds: left });
      });
    }

    pollHandle = clock.setInterval(() => {
      if (polling || gen !== generation) return;
      polling = true;
      let asked: Promise<{ status: number | string }>;
      try {
        asked = Promise.resolve(options.poll(codeId));
      } catch (error) {
        asked = Promise.reject(error);
      }
      asked.then(
        (result) => {
          if (gen !== generation) return;
          polling = false;
          const status = Number((result as { status?: unknown } | null | undefined)?.status);
          if (status === QR_STATUS.success) {
            end('success', '');
            options.onSuccess?.(codeId);
          } else if (status === QR_STATUS.invalid) end('invalid', QR_INVALID_MESSAGE);
          else if (status === QR_STATUS.failed) end('failed', QR_FAILED_MESSAGE);
        },
        () => {
          // A network blip: keep the code on screen and ask again on the next tick.
          if (gen === generation) polling = false;
        },
      );
    }, pollMs);
  }

  function refresh(): void {
    halt();
    const gen = generation;
    emit({ ...IDLE, phase: 'loading' });
    let loaded: Promise<QrCode>;
    try {
      loaded = Promise.resolve(options.load());
    } catch (error) {
      loaded = Promise.reject(error);
    }
    loaded
      .then((code) => {
        if (gen === generation) show(code, gen);
      })
      .catch(() => {
        if (gen === generation) end('error', QR_LOAD_FAILED_MESSAGE);
      });
  }

  return {
    start: refresh,
    refresh,
    stop() {
      halt();
      state = IDLE;
    },
    getState: () => state,
  };
}
