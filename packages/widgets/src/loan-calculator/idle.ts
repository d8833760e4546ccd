// @internal Work the page can do later: the calculator's engine is fetched once the page has nothing better to do.

/** Longest wait for an idle moment before the work runs anyway, in ms (a page that is never idle still gets it). */
export const IDLE_TIMEOUT_MS = 2000;
/** Where there is no `requestIdleCallback` (Safari), the work waits this long after the form has rendered, in ms. */
export const IDLE_FALLBACK_MS = 300;

/**
 * @internal Runs `work` when the browser is idle (`requestIdleCallback`, at the latest after {@link IDLE_TIMEOUT_MS}),
 * or after a short timeout where there is no such call. Returns a function that cancels it if it has not run.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => work(), { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, IDLE_FALLBACK_MS);
  return () => clearTimeout(timer);
}
