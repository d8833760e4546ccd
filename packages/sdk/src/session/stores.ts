import { createConfigStore, type ConfigStore } from '../config/config';
import { createStorage, type GjjStorage, type StorageOptions } from '../storage/storage';
import { createSessionStore, type SessionStore } from './session';

/** The hall's state: storage, session and configuration, and the one logout that clears them together. */
export interface HallStores {
  storage: GjjStorage;
  session: SessionStore;
  config: ConfigStore;
  /** Clears the session and the dictionaries, resets the login type to 1 (spec 4.5). The system configuration stays. */
  logout(): void;
}

/**
 * Creates storage, session and configuration stores that share one key prefix.
 *
 * @example
 * const { session, config, logout } = createStores({ client: 'wt', project: 'izfgjj' })
 */
export function createStores(options: StorageOptions = {}): HallStores {
  const storage = createStorage(options);
  const session = createSessionStore(storage);
  const config = createConfigStore(storage);
  return {
    storage,
    session,
    config,
    logout() {
      // Keep what the route guard needs before anyone signs in again (spec 4.1): the configuration and its version.
      const sysConfig = config.$sysConfig.get();
      const version = config.$configVersion.get();
      session.logout();
      config.clear();
      if (sysConfig.length) config.setSysConfig(sysConfig, version ?? undefined);
    },
  };
}
