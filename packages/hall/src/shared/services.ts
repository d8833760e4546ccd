import { createClient, createStores, type GjjRequestError } from '@gjj-hall/sdk';
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
 * The one request client of the hall: headers, the token, and the hooks of spec 8 wired once (401 and 403 to the
 * dialogs, any other failure to an error toast).
 */
export const client = createClient({
  getToken: () => stores.session.$accessToken.get(),
  onToken: (token) => stores.session.setToken(token),
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
