import { atom, type ReadableAtom } from 'nanostores';
import { DEFAULT_LOGIN_TYPE } from '../constants/constants';
import type { GjjStorage } from '../storage/storage';
import { persistentAtom } from './persist';

/** Login types of spec 6: 1 individual, 2 unit, 3 developer (or other). */
export type LoginType = 1 | 2 | 3;

/** One of the other accounts that belong to the same login (spec 3.3). */
export interface OtherAccount {
  account: string;
  id: string | number;
  /** Name of an individual. */
  nikName?: string;
  /** Name of a unit. */
  companyName?: string;
  userStatus?: string;
  [field: string]: unknown;
}

/** The signed-in user (spec 3.3); fields the spec does not name pass through. */
export interface UserInfo {
  menuList?: unknown[];
  otherInfo?: OtherAccount[];
  roles?: unknown[];
  loginMethod?: string | number;
  checkMethods?: unknown;
  /** Branch code; 0 means none. */
  groupBh?: string | number;
  phone?: string;
  [field: string]: unknown;
}

/** Everything a signed-in session holds (spec 3.1). */
export interface SessionState {
  accessToken: string;
  refreshToken: string;
  /** When the access token expires (ms since the epoch), as the server said; null when it did not say. */
  tokenExpiresAt: number | null;
  userInfo: UserInfo | null;
  personalInfo: Record<string, unknown> | null;
  unitInfo: Record<string, unknown> | null;
  otherUnitInfo: Record<string, unknown> | null;
  menus: unknown[];
  buttonMap: Record<string, unknown>;
  loginType: LoginType;
  passwordStatus: string;
  firstShowAccount: boolean;
  lastActivity: number | null;
}

const INITIAL: SessionState = {
  accessToken: '',
  refreshToken: '',
  tokenExpiresAt: null,
  userInfo: null,
  personalInfo: null,
  unitInfo: null,
  otherUnitInfo: null,
  menus: [],
  buttonMap: {},
  loginType: DEFAULT_LOGIN_TYPE as LoginType,
  passwordStatus: '',
  firstShowAccount: false,
  lastActivity: null,
};

type Atoms = { readonly [K in keyof SessionState as `$${K}`]: ReadableAtom<SessionState[K]> };

/** The session store: one read-only atom per field, and the only ways to change them. */
export interface SessionStore extends Atoms {
  /** True while an access token is held. */
  readonly $signedIn: ReadableAtom<boolean>;
  /** Sets one or more fields; each is written to session storage (or removed when emptied). */
  update(patch: Partial<SessionState>): void;
  /**
   * Stores the token a response sent in its header (spec 4.5), and the refresh token and expiry that came with it
   * (left as they are when not given).
   */
  setToken(accessToken: string, refreshToken?: string, expiresAt?: number): void;
  /** Records user activity for the idle timer (spec 4.6). */
  recordActivity(at: number): void;
  /** Clears every field and this app's session storage, and resets the login type to 1 (spec 4.5). */
  logout(): void;
}

/**
 * Creates the session store of spec 3.1 over nanostores atoms, kept in session storage so a reload keeps the user
 * signed in, while a new tab or a closed browser does not. Nothing is read until this is called.
 *
 * @example
 * const session = createSessionStore(createStorage())
 * session.setToken(response.headers.get('token'))
 * session.update({ loginType: 2, userInfo })
 * session.$signedIn.get() // true
 * session.logout()
 */
export function createSessionStore(storage: GjjStorage): SessionStore {
  const atoms = Object.fromEntries(
    (Object.keys(INITIAL) as (keyof SessionState)[]).map((key) => [
      key,
      // The login type is never "empty": it is stored even at its default so the reload shows the right login tab.
      persistentAtom(storage, key, INITIAL[key], key === 'loginType' ? () => false : undefined),
    ]),
  ) as { [K in keyof SessionState]: ReturnType<typeof persistentAtom<SessionState[K]>> };

  // A plain atom kept in step, rather than `computed`, which would add a kilobyte to every bundle of the core.
  const $signedIn = atom(atoms.accessToken.get() !== '');
  atoms.accessToken.listen((token) => $signedIn.set(token !== ''));
  const methods = {
    $signedIn: $signedIn as ReadableAtom<boolean>,
    update(patch: Partial<SessionState>) {
      for (const [key, value] of Object.entries(patch) as [keyof SessionState, never][]) {
        if (key in atoms) atoms[key].set(value);
      }
    },
    setToken(accessToken: string, refreshToken?: string, expiresAt?: number) {
      atoms.accessToken.set(accessToken);
      if (refreshToken !== undefined) atoms.refreshToken.set(refreshToken);
      if (expiresAt !== undefined) atoms.tokenExpiresAt.set(expiresAt);
    },
    recordActivity(at: number) {
      atoms.lastActivity.set(at);
    },
    logout() {
      for (const key of Object.keys(atoms) as (keyof SessionState)[]) atoms[key].set(INITIAL[key] as never);
      storage.clear({ session: true });
      storage.set('loginType', DEFAULT_LOGIN_TYPE, { session: true });
    },
  };
  const exposed = Object.fromEntries(Object.entries(atoms).map(([key, $atom]) => [`$${key}`, $atom]));
  return { ...exposed, ...methods } as SessionStore;
}
