import { DEFAULT_CLIENT, DEFAULT_PROJECT } from '../constants/constants';

/** The part of the Web Storage interface the sdk uses; `window.sessionStorage`, `localStorage` or a stand-in. */
export interface StorageArea {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

/** Options of {@link createStorage}. */
export interface StorageOptions {
  /**
   * Client name, the first part of every key prefix.
   * @default 'wt'
   */
  client?: string;
  /**
   * Project, the second part of every key prefix.
   * @default 'izfgjj'
   */
  project?: string;
  /** Where session items go; `globalThis.sessionStorage` when left out (looked up at call time, not on import). */
  session?: StorageArea | null;
  /** Where other items go; `globalThis.localStorage` when left out. */
  local?: StorageArea | null;
  /** Current time in milliseconds, for the timestamp and time-to-live. */
  now?: () => number;
}

/** Options of one write. */
export interface SetOptions {
  /** Keep the item for this browser tab only (session storage); otherwise local storage. */
  session?: boolean;
  /** After this many milliseconds the item reads as `false` and is removed. */
  ttlMs?: number;
}

/** Options of one read or removal. */
export interface GetOptions {
  /** Look in session storage rather than local storage. */
  session?: boolean;
}

/** What is written under each key: the value with its data-type tag and timestamp (spec 3.1). */
interface StoredItem {
  dataType: 'string' | 'number' | 'boolean' | 'object';
  content: unknown;
  datetime: number;
  ttlMs?: number;
}

/** A prefixed store over session and local storage. */
export interface GjjStorage {
  /** `client` + `project` + `-`, e.g. `wtizfgjj-`. */
  readonly prefix: string;
  /** Stores a value with its type tag and the time; returns false when the browser refuses (full, or disabled). */
  set(name: string, value: unknown, options?: SetOptions): boolean;
  /** The value as it was stored (same type); `null` when missing or unreadable; `false` once its time-to-live has passed. */
  get<T = unknown>(name: string, options?: GetOptions): T | null | false;
  /** Removes one item. */
  remove(name: string, options?: GetOptions): void;
  /** Removes every item of this app (this prefix) from session storage, or from local storage with `{ session: false }`. */
  clear(options?: GetOptions): void;
  /**
   * Removes local-storage keys of sibling apps, i.e. every key without this prefix (spec 9). Destructive for the
   * page that holds the storage: call it only when the hall runs as its own site, never from an embedded widget.
   */
  clearOtherApps(): void;
}

function area(given: StorageArea | null | undefined, name: 'sessionStorage' | 'localStorage'): StorageArea | null {
  if (given !== undefined) return given;
  try {
    // Reading the property throws in sandboxed iframes and with storage disabled.
    return (globalThis as unknown as Record<string, StorageArea | undefined>)[name] ?? null;
  } catch {
    return null;
  }
}

function keysOf(store: StorageArea): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

function tagOf(value: unknown): StoredItem['dataType'] {
  const t = typeof value;
  return t === 'string' || t === 'number' || t === 'boolean' ? t : 'object';
}

/**
 * Creates the storage of spec 3.1: every key is prefixed with client + project + `-`, every item carries a data-type
 * tag and a timestamp, and an item with a time-to-live reads as `false` (and is removed) once older than it. With no
 * storage available (private mode, sandboxed frame) writes return false and reads return null; nothing throws.
 *
 * @example
 * const storage = createStorage()
 * storage.set('token', 'abc', { session: true })
 * storage.get('token', { session: true }) // 'abc'
 * storage.set('captcha', '1234', { ttlMs: 60_000 })
 */
export function createStorage(options: StorageOptions = {}): GjjStorage {
  const prefix = `${options.client ?? DEFAULT_CLIENT}${options.project ?? DEFAULT_PROJECT}-`;
  const now = options.now ?? Date.now;
  const pick = (session?: boolean) =>
    session ? area(options.session, 'sessionStorage') : area(options.local, 'localStorage');

  function remove(name: string, opts: GetOptions = {}): void {
    try {
      pick(opts.session)?.removeItem(prefix + name);
    } catch {
      // Storage access can throw (disabled cookies); removal is best effort.
    }
  }

  return {
    prefix,
    set(name, value, opts = {}) {
      const store = pick(opts.session);
      if (!store) return false;
      const item: StoredItem = { dataType: tagOf(value), content: value, datetime: now() };
      if (opts.ttlMs !== undefined) item.ttlMs = opts.ttlMs;
      try {
        store.setItem(prefix + name, JSON.stringify(item));
        return true;
      } catch {
        return false;
      }
    },
    get<T>(name: string, opts: GetOptions = {}): T | null | false {
      let raw: string | null = null;
      try {
        raw = pick(opts.session)?.getItem(prefix + name) ?? null;
      } catch {
        return null;
      }
      if (raw === null) return null;
      let item: StoredItem;
      try {
        item = JSON.parse(raw) as StoredItem;
      } catch {
        return null;
      }
      if (!item || typeof item !== 'object' || !('content' in item)) return null;
      if (typeof item.ttlMs === 'number' && now() - Number(item.datetime) > item.ttlMs) {
        remove(name, opts);
        return false;
      }
      const { content } = item;
      switch (item.dataType) {
        case 'number':
          return Number(content) as T;
        case 'boolean':
          return (content === true || content === 'true') as T;
        case 'string':
          return String(content) as T;
        default:
          return content as T;
      }
    },
    remove,
    clear(opts = {}) {
      const store = pick(opts.session ?? true);
      if (!store) return;
      try {
        for (const key of keysOf(store)) if (key.startsWith(prefix)) store.removeItem(key);
      } catch {
        // best effort, as above
      }
    },
    clearOtherApps() {
      const store = pick(false);
      if (!store) return;
      try {
        for (const key of keysOf(store)) if (!key.startsWith(prefix)) store.removeItem(key);
      } catch {
        // best effort, as above
      }
    },
  };
}

/**
 * An in-memory {@link StorageArea}, for servers, tests and browsers where Web Storage is unavailable.
 *
 * @example
 * const storage = createStorage({ session: createMemoryStorage(), local: createMemoryStorage() })
 */
export function createMemoryStorage(): StorageArea {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    key: (index) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
  };
}
