import { createRouteGuard } from '@gjj-hall/sdk/auth';
import { $homePath, $menuRoutes, client, stores } from '../shared/services';
import { isNoLoginRoute } from './navigation/public-routes';

/**
 * The route guard of spec 4.1 for this app: the sdk's decisions over the hall's client and stores, with the
 * no-login list of navigation/public-routes.ts. What is loaded after sign-in (user info, routes, dictionary, icons)
 * is a chunk of its own, fetched the first time someone signs in.
 */
export const guard = createRouteGuard({
  client,
  stores,
  isNoLoginRoute,
  loadPublic: async () => (await import('./public-loader')).loadPublicData(),
  loadSession: async () => (await import('./session-loader')).loadUserSession(),
});

// Whoever clears the token (logout, idle timeout, a 401, the guard itself) also ends the loaded session.
stores.session.$accessToken.listen((token) => {
  if (token) return;
  guard.reset();
  $menuRoutes.set([]);
  $homePath.set('');
});
