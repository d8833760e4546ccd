import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../testing/manual-clock';
import {
  createQrAuth,
  QR_EXPIRED_MESSAGE,
  QR_FAILED_MESSAGE,
  QR_INVALID_MESSAGE,
  QR_LOAD_FAILED_MESSAGE,
  type QrAuthState,
  type QrCode,
} from './qr-auth';

/** Lets settled promises run their callbacks. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(opts: { exp?: number | string; load?: () => Promise<QrCode> } = {}) {
  const clock = createManualClock(0);
  let serial = 0;
  const load = vi.fn(
    opts.load ??
      (async () => {
        serial++;
        return { codeImgBase64: `data:image/png;base64,IMG${serial}`, codeId: `id-${serial}`, exp: opts.exp ?? 120 };
      }),
  );
  let answer: () => Promise<{ status: number | string }> = async () => ({ status: 0 });
  const poll = vi.fn((codeId: string) => {
    void codeId;
    return answer();
  });
  const states: QrAuthState[] = [];
  const onSuccess = vi.fn();
  const qr = createQrAuth({ clock, load, poll, onChange: (s) => states.push(s), onSuccess });
  return {
    clock,
    load,
    poll,
    qr,
    states,
    onSuccess,
    answerWith: (fn: () => Promise<{ status: number | string }>) => void (answer = fn),
  };
}

describe('createQrAuth', () => {
  it('does nothing until started', () => {
    const { clock, load, qr } = setup();
    clock.advance(60_000);
    expect(load).not.toHaveBeenCalled();
    expect(qr.getState().phase).toBe('idle');
  });

  it('shows loading, then the QR with the full countdown', async () => {
    const { qr } = setup({ exp: 120 });
    qr.start();
    expect(qr.getState().phase).toBe('loading');
    await flush();
    expect(qr.getState()).toEqual({
      phase: 'shown',
      codeImgBase64: 'data:image/png;base64,IMG1',
      codeId: 'id-1',
      remainingSeconds: 120,
      message: '',
    });
  });

  it('counts down each second and polls every 3 s', async () => {
    const { clock, qr, poll } = setup({ exp: '120' });
    qr.start();
    await flush();
    clock.advance(1_000);
    expect(qr.getState().remainingSeconds).toBe(119);
    clock.advance(1_999);
    expect(poll).not.toHaveBeenCalled();
    clock.advance(1);
    expect(poll).toHaveBeenCalledExactlyOnceWith('id-1');
    expect(qr.getState().remainingSeconds).toBe(117);
    await flush();
    clock.advance(3_000);
    await flush();
    clock.advance(3_000);
    expect(poll).toHaveBeenCalledTimes(3);
    expect(qr.getState().phase).toBe('shown');
  });

  it('status 10: success, polling stops and the parent is told once', async () => {
    const { clock, qr, poll, onSuccess, answerWith } = setup();
    qr.start();
    await flush();
    answerWith(async () => ({ status: 10 }));
    clock.advance(3_000);
    await flush();
    expect(qr.getState().phase).toBe('success');
    expect(onSuccess).toHaveBeenCalledExactlyOnceWith('id-1');
    clock.advance(60_000);
    expect(poll).toHaveBeenCalledTimes(1);
    expect(clock.pending()).toBe(0);
  });

  it('status 9: invalid, with the refresh text, the image kept under the overlay', async () => {
    const { clock, qr, answerWith } = setup();
    qr.start();
    await flush();
    answerWith(async () => ({ status: '9' }));
    clock.advance(3_000);
    await flush();
    expect(qr.getState()).toMatchObject({ phase: 'invalid', message: QR_INVALID_MESSAGE, codeImgBase64: 'data:image/png;base64,IMG1' });
    expect(clock.pending()).toBe(0);
  });

  it('status 11: authentication failed', async () => {
    const { clock, qr, onSuccess, answerWith } = setup();
    qr.start();
    await flush();
    answerWith(async () => ({ status: 11 }));
    clock.advance(3_000);
    await flush();
    expect(qr.getState()).toMatchObject({ phase: 'failed', message: QR_FAILED_MESSAGE });
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('expires when the countdown reaches 0, and stops polling', async () => {
    const { clock, qr, poll } = setup({ exp: 10 });
    qr.start();
    await flush();
    clock.advance(9_999);
    await flush();
    expect(qr.getState()).toMatchObject({ phase: 'shown', remainingSeconds: 1 });
    clock.advance(1);
    expect(qr.getState()).toMatchObject({ phase: 'expired', message: QR_EXPIRED_MESSAGE });
    const polls = poll.mock.calls.length;
    clock.advance(30_000);
    expect(poll).toHaveBeenCalledTimes(polls);
  });

  it('a load failure shows the load-failed text; refresh then loads a new QR', async () => {
    let fail = true;
    const { qr } = setup({
      load: async () => {
        if (fail) throw new Error('network');
        return { codeImgBase64: 'IMG', codeId: 42, exp: 60 };
      },
    });
    qr.start();
    await flush();
    expect(qr.getState()).toMatchObject({ phase: 'error', message: QR_LOAD_FAILED_MESSAGE, codeImgBase64: null });
    fail = false;
    qr.refresh();
    await flush();
    expect(qr.getState()).toMatchObject({ phase: 'shown', codeId: '42', remainingSeconds: 60 });
  });

  it('a response without a code id counts as a load failure', async () => {
    const { qr } = setup({ load: async () => ({ codeImgBase64: 'IMG' }) as unknown as QrCode });
    qr.start();
    await flush();
    expect(qr.getState().phase).toBe('error');
  });

  it('refresh from expired fetches a new QR and restarts countdown and polling', async () => {
    const { clock, qr, poll, load } = setup({ exp: 5 });
    qr.start();
    await flush();
    clock.advance(5_000);
    expect(qr.getState().phase).toBe('expired');
    qr.refresh();
    expect(qr.getState().phase).toBe('loading');
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(qr.getState()).toMatchObject({ phase: 'shown', codeId: 'id-2', remainingSeconds: 5, message: '' });
    poll.mockClear();
    clock.advance(3_000);
    expect(poll).toHaveBeenCalledExactlyOnceWith('id-2');
  });

  it('ignores a poll answer that arrives after a refresh', async () => {
    const { clock, qr, onSuccess, answerWith } = setup();
    qr.start();
    await flush();
    const late = deferred<{ status: number }>();
    answerWith(() => late.promise);
    clock.advance(3_000); // poll for id-1 goes out
    qr.refresh();
    await flush();
    expect(qr.getState().codeId).toBe('id-2');
    late.resolve({ status: 10 }); // the old code's success must not close the dialog
    await flush();
    expect(qr.getState().phase).toBe('shown');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('ignores a load that arrives after stop', async () => {
    const pending = deferred<QrCode>();
    const { qr, states } = setup({ load: () => pending.promise });
    qr.start();
    qr.stop();
    pending.resolve({ codeImgBase64: 'IMG', codeId: 'x', exp: 60 });
    await flush();
    expect(qr.getState().phase).toBe('idle');
    expect(states.map((s) => s.phase)).toEqual(['loading']);
  });

  it('skips a tick while a poll is in flight, and keeps polling after a failed poll', async () => {
    const { clock, qr, poll, answerWith } = setup();
    qr.start();
    await flush();
    const slow = deferred<{ status: number }>();
    answerWith(() => slow.promise);
    clock.advance(9_000); // ticks at 3, 6, 9 s: only the first goes out
    expect(poll).toHaveBeenCalledTimes(1);
    slow.reject(new Error('network blip'));
    await flush();
    expect(qr.getState().phase).toBe('shown');
    answerWith(async () => ({ status: 10 }));
    clock.advance(3_000);
    await flush();
    expect(poll).toHaveBeenCalledTimes(2);
    expect(qr.getState().phase).toBe('success');
  });

  it('stop() leaves no timers running', async () => {
    const { clock, qr } = setup();
    qr.start();
    await flush();
    expect(clock.pending()).toBeGreaterThan(0);
    qr.stop();
    expect(clock.pending()).toBe(0);
    expect(qr.getState().phase).toBe('idle');
  });
});
