import { useStore } from '@nanostores/react';
import { $systemEvent } from '../shared/services';
import { signOut } from '../shared/sign-out';
import { Dialog } from '../shared/ui/dialog';

/** The 401 dialog's text when no session was held: the spec's login-expired tip (spec 8.3). */
export const EXPIRY_TIP = '未登录或登录已过期，请重新登录';
/** The 401 dialog's text when the session ran out (spec 8.2). */
export const TOKEN_EXPIRED = '登录令牌已过期，请重新登录';
/** The 403 dialog's text (spec 6, 8.2). */
export const NO_PERMISSION = '当前操作没有权限，请联系管理员授权';

/**
 * The dialogs every call can bring (spec 6, 8.1, 8.3): a 401 opens 系统提示, which cannot be closed and whose only
 * button signs out and reloads the hall at its root; a 403 opens 错误 with 确定.
 */
export function SystemDialogs() {
  const event = useStore($systemEvent);
  if (!event) return null;
  if (event.kind === 'unauthorized') {
    return (
      <Dialog
        title="系统提示"
        open
        closable={false}
        alert
        footer={
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              void signOut({ server: false }).then(() => {
                // Reload at the root of the site: the hash goes, the guard starts afresh (spec 4.5).
                window.location.replace(window.location.pathname + window.location.search);
              });
            }}
          >
            重新登录
          </button>
        }
      >
        <p>{event.signedIn ? TOKEN_EXPIRED : EXPIRY_TIP}</p>
      </Dialog>
    );
  }
  return (
    <Dialog
      title="错误"
      open
      alert
      onClose={() => $systemEvent.set(null)}
      footer={
        <button type="button" className="btn btn--primary" onClick={() => $systemEvent.set(null)}>
          确定
        </button>
      }
    >
      <p>{NO_PERMISSION}</p>
    </Dialog>
  );
}
