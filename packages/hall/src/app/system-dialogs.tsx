import { useStore } from '@nanostores/react';
import { $systemEvent } from '../shared/services';
import { signOut } from '../shared/sign-out';
import { Dialog } from '../shared/ui/dialog';

/**
 * What a visitor who holds no session is told (the 401 dialog, pages that need a session): to sign in, not that a
 * session expired (issue 18 item 15; the server's 401 to a call without a token says the same).
 */
export const SIGN_IN_FIRST = '请先登录';
/** The 401 dialog's text when the session ran out (spec 8.2). */
export const TOKEN_EXPIRED = '登录已过期，请重新登录';
/**
 * Why the server ended a session while it was in use (its 401 says so; docs/api-personal.md): shown instead of
 * {@link TOKEN_EXPIRED}, since the user did not let it run out.
 */
export const SESSION_ENDED_REASONS: readonly string[] = ['您的手机号码已变更，请重新登录'];
/** The 403 dialog's text (spec 6, 8.2). */
export const NO_PERMISSION = '当前操作没有权限，请联系管理员授权';

/**
 * The dialogs every call can bring (spec 6, 8.1, 8.3): a 401 opens 系统提示, which cannot be closed and whose only
 * button signs out and reloads the hall at its root; a 403 opens 错误 with 确定 and the server's reason.
 */
export function SystemDialogs() {
  const event = useStore($systemEvent);
  if (!event) return null;
  if (event.kind === 'unauthorized') {
    const said = (event.error as { body?: { msg?: unknown } } | undefined)?.body?.msg;
    const reason = typeof said === 'string' && SESSION_ENDED_REASONS.includes(said) ? said : '';
    return (
      <Dialog
        title="系统提示"
        open
        closable={false}
        alert
        system
        footer={
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              void signOut({ server: false }).then(() => {
                // Reload on the login page (the root now opens the public home, issue 23): the guard starts afresh
                // (spec 4.5). The hash changes in place, then the reload starts the hall anew on it.
                window.location.replace(`${window.location.pathname}${window.location.search}#/login`);
                window.location.reload();
              });
            }}
          >
            {event.signedIn ? '重新登录' : '去登录'}
          </button>
        }
      >
        <p>{reason || (event.signedIn ? TOKEN_EXPIRED : SIGN_IN_FIRST)}</p>
      </Dialog>
    );
  }
  return (
    <Dialog
      title="错误"
      open
      alert
      system
      onClose={() => $systemEvent.set(null)}
      footer={
        <button type="button" className="btn btn--primary" onClick={() => $systemEvent.set(null)}>
          确定
        </button>
      }
    >
      {/* The server's reason when it gives one (an unverified identity, issue 18), else the catalogue text. */}
      <p>{event.error.message || NO_PERMISSION}</p>
    </Dialog>
  );
}
