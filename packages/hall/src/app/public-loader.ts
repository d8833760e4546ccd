import { fetchDictionary, fetchMenuIcons } from '@gjj-hall/sdk/auth';
import { client, setMenuIcons, stores } from '../shared/services';

/** Step 1 of the guard (spec 4.1): the menu icons and dictionary, before the login page. */
export async function loadPublicData(): Promise<void> {
  const [icons, dictionary] = await Promise.all([fetchMenuIcons(client), fetchDictionary(client).catch(() => null)]);
  setMenuIcons(icons);
  if (dictionary) stores.config.setDictionary(dictionary);
}
