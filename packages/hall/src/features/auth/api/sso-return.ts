import { checkSsoReturn, ssoLogin } from '@gjj-hall/sdk/auth';
import { client } from '../../../shared/services';
import { readZwLoginAddress } from '../sso-address';
import { completeSignIn } from './complete-sign-in';
import { SSO_STATE_KEY, ssoStorage } from './sso';

// The return from the government platform, for the /zwLogin page only (kept out of the login page's chunk).

/** The message when this page may not keep the sign-in's `state` (see `ssoStorage`). */
export const SSO_STORAGE_BLOCKED_MESSAGE =
  '当前浏览器不允许本页保存登录状态（本页嵌在其他网站的页面中时常见），请在新窗口中打开网上业务大厅登录';

/**
 * Takes what the platform sent back (`#/zwLogin?authCode=…&state=…`) out of the address at once, and the kept state
 * out of session storage, and checks one against the other.
 */
export function takeSsoReturn(): ReturnType<typeof checkSsoReturn> {
  const address = readZwLoginAddress(window.location.hash);
  // The code must not stay in the address bar, the history or a bookmark.
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}#/zwLogin`);
  const storage = ssoStorage();
  if (!storage) return { ok: false, message: SSO_STORAGE_BLOCKED_MESSAGE };
  const expected = storage.getItem(SSO_STATE_KEY);
  storage.removeItem(SSO_STATE_KEY);
  return checkSsoReturn(address.opened ? {} : address, expected);
}

/** Whether /zwLogin was opened by the platform (neither authCode nor state in the address) rather than returned to. */
export function openedByPlatform(): boolean {
  return readZwLoginAddress(window.location.hash).opened;
}

/** Exchanges the code on the server (POST, in the body) and signs in. */
export async function signInWithAuthCode(authCode: string): Promise<void> {
  completeSignIn(await ssoLogin(client, authCode));
}
