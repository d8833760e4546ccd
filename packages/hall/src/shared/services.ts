import { createClient, createStores, IDLE_LIMIT_MS, systemClock, type GjjRequestError, type TokenGrant } from '@gjj-hall/sdk';
import { createTokenRefresher, type MenuIcon } from '@gjj-hall/sdk/auth';
import type { MenuRoute } from '@gjj-hall/sdk/menu';
import { atom } from 'nanostores';
import { toast } from './toast';

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
export const client = createClient({
  getToken,
  onToken,
  refresh: createTokenRefresher({
    getToken,
    onToken,
    getRefreshToken: () => stores.session.$refreshToken.get(),
    getExpiresAt: () => stores.session.$tokenExpiresAt.get(),
    isActive: () => userActive(),
  }),
  onUnauthorized: (error) => $systemEvent.set({ kind: 'unauthorized', signedIn: stores.session.$signedIn.get(), error }),
  onForbidden: (error) => {
    // A 401 dialog already up stays: signing in again comes first.
    if ($systemEvent.get()?.kind !== 'unauthorized') {
      $systemEvent.set({ kind: 'forbidden', signedIn: stores.session.$signedIn.get(), error });
    }
  },
  onError: (message) => toast.error(message),
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
