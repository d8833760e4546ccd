/** A WDXX (branch outlet) dictionary entry: `{ key, value }` or `{ value, title }` (spec 3.10). */
export interface BranchOutletEntry {
  key?: string | number;
  value?: string | number;
  title?: string;
  enable?: number | string;
  [field: string]: unknown;
}

function codeOf(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return null;
}

/** The outlet code of an entry, read the way the config store reads it: `value` beside a `title`, else `key`. */
function entryCode(entry: unknown): string | null {
  if (entry === null || typeof entry !== 'object') return null;
  const e = entry as BranchOutletEntry;
  const enable = e.enable;
  // Only enabled entries are in use (spec 4.5); an entry without `enable` counts as enabled, as in the config store.
  if (enable !== undefined && enable !== 1 && enable !== '1') return null;
  // `{ key, value }`: key is the code, value the name. `{ value, title }` and the normalised `{ value, label }`: value.
  return 'title' in e || !('key' in e) ? codeOf(e.value) : codeOf(e.key);
}

/**
 * The branch outlet to preselect (spec 4.14): the user's `groupBh` when it is not 0, else the only outlet of the
 * WDXX dictionary when it has exactly one (enabled, readable) entry, else ''. Returns a string code and never throws.
 *
 * @example
 * defaultBranchOutlet({ groupBh: 2 }, wdxx)                          // '2'
 * defaultBranchOutlet({ groupBh: 0 }, [{ key: '3', value: '高新区' }]) // '3'
 * defaultBranchOutlet({ groupBh: '0' }, [{ key: '1' }, { key: '2' }]) // ''
 */
export function defaultBranchOutlet(user: unknown, wdxxDictionary: unknown): string {
  try {
    const groupBh = user !== null && typeof user === 'object' ? codeOf((user as { groupBh?: unknown }).groupBh) : null;
    // 0, '0' and '00' all mean "no branch".
    if (groupBh !== null && Number(groupBh) !== 0) return groupBh;
    if (!Array.isArray(wdxxDictionary)) return '';
    const codes = wdxxDictionary.map(entryCode).filter((c): c is string => c !== null);
    return codes.length === 1 ? (codes[0] ?? '') : '';
  } catch {
    // A hostile object (throwing getter, revoked proxy): no default rather than a broken form.
    return '';
  }
}
