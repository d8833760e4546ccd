import { describe, expect, it, vi } from 'vitest';
import { IDLE_EXEMPT_ROUTES, IDLE_LIMIT_MS } from '../constants/constants';
import { createManualClock } from '../testing/manual-clock';
import { createIdleTimer, IDLE_LOGOUT_MESSAGE, isIdleExemptRoute, type ActivityStore } from './idle';

const MIN = 60_000;

function setup(route = '/grwt/index', store?: ActivityStore) {
  const clock = createManualClock(1_700_000_000_000);
  const current = { route };
  const onWarn = vi.fn();
  const onTimeout = vi.fn();
  const idle = createIdleTimer({ clock, getRoute: () => current.route, onWarn, onTimeout, ...(store ? { store } : {}) });
  return { clock, current, onWarn, onTimeout, idle };
}

describe('createIdleTimer', () => {
  it('does nothing until started', () => {
    const { clock, onWarn, onTimeout } = setup();
    clock.advance(2 * IDLE_LIMIT_MS);
    expect(onWarn).not.toHaveBeenCalled();
    expect(onTimeout).not.toHaveBeenCalled();
    expect(clock.pending()).toBe(0);
  });

  it('keeps the user signed in at 29:59 and 30:00 of inactivity, warns at the first check past 30 minutes', () => {
    const { clock, idle, onWarn, onTimeout } = setup();
    idle.start(); // no activity yet: counts from now
    clock.advance(29 * MIN + 59_000);
    expect(onWarn).not.toHaveBeenCalled();
    clock.advance(1_000); // exactly 30:00 is not "over" 30 minutes
    expect(onWarn).not.toHaveBeenCalled();
    clock.advance(5_000); // next check, 30:05
    expect(onWarn).toHaveBeenCalledExactlyOnceWith(IDLE_LOGOUT_MESSAGE, 3_500);
    expect(idle.getState()).toBe('warning');
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('signs out exactly 3.5 s after the message, then stops', () => {
    const { clock, idle, onWarn, onTimeout } = setup();
    idle.start();
    clock.advance(IDLE_LIMIT_MS + 5_000);
    expect(onWarn).toHaveBeenCalledTimes(1);
    clock.advance(3_499);
    expect(onTimeout).not.toHaveBeenCalled();
    clock.advance(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(idle.getState()).toBe('stopped');
    clock.advance(2 * IDLE_LIMIT_MS);
    expect(onWarn).toHaveBeenCalledTimes(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(clock.pending()).toBe(0);
  });

  it('activity resets the 30 minutes', () => {
    const { clock, idle, onWarn } = setup();
    idle.start();
    clock.advance(20 * MIN);
    idle.recordActivity();
    clock.advance(25 * MIN);
    expect(onWarn).not.toHaveBeenCalled();
    clock.advance(5 * MIN + 5_000);
    expect(onWarn).toHaveBeenCalledTimes(1);
  });

  it('does not record activity on exempt routes', () => {
    const { clock, idle, current, onWarn } = setup();
    idle.start();
    clock.advance(20 * MIN);
    current.route = '/login?redirect=%2Fgrwt';
    idle.recordActivity(); // ignored
    current.route = '/grwt/index';
    clock.advance(10 * MIN + 5_000);
    expect(onWarn).toHaveBeenCalledTimes(1);
  });

  it('does not sign out while on an exempt route', () => {
    const { clock, idle, current, onWarn } = setup('/UnitDeposit');
    idle.start();
    clock.advance(2 * IDLE_LIMIT_MS);
    expect(onWarn).not.toHaveBeenCalled();
    current.route = '/dwwt/index';
    clock.advance(5_000);
    expect(onWarn).toHaveBeenCalledTimes(1);
  });

  it('stop() prevents the warning, and cancels a pending sign-out', () => {
    const first = setup();
    first.idle.start();
    first.clock.advance(IDLE_LIMIT_MS - 5_000);
    first.idle.stop();
    first.clock.advance(IDLE_LIMIT_MS);
    expect(first.onWarn).not.toHaveBeenCalled();
    expect(first.clock.pending()).toBe(0);

    const second = setup();
    second.idle.start();
    second.clock.advance(IDLE_LIMIT_MS + 5_000);
    expect(second.onWarn).toHaveBeenCalledTimes(1);
    second.idle.stop();
    second.clock.advance(10_000);
    expect(second.onTimeout).not.toHaveBeenCalled();
  });

  it('uses the injected store, so a reload after 31 idle minutes still signs out', () => {
    const clockStart = 1_700_000_000_000;
    let saved: number | null = clockStart - 31 * MIN;
    const store: ActivityStore = { get: () => saved, set: (t) => void (saved = t) };
    const { clock, idle, onWarn } = setup('/grwt/index', store);
    idle.start();
    expect(saved).toBe(clockStart - 31 * MIN); // start() kept the stored time
    clock.advance(5_000);
    expect(onWarn).toHaveBeenCalledTimes(1);
  });

  it('records activity into the injected store', () => {
    let saved: number | null = null;
    const { clock, idle } = setup('/grwt/index', { get: () => saved, set: (t) => void (saved = t) });
    clock.advance(1_234);
    idle.recordActivity();
    expect(saved).toBe(1_700_000_001_234);
  });

  it('can be started again after a timeout without signing out at once', () => {
    const { clock, idle, onWarn, onTimeout } = setup();
    idle.start();
    clock.advance(IDLE_LIMIT_MS + 5_000 + 3_500);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    idle.start(); // signed in again
    clock.advance(10 * MIN);
    expect(onWarn).toHaveBeenCalledTimes(1);
  });
});

describe('isIdleExemptRoute', () => {
  it('matches the exempt paths of spec 4.6 exactly', () => {
    for (const route of IDLE_EXEMPT_ROUTES) expect(isIdleExemptRoute(route)).toBe(true);
    expect(isIdleExemptRoute('/forgotPwd/')).toBe(true);
    expect(isIdleExemptRoute('/userRegister#top')).toBe(true);
    expect(isIdleExemptRoute('/loginx')).toBe(false);
    expect(isIdleExemptRoute('/grwt/login')).toBe(false);
    expect(isIdleExemptRoute('/')).toBe(false);
    expect(isIdleExemptRoute(undefined)).toBe(false);
  });
});
