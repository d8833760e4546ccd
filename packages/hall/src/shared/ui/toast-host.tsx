import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $toast, toast } from '../toast';

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

/** The page's first control reachable by Tab, outside the toasts. */
function firstTabbable(): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>(TABBABLE)].find(
    (el) => !el.closest('.toasts') && el.tabIndex >= 0 && el.getClientRects().length > 0,
  );
}

const LABELS = { error: '错误', success: '成功', info: '提示', warning: '警告' } as const;

/**
 * Where the toast helper's message shows (spec 8.4): 80 px from the top, one at a time, each with a close button.
 * The live regions are always in the page, so screen readers announce each new message: errors and warnings in the
 * `alert` region (said at once), success and information in the `status` region (said politely).
 */
export function ToastHost() {
  const current = useStore($toast);
  const host = useRef<HTMLDivElement>(null);
  // Issue 37 (WCAG 2.4.11): a toast never covers what has focus: when they overlap it moves to the bottom; Esc closes it.
  const [below, setBelow] = useState(false);
  useEffect(() => {
    if (!current) return;
    const place = () => {
      const focused = document.activeElement;
      const box = host.current?.querySelector('.toast')?.getBoundingClientRect();
      if (!box || !(focused instanceof HTMLElement) || host.current?.contains(focused)) return;
      const f = focused.getBoundingClientRect();
      const overlaps = f.bottom > box.top && f.top < box.bottom && f.right > box.left && f.left < box.right;
      // To the half of the window the focused element is not in.
      if (overlaps) setBelow(f.top + f.height / 2 < innerHeight / 2);
    };
    // The close button comes next in the Tab order after what had focus when the toast showed (WCAG 2.4.3): Tab
    // from there goes to it, Tab from it goes on from there, Shift+Tab from it goes back there. Only once: after the
    // button (forwards) the order is the page's again.
    let origin: Element | null = document.activeElement;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('dialog[open]')) toast.close();
      if (event.key !== 'Tab' || !origin || document.querySelector('dialog[open]')) return;
      const close = host.current?.querySelector<HTMLButtonElement>('.toast__close');
      if (!close) return;
      const from = document.activeElement;
      if (from === origin && !event.shiftKey) {
        event.preventDefault();
        close.focus();
      } else if (from === close) {
        const back = origin;
        if (!event.shiftKey) origin = null;
        if (back instanceof HTMLElement && back !== document.body && back.isConnected) {
          // Back to where focus was; for Tab the browser's own move then goes on from there.
          back.focus();
          if (event.shiftKey) event.preventDefault();
        } else if (!event.shiftKey) {
          event.preventDefault();
          firstTabbable()?.focus();
        }
      }
    };
    addEventListener('focusin', place);
    addEventListener('keydown', onKey);
    place();
    return () => {
      removeEventListener('focusin', place);
      removeEventListener('keydown', onKey);
    };
  }, [current]);
  const urgent = current && (current.type === 'error' || current.type === 'warning');
  const body = current && (
    <div key={current.id} className={`toast toast--${current.type}`}>
      <span className="toast__icon" aria-hidden="true" />
      <span className="visually-hidden">{LABELS[current.type]}：</span>
      <span className="toast__text">
        {current.lines.map((line, i) => (
          <span key={i} className="toast__line">
            {line}
          </span>
        ))}
      </span>
      {current.closable && (
        <button type="button" className="toast__close" aria-label="关闭提示" onClick={toast.close}>
          ×
        </button>
      )}
    </div>
  );
  return (
    <div ref={host} className={below ? 'toasts toasts--below' : 'toasts'}>
      <div role="alert" className="toasts__region">
        {urgent ? body : null}
      </div>
      <div role="status" className="toasts__region">
        {!urgent ? body : null}
      </div>
    </div>
  );
}
