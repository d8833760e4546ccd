/**
 * The full-screen loading overlay of spec 2.14: 加载中，请稍候.
 *
 * @example
 * {loading && <FullScreenLoader />}
 */
export function FullScreenLoader({ text = '加载中，请稍候' }: { text?: string }) {
  return (
    <div className="loader" role="status" aria-live="polite">
      <span className="loader__spinner" aria-hidden="true" />
      <span className="loader__text">{text}</span>
    </div>
  );
}
