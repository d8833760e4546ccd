import { useStore } from '@nanostores/react';
import { $toast, toast } from '../toast';

const LABELS = { error: '错误', success: '成功', info: '提示', warning: '警告' } as const;

/**
 * Where the toast helper's message shows (spec 8.4): 80 px from the top, one at a time, each with a close button.
 * The live regions are always in the page, so screen readers announce each new message: errors and warnings in the
 * `alert` region (said at once), success and information in the `status` region (said politely).
 */
export function ToastHost() {
  const current = useStore($toast);
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
    <div className="toasts">
      <div role="alert" className="toasts__region">
        {urgent ? body : null}
      </div>
      <div role="status" className="toasts__region">
        {!urgent ? body : null}
      </div>
    </div>
  );
}
