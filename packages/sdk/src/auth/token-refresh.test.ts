import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../testing/manual-clock';
import { createTokenRefreshCheck } from './token-refresh';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createTokenRefreshCheck', () => {
  it('checks every 5 minutes and refreshes only when due', async () => {
    const clock = createManualClock(0);
    let due = false;
    const refresh = vi.fn(async () => 'new-token');
    const check = createTokenRefreshCheck({ clock, isDue: () => due, refresh });
    clock.advance(600_000);
    expect(refresh).not.toHaveBeenCalled(); // not started
    check.start();
    clock.advance(300_000);
    expect(refresh).not.toHaveBeenCalled();
    due = true;
    clock.advance(299_999);
    expect(refresh).not.toHaveBeenCalled();
    clock.advance(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    check.stop();
    clock.advance(900_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(clock.pending()).toBe(0);
    await flush();
  });

  it('never runs two refreshes at once, and tries again after a failure', async () => {
    const clock = createManualClock(0);
    const onError = vi.fn();
    let finish: (() => void) | null = null;
    const refresh = vi
      .fn<() => Promise<unknown>>()
      .mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)))
      .mockRejectedValueOnce(new Error('401'))
      .mockResolvedValue('ok');
    const check = createTokenRefreshCheck({ clock, intervalMs: 1_000, isDue: () => true, refresh, onError });
    check.start();
    clock.advance(3_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    finish!();
    await flush();
    clock.advance(1_000);
    await flush();
    expect(onError).toHaveBeenCalledTimes(1);
    clock.advance(1_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    check.stop();
  });
});
