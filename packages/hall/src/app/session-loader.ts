import { fetchMenuIcons, loadSession } from '@gjj-hall/sdk/auth';
import { $homePath, $menuIcons, $menuRoutes, client, setMenuIcons, stores } from '../shared/services';

/** Step 4 of the guard (spec 4.1): user info, routes, dictionary and account information, and the icons if not yet had. */
export async function loadUserSession(): Promise<{ homePath: string }> {
  const icons = Object.keys($menuIcons.get()).length ? null : fetchMenuIcons(client);
  const { built } = await loadSession(client, stores);
  if (icons) setMenuIcons(await icons);
  $menuRoutes.set(built.routes);
  $homePath.set(built.homePath);
  return { homePath: built.homePath };
}
