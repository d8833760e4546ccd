import { LOGIN_SUCCESS_NOTICE_MS } from '@gjj-hall/sdk';
import {
  accountLogin,
  displayName,
  fetchCaptcha,
  smsCodeLogin,
  type AccountLoginInput,
  type Captcha,
  type LoginResult,
} from '@gjj-hall/sdk/auth';
import type { LoginType } from '@gjj-hall/sdk';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { client, stores } from '../../../shared/services';
import { sessionFlags } from '../../../shared/session-flags';
import { toast } from '../../../shared/toast';
import { loginSuccessMessage } from '../login-form';

/** A new picture captcha (single use). */
export function loadCaptcha(): Promise<Captcha> {
  return fetchCaptcha(client);
}

/**
 * Signs in with account and password: SM2-encrypted with the centre's key (the only chunk that carries sm-crypto),
 * the token kept in the session, the prompts after sign-in marked as due, and the welcome shown 2 s later.
 */
export async function signIn(input: AccountLoginInput): Promise<void> {
  completeSignIn(await accountLogin(client, input, { encrypt: sm2Encrypt }));
}

/** Signs in with a phone and the SMS code sent to it (phone and code SM2-encrypted); the same tail as {@link signIn}. */
export async function signInBySms(input: { loginType: LoginType; phone: string; code: string }): Promise<void> {
  completeSignIn(await smsCodeLogin(client, input, { encrypt: sm2Encrypt }));
}

/**
 * What every sign-in method does once the centre has answered with a session: the token and login type into the
 * session, the prompts after sign-in marked as due, the welcome 2 s later. The caller then navigates.
 */
export function completeSignIn({ token, loginType }: LoginResult): void {
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
