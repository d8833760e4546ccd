import { logoutSession } from '@gjj-hall/sdk/auth';
import { $homePath, $menuRoutes, client, stores } from './services';

/**
 * Signs out (spec 4.5): ends the session on the server (unless told not to: the token is already dead), clears the
 * session and dictionaries, resets the login type to 1 and forgets the routes built from the menus. The caller
 * navigates (to /login, or reloads at the root).
 *
 * @example
 * await signOut()
 * navigate('/login', { replace: true })
 */
export async function signOut(options: { server?: boolean } = {}): Promise<void> {
  if (options.server !== false && stores.session.$signedIn.get()) await logoutSession(client);
  stores.logout();
  $menuRoutes.set([]);
  $homePath.set('');
}
