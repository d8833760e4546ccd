import type { MenuEntry, MenuMeta } from './types';

/** Deeper entries are dropped: real menus have three or four levels, and this bounds the walk on bad data. */
const MAX_DEPTH = 32;

type UnknownRecord = Record<string, unknown>;

/** @internal */
export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own properties only: a key like 'constructor' must not find Object.prototype. */
function own(record: UnknownRecord, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/** @internal Text of a string or finite number, trimmed; '' for anything else. */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** @internal An integer from a number or a numeric string ('1', ' 10 '); null for anything else. */
export function toInt(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : null;
  }
  return null;
}

/**
 * @internal The enable value: null when absent (nothing paused), true/false as 1/0, and any other unreadable
 * value as 0, so that a value the server did send but we cannot read pauses the entry rather than opening it.
 */
export function toEnable(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return toInt(value) ?? 0;
}

function toBool(value: unknown, fallback: boolean): boolean {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return fallback;
}

function readMeta(raw: UnknownRecord): MenuMeta {
  let meta = own(raw, 'meta');
  if (typeof meta === 'string') {
    // Some back ends store meta as a JSON column and send it unparsed.
    try {
      meta = JSON.parse(meta) as unknown;
    } catch {
      meta = undefined;
    }
  }
  const m: UnknownRecord = isRecord(meta) ? meta : {};
  return {
    title: toText(own(m, 'title')) || toText(own(raw, 'title')),
    icon: toText(own(m, 'icon')) || toText(own(raw, 'icon')),
    noCache: toBool(own(m, 'noCache'), false),
    breadcrumb: toBool(own(m, 'breadcrumb'), true),
    affix: toBool(own(m, 'affix'), false),
    activeMenu: toText(own(m, 'activeMenu')),
  };
}

function readButtons(raw: UnknownRecord): string[] {
  const value = own(raw, 'buttons') ?? own(raw, 'perms');
  const list = typeof value === 'string' ? value.split(/[,，\s]+/) : Array.isArray(value) ? value : [];
  return list.map(toText).filter((key) => key !== '');
}

function normaliseEntry(raw: unknown, depth: number, seen: WeakSet<object>): MenuEntry | undefined {
  if (!isRecord(raw) || depth > MAX_DEPTH || seen.has(raw)) return undefined;
  // An object met twice (a cycle or a shared subtree) is taken once, so the walk always ends.
  seen.add(raw);
  return {
    id: toText(own(raw, 'id')),
    path: toText(own(raw, 'path')),
    name: toText(own(raw, 'name')),
    meta: readMeta(raw),
    hidden: toBool(own(raw, 'hidden'), false),
    enable: toEnable(own(raw, 'enable')),
    bz: toText(own(raw, 'bz')),
    children: normaliseList(own(raw, 'children'), depth + 1, seen),
    mainPath: toText(own(raw, 'mainPath')),
    hrefType: toInt(own(raw, 'hrefType')) ?? 0,
    menuType: toInt(own(raw, 'menuType')),
    component: toText(own(raw, 'component')),
    basePath: toText(own(raw, 'basePath')),
    redirect: toText(own(raw, 'redirect')),
    alwaysShow: toBool(own(raw, 'alwaysShow'), false),
    iconPic: toText(own(raw, 'iconPic')),
    buttons: readButtons(raw),
  };
}

function normaliseList(value: unknown, depth: number, seen: WeakSet<object>): MenuEntry[] {
  if (!Array.isArray(value)) return [];
  const out: MenuEntry[] = [];
  for (const item of value) {
    const entry = normaliseEntry(item, depth, seen);
    if (entry) out.push(entry);
  }
  return out;
}

/**
 * Normalises one menu entry as the server sent it (spec 3.2): numeric strings become numbers ('1' → 1), 0/1 flags
 * become booleans, missing text becomes '', `hrefType` defaults to 0, `meta` may be a JSON string. Returns
 * undefined for anything that is not an object. Never throws; applying it twice changes nothing.
 *
 * @example
 * normaliseMenuEntry({ path: 'zhxx', menuType: '0', enable: '1', hidden: 0 })
 * // { path: 'zhxx', menuType: 0, enable: 1, hidden: false, hrefType: 0, children: [], ... }
 * normaliseMenuEntry(null) // undefined
 */
export function normaliseMenuEntry(raw: unknown): MenuEntry | undefined {
  return normaliseEntry(raw, 0, new WeakSet());
}

/**
 * Normalises a menu list (see {@link normaliseMenuEntry}); items that are not objects are left out, and
 * anything that is not an array gives [].
 *
 * @example
 * normaliseMenuList([{ path: '/grwt', menuType: 0 }, null, 'x']).length // 1
 * normaliseMenuList(undefined) // []
 */
export function normaliseMenuList(value: unknown): MenuEntry[] {
  return normaliseList(value, 0, new WeakSet());
}
