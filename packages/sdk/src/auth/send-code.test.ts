import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../testing/manual-clock';
import {
  countdownLabel,
  createSendCodeCountdown,
  SEND_CODE_FAILURE_MESSAGE,
  SEND_CODE_LABEL,
  SEND_CODE_SUCCESS_MESSAGE,
  sendCodeResult,
  type CountdownStorage,
  type SendCodeState,
} from './send-code';

const KEY = 'changePwdCodeTime';
const T0 = 1_700_000_000_000;

function memory(initial: Record<string, string> = {}): CountdownStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => void data.set(key, value),
    remove: (key) => void data.delete(key),
  };
}

function setup(storage = memory(), start = T0) {
  const clock = createManualClock(start);
  const states: SendCodeState[] = [];
  const countdown = createSendCodeCountdown({ clock, storage, key: KEY, onChange: (s) => states.push(s) });
  return { clock, storage, countdown, states };
}

describe('createSendCodeCountdown', () => {
  it('starts idle with the send label, enabled', () => {
    const { countdown, clock } = setup();
    expect(countdown.getState()).toEqual({ counting: false, remainingSeconds: 0, label: '发送验证码', disabled: false });
    expect(clock.pending()).toBe(0);
  });

  it('after a successful send counts down from 60 s, disabled, and stores the start time', () => {
    const { countdown, clock, storage } = setup();
    countdown.started();
    expect(countdown.getState()).toEqual({ counting: true, remainingSeconds: 60, label: '60s 后重新获取', disabled: true });
    expect(storage.data.get(KEY)).toBe(String(T0));
    clock.advance(1_000);
    expect(countdown.getState().label).toBe('59s 后重新获取');
    clock.advance(58_000);
    expect(countdown.getState().label).toBe('1s 后重新获取');
  });

  it('at 0 resets to the send label and clears the stored start', () => {
    const { countdown, clock, storage, states } = setup();
    countdown.started();
    clock.advance(60_000);
    expect(countdown.getState().label).toBe(SEND_CODE_LABEL);
    expect(countdown.getState().disabled).toBe(false);
    expect(storage.data.has(KEY)).toBe(false);
    expect(clock.pending()).toBe(0);
    // Every second was shown once, 60 down to 1, then the reset.
    expect(states.map((s) => s.label)).toEqual([...Array.from({ length: 60 }, (_, i) => countdownLabel(60 - i)), SEND_CODE_LABEL]);
  });

  it('a reopened dialog resumes with 40 s left after 20 s', () => {
    const storage = memory();
    const first = setup(storage);
    first.countdown.started();
    first.clock.advance(5_000);
    first.countdown.dispose(); // dialog closed: ticking stops, storage kept
    expect(storage.data.get(KEY)).toBe(String(T0));
    expect(first.clock.pending()).toBe(0);

    const reopened = setup(storage, T0 + 20_000);
    expect(reopened.countdown.getState()).toMatchObject({ counting: true, label: '40s 后重新获取', disabled: true });
    reopened.clock.advance(1_000);
    expect(reopened.countdown.getState().label).toBe('39s 后重新获取');
  });

  it('a resumed countdown stays in step with the original seconds', () => {
    const { countdown, clock } = setup(memory({ [KEY]: String(T0) }), T0 + 20_500);
    expect(countdown.getState().label).toBe('40s 后重新获取');
    clock.advance(499);
    expect(countdown.getState().label).toBe('40s 后重新获取');
    clock.advance(1);
    expect(countdown.getState().label).toBe('39s 后重新获取');
    clock.advance(39_000);
    expect(countdown.getState().label).toBe(SEND_CODE_LABEL);
  });

  it('ignores and clears a stored start older than 60 s', () => {
    const storage = memory({ [KEY]: String(T0 - 61_000) });
    const { countdown } = setup(storage);
    expect(countdown.getState().label).toBe(SEND_CODE_LABEL);
    expect(storage.data.has(KEY)).toBe(false);
  });

  it('ignores and clears an unreadable or future start', () => {
    for (const junk of ['abc', '', String(T0 + 5_000), '1e12']) {
      const storage = memory({ [KEY]: junk });
      expect(setup(storage).countdown.getState().label).toBe(SEND_CODE_LABEL);
      expect(storage.data.has(KEY)).toBe(false);
    }
  });

  it('resume() picks up a start stored after creation', () => {
    const storage = memory();
    const { countdown, clock } = setup(storage);
    clock.advance(3_000);
    storage.set(KEY, String(T0));
    countdown.resume();
    expect(countdown.getState().label).toBe('57s 后重新获取');
  });

  it('a failed send resets the button and clears the stored start', () => {
    const { countdown, clock, storage } = setup();
    countdown.started();
    clock.advance(10_000);
    countdown.reset();
    expect(countdown.getState()).toMatchObject({ counting: false, label: SEND_CODE_LABEL, disabled: false });
    expect(storage.data.has(KEY)).toBe(false);
    expect(clock.pending()).toBe(0);
  });

  it('keeps counting in memory when storage throws', () => {
    const broken: CountdownStorage = {
      get: () => {
        throw new Error('SecurityError');
      },
      set: () => {
        throw new Error('QuotaExceededError');
      },
      remove: () => {
        throw new Error('SecurityError');
      },
    };
    const { countdown, clock } = setup(broken as ReturnType<typeof memory>);
    countdown.started();
    clock.advance(2_000);
    expect(countdown.getState().label).toBe('58s 后重新获取');
    clock.advance(58_000);
    expect(countdown.getState().label).toBe(SEND_CODE_LABEL);
  });

  it('the label always reads 发送验证码 or {n}s 后重新获取, whatever happens', () => {
    const action = fc.oneof(
      fc.integer({ min: 0, max: 130_000 }).map((ms) => ({ kind: 'advance' as const, ms })),
      fc.constantFrom({ kind: 'started' as const }, { kind: 'reset' as const }, { kind: 'reopen' as const }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        const storage = memory();
        const clock = createManualClock(T0);
        const seen: string[] = [];
        const make = () => createSendCodeCountdown({ clock, storage, key: KEY, onChange: (s) => seen.push(s.label) });
        let countdown = make();
        const check = (s: SendCodeState) => {
          expect(s.label).toMatch(/^(发送验证码|\d+s 后重新获取)$/);
          expect(s.disabled).toBe(s.counting);
          if (s.counting) expect(s.remainingSeconds).toBeGreaterThanOrEqual(1);
          if (s.counting) expect(s.remainingSeconds).toBeLessThanOrEqual(60);
        };
        for (const a of actions) {
          if (a.kind === 'advance') clock.advance(a.ms);
          else if (a.kind === 'started') countdown.started();
          else if (a.kind === 'reset') countdown.reset();
          else {
            countdown.dispose();
            countdown = make();
          }
          check(countdown.getState());
        }
        for (const label of seen) expect(label).toMatch(/^(发送验证码|\d+s 后重新获取)$/);
      }),
    );
  });
});

describe('sendCodeResult', () => {
  it('code 0 (number or string) is a success, with msg or the default text', () => {
    expect(sendCodeResult({ code: 0, msg: '短信已发送至 138****0000' })).toEqual({
      ok: true,
      message: '短信已发送至 138****0000',
      reset: false,
    });
    expect(sendCodeResult({ code: '0', msg: '' })).toEqual({ ok: true, message: SEND_CODE_SUCCESS_MESSAGE, reset: false });
    expect(sendCodeResult({ code: 0 }).message).toBe('验证码发送成功');
  });

  it('anything else is a failure that resets the countdown', () => {
    expect(sendCodeResult({ code: 500, msg: '手机号码未绑定' })).toEqual({ ok: false, message: '手机号码未绑定', reset: true });
    expect(sendCodeResult({ code: 1 })).toEqual({ ok: false, message: SEND_CODE_FAILURE_MESSAGE, reset: true });
    expect(sendCodeResult({ code: '00', msg: ' ' }).message).toBe('验证码获取失败');
    expect(sendCodeResult(new Error('网络超时，请刷新重试'))).toEqual({ ok: false, message: '网络超时，请刷新重试', reset: true });
    expect(sendCodeResult(undefined)).toEqual({ ok: false, message: '验证码获取失败', reset: true });
  });

  it('never throws, whatever it is given', () => {
    const hostile = Object.defineProperty({}, 'code', {
      get() {
        throw new Error('boom');
      },
    });
    expect(sendCodeResult(hostile).ok).toBe(false);
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const result = sendCodeResult(value);
        expect(typeof result.message).toBe('string');
        expect(result.message.length).toBeGreaterThan(0);
        expect(result.reset).toBe(!result.ok);
      }),
    );
  });
});

describe('spies', () => {
  it('onChange is not called for the state at creation', () => {
    const onChange = vi.fn();
    createSendCodeCountdown({ clock: createManualClock(T0), storage: memory({ [KEY]: String(T0) }), key: KEY, onChange });
    expect(onChange).not.toHaveBeenCalled();
  });
});
