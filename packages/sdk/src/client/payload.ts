/** Key fragments whose string values lose every space, not just the outer ones (spec 5.5): ID, number, account, amount… */
const NO_SPACE_KEY = /zjh|hm|zh|je|id|bh/i;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function clean(value: unknown, key: string): unknown {
  if (typeof value === 'string') return NO_SPACE_KEY.test(key) ? value.replace(/\s+/g, '') : value.trim();
  if (Array.isArray(value)) return value.map((item) => clean(item, key));
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clean(v, k)]));
  }
  return value;
}

/**
 * What the client does to every non-multipart POST body (spec 5.5): trims every string, and removes all whitespace
 * from strings whose key contains zjh, hm, zh, je, id or bh (ID numbers, numbers, accounts, amounts, codes). Plain
 * objects and arrays are walked; anything else (Blob, Date, numbers) is left as it is. The input is not modified.
 *
 * @example
 * cleanPayload({ xingming: ' 张三 ', zjhm: '1101 0519 4912 3100 2X' })
 * // { xingming: '张三', zjhm: '11010519491231002X' }
 */
export function cleanPayload<T>(body: T): T {
  return clean(body, '') as T;
}

/** Form-encodes a flat object; nested values are sent as JSON text, `null`/`undefined` are left out. */
export function formEncode(body: unknown): URLSearchParams {
  const form = new URLSearchParams();
  if (isPlainObject(body)) {
    for (const [key, value] of Object.entries(body)) {
      if (value === undefined || value === null) continue;
      form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
  }
  return form;
}
