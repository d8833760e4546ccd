import { createClient, createStores, IDLE_LIMIT_MS, systemClock, type GjjRequestError, type TokenGrant, type TokenRefresher } from '@gjj-hall/sdk';
import type { MenuIcon } from '@gjj-hall/sdk/auth';
import type { MenuRoute } from '@gjj-hall/sdk/menu';
import { atom } from 'nanostores';
import { requestErrorDuration, toast } from './toast';

/** The hall's session and configuration stores (sdk), kept in this tab's session storage. */
export const stores = createStores();

/** A failure the whole app answers with one dialog (spec 8.1, 8.3). */
export interface SystemEvent {
  kind: 'unauthorized' | 'forbidden';
  /** Whether a token was held when the call failed: the 401 dialog words it accordingly. */
  signedIn: boolean;
  error: GjjRequestError;
}

/** The last 401 or 403 any call met; the app's dialog host follows it. */
export const $systemEvent = atom<SystemEvent | null>(null);

/**
 * Whether the user is active: some activity within the idle limit of spec 4.6, as the idle watcher records it (mouse
 * press, scroll, key press). The token is renewed only then; an idle user is signed out by the watcher.
 */
export function userActive(now = systemClock.now()): boolean {
  const last = stores.session.$lastActivity.get();
  return typeof last === 'number' && now - last <= IDLE_LIMIT_MS;
}

/**
 * The one request client of the hall: headers, the token and its refresh (docs/api-shell.md, 令牌续期), and the hooks
 * of spec 8 wired once (401 and 403 to the dialogs, any other failure to an error toast).
 */
const getToken = () => stores.session.$accessToken.get();
const onToken = (token: string, grant: TokenGrant) => stores.session.setToken(token, grant.refreshToken, grant.expiresAt);

let refresher: Promise<TokenRefresher> | null = null;
const loadRefresher = () =>
  (refresher ??= import('./token-refresher').then((m) =>
    m.createTokenRefresher({
      getToken,
      onToken,
      getRefreshToken: () => stores.session.$refreshToken.get(),
      getExpiresAt: () => stores.session.$tokenExpiresAt.get(),
      isActive: () => userActive(),
    }),
  ));

/**
 * Stands in for the sdk's token refresher until the first token arrives, then hands every call to it (a lazy chunk:
 * 1.3 KB the login page does not need). Reading a sign-in's headers is all it does itself.
 */
const lazyRefresher: TokenRefresher = {
  grantOf(headers) {
    const grant: TokenGrant = {};
    const refreshToken = headers.get('refresh-token');
    const seconds = Number(headers.get('token-expires-in'));
    if (refreshToken) grant.refreshToken = refreshToken;
    if (seconds > 0) grant.expiresAt = systemClock.now() + seconds * 1000;
    return grant;
  },
  schedule: () => void loadRefresher().then((r) => r.schedule()),
  beforeCall: () => (stores.session.$refreshToken.get() ? loadRefresher().then((r) => r.beforeCall()) : Promise.resolve()),
  retry: (token) => loadRefresher().then((r) => r.retry(token)),
  refresh: () => loadRefresher().then((r) => r.refresh()),
};

export const client = createClient({
  getToken,
  onToken,
  refresh: lazyRefresher,
  onUnauthorized: (error) => $systemEvent.set({ kind: 'unauthorized', signedIn: stores.session.$signedIn.get(), error }),
  onForbidden: (error) => {
    // A 401 dialog already up stays: signing in again comes first.
    if ($systemEvent.get()?.kind !== 'unauthorized') {
      $systemEvent.set({ kind: 'forbidden', signedIn: stores.session.$signedIn.get(), error });
    }
  },
  // Spec 8.3 and 9: a failed call's toast stays 3 s, 5 s when the network failed.
  onError: (message, error) => toast.error(message, { duration: requestErrorDuration(error) }),
});

/** The routes built from the signed-in user's menus (spec 2.2); empty while signed out. */
export const $menuRoutes = atom<MenuRoute[]>([]);
/** The signed-in user's home path; '' while signed out. */
export const $homePath = atom('');
/** Menu tile icons by name (GET menu/getAllMenuImgIcon). */
export const $menuIcons = atom<Record<string, string>>({});

/** Stores the menu icons as a name → data URL map. */
export function setMenuIcons(icons: readonly MenuIcon[]): void {
  $menuIcons.set(Object.fromEntries(icons.map((i) => [i.icon, i.svg])));
}
