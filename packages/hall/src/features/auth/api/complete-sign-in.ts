import { LOGIN_SUCCESS_NOTICE_MS, type LoginType } from '@gjj-hall/sdk';
import { displayName } from '@gjj-hall/sdk/auth';
import { stores } from '../../../shared/services';
import { sessionFlags } from '../../../shared/session-flags';
import { toast } from '../../../shared/toast';
import { loginSuccessMessage } from '../login-form';

/**
 * What every sign-in method does once the server has answered with a session: the token kept in the session, the
 * prompts after sign-in marked as due, and the welcome shown 2 s later (spec 4.5). No sm-crypto here, so the
 * single sign-on page does not load it.
 */
export function completeSignIn({ token, loginType }: { token: string; loginType: LoginType }): void {
  stores.session.setToken(token);
  stores.session.update({ loginType });
  sessionFlags.promptsDue.set(true);
  setTimeout(welcome, LOGIN_SUCCESS_NOTICE_MS);
}

/** The success notification (spec 4.5), by name once the user info has arrived. */
function welcome(): void {
  const show = () => toast.success(loginSuccessMessage(displayName(stores.session.$userInfo.get(), stores.session.$loginType.get())));
  if (!stores.session.$signedIn.get()) return;
  if (stores.session.$userInfo.get()) return show();
  const stop = stores.session.$userInfo.listen((info) => {
    if (!info) return;
    stop();
    show();
  });
}
