import { useSyncExternalStore } from 'react';

/** What the sdk's stores are made of (nanostores atoms), as far as a view needs them. */
export interface Readable<T> {
  get(): T;
  listen(listener: (value: T) => void): () => void;
}

/**
 * The value of one of the sdk's store atoms, re-rendering when it changes (a few lines in place of
 * @nanostores/react).
 *
 * @example
 * const userInfo = useStore(stores.session.$userInfo)
 */
export function useStore<T>(store: Readable<T>): T {
  return useSyncExternalStore(
    (onChange) => store.listen(onChange),
    () => store.get(),
  );
}

/**
 * A value the app keeps in memory and views follow: the hall's own state beside the sdk stores (routes built from
 * the menus, menu icons).
 *
 * @example
 * const $count = createValue(0)
 * $count.set(1)
 */
export function createValue<T>(initial: T): Readable<T> & { set(value: T): void } {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of [...listeners]) listener(value);
    },
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
