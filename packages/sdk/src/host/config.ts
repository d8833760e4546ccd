import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { GjjClient, GjjRequestError } from '../client/client';

/**
 * What a host page sets once for every gjj element on it (see {@link configure}). Every field is optional; an
 * element's own attribute (`api-base`) or a React component's own prop overrides the matching field.
 */
export interface HostConfig {
  /** Base URL of the centre's server, e.g. `https://gjj.example.gov.cn`; the page's own origin when unset. */
  apiBase?: string;
  /**
   * The request client every widget calls with (apiBase, client, jproject, getToken and onUnauthorized are then the
   * client's own business), or a string: the value of the `client` header (default `'wt'`).
   */
  client?: GjjClient | string;
  /** Value of the `jproject` header (default `'izfgjj'`). */
  jproject?: string;
  /**
   * The citizen's current token, asked for before each request and sent as its `token` header: the host hands a
   * fresh token this way, never in messages or URLs. May answer with a promise.
   */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /**
   * A request answered 401 (the session ended): called once for that request; when `getToken` then gives a different
   * token (the host signed the citizen in again, or refreshed the token), the request is sent once more with it.
   * May return a promise, which is awaited before `getToken` is asked again.
   */
  onUnauthorized?: (error: GjjRequestError) => void | Promise<void>;
  /**
   * Further origins (`https://host[:port]`) that may receive the token, besides the origin of `apiBase`. The token
   * never goes to an origin named only in markup (an element's `api-base`): such requests go without it, and the
   * console warns once per origin.
   * @default []
   */
  tokenOrigins?: readonly string[];
  /** Nonce for the `<style>` element a widget falls back to where constructable stylesheets are missing. */
  nonce?: string;
}

// One store per page, not per copy of this module: a page that loads two script-tag bundles (each with its own copy
// of the sdk) still has a single configuration, so one `configure` call reaches every element.
const KEY = Symbol.for('gjj-hall.host-config');
type Holder = Record<typeof KEY, WritableAtom<Readonly<HostConfig>> | undefined>;
const holder = globalThis as unknown as Holder;
const store: WritableAtom<Readonly<HostConfig>> = (holder[KEY] ??= atom<Readonly<HostConfig>>({}));

/** The page's host configuration as a nanostores atom: widgets subscribe to it, so a later `configure` reaches them. */
export const $hostConfig: ReadableAtom<Readonly<HostConfig>> = store;

/**
 * Sets page-wide defaults for every gjj element and widget: the fields given replace the ones set before (pass
 * `undefined` to unset one), the others stay. Elements already on the page follow at once. Returns the resulting
 * configuration.
 *
 * @example
 * configure({ apiBase: 'https://gjj.example.gov.cn', getToken: () => platform.token(), onUnauthorized: () => platform.signIn() })
 */
export function configure(config: HostConfig): Readonly<HostConfig> {
  const next = Object.freeze({ ...store.get(), ...config });
  store.set(next);
  return next;
}

/**
 * The page's host configuration as it stands.
 *
 * @example
 * getHostConfig().apiBase // 'https://gjj.example.gov.cn'
 */
export function getHostConfig(): Readonly<HostConfig> {
  return store.get();
}
