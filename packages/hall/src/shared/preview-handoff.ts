// How a page hands a base64 document to /ylOfdBase64 (spec 2.1, 8.4) without putting it, or anything secret, in the
// address: the opener stores it in this tab's session storage under a one-time random key and opens
// /ylOfdBase64?key=<key>; the preview reads the entry and removes it at once, so a reload or a copied address shows
// 解析数据为空！ rather than the document. Session storage is per tab and per origin: no other site and no other tab
// (unless opened from this one) can read it.

/** Prefix of the session storage entries. */
export const PREVIEW_STORAGE_PREFIX = 'gjj-hall:preview:';
/** The route that shows a stashed document. */
export const PREVIEW_BASE64_PATH = '/ylOfdBase64';

/** A document waiting for the preview: base64 (a `data:` URL is accepted too) and an optional file name. */
export interface StashedPreview {
  data: string;
  name?: string;
}

const KEY_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

const randomKey = () => {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

/**
 * Stores a document for /ylOfdBase64 and answers the address to open (`navigate(path)`). Only one waits at a time:
 * an earlier one never opened is dropped. Throws with a Chinese message when the tab's storage cannot hold it.
 *
 * @example
 * navigate(stashPreview({ data: base64Pdf, name: '缴存证明.pdf' }))
 */
export function stashPreview(doc: StashedPreview, storage: Storage = sessionStorage): string {
  for (let i = storage.length - 1; i >= 0; i -= 1) {
    const k = storage.key(i);
    if (k?.startsWith(PREVIEW_STORAGE_PREFIX)) storage.removeItem(k);
  }
  const key = randomKey();
  try {
    storage.setItem(PREVIEW_STORAGE_PREFIX + key, JSON.stringify({ data: doc.data, name: doc.name ?? '' }));
  } catch {
    throw new Error('文件过大，无法在线预览，请下载后查看');
  }
  return `${PREVIEW_BASE64_PATH}?key=${key}`;
}

/**
 * Takes the document stored under `key` and removes it: a second call answers null. Null too for a malformed key
 * or entry.
 *
 * @example
 * takePreview(new URLSearchParams(location.search).get('key')) // { data: 'JVBERi0…', name: '缴存证明.pdf' } | null
 */
export function takePreview(key: string | null | undefined, storage: Storage = sessionStorage): StashedPreview | null {
  if (!key || !KEY_PATTERN.test(key)) return null;
  const raw = storage.getItem(PREVIEW_STORAGE_PREFIX + key);
  storage.removeItem(PREVIEW_STORAGE_PREFIX + key);
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<StashedPreview> | null;
    if (!value || typeof value.data !== 'string') return null;
    return { data: value.data, name: typeof value.name === 'string' ? value.name : '' };
  } catch {
    return null;
  }
}
