import { atom, type WritableAtom } from 'nanostores';
import type { GjjStorage } from '../storage/storage';

/** Null, undefined, '', [] or {}: nothing worth keeping in storage. */
const isBlank = (v: unknown): boolean =>
  v === null ||
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0);

/**
 * An atom that starts from what session storage holds under `name` and writes every change back, so a reload
 * (or a new page of the same tab) finds the session where it was. A value `isEmpty` calls empty (by default null,
 * undefined, '', [] or {}) removes the key instead of being stored.
 */
export function persistentAtom<T>(
  storage: GjjStorage,
  name: string,
  initial: T,
  isEmpty: (v: T) => boolean = isBlank,
): WritableAtom<T> {
  const stored = storage.get<T>(name, { session: true });
  const $atom = atom<T>(stored === null || stored === false ? initial : stored);
  $atom.listen((value) => {
    if (isEmpty(value)) storage.remove(name, { session: true });
    else storage.set(name, value, { session: true });
  });
  return $atom;
}
