// The electronic-archive frame protocol (issue 22): one versioned envelope, typed messages, and a validator that
// both sides run on everything that arrives. Anything it does not accept is ignored, never half-used.

/** The envelope's `source`: what tells our messages apart from anything else posted to a window. */
export const ARCHIVE_SOURCE = 'gjj-archive';
/** The protocol version this build speaks. A message of another version is ignored. */
export const ARCHIVE_VERSION = 1;
/** The largest message (serialised as JSON, in characters) either side accepts. */
export const ARCHIVE_MAX_MESSAGE_CHARS = 4096;

/** Level of a `msg` message: how the host shows it. */
export type ArchiveMsgLevel = 'info' | 'success' | 'warning' | 'error';

/** Messages from the archive page to its host, by type. */
export interface ArchivePagePayloads {
  /** The page is listening: send `init`. */
  ready: Record<string, never>;
  /** The page's content height in CSS pixels: size the frame to it. */
  resize: { height: number };
  /** 上一步 was pressed. */
  lastStep: Record<string, never>;
  /** The session ended: show the login-expired dialog (spec 4.5). */
  tokenTimeOut: Record<string, never>;
  /** Open a document. */
  preview: { fileId: string; fileName: string; mimeType: string };
  /** A message for the host to show. */
  msg: { text: string; level: ArchiveMsgLevel };
  /** The collection finished. */
  complete: { materials: number; files: number };
}

/** Messages from the host to the archive page, by type. */
export interface ArchiveHostPayloads {
  /** The session token and the application, sent after `ready` to the page's exact origin. */
  init: { token: string; ywbh: string };
}

/** The envelope every message travels in. */
export interface ArchiveEnvelope<T extends string = string, P = unknown> {
  source: typeof ARCHIVE_SOURCE;
  version: typeof ARCHIVE_VERSION;
  type: T;
  payload: P;
}

/** A message from the archive page, discriminated by `type`. */
export type ArchivePageMessage = {
  [K in keyof ArchivePagePayloads]: ArchiveEnvelope<K, ArchivePagePayloads[K]>;
}[keyof ArchivePagePayloads];
/** A message from the host, discriminated by `type`. */
export type ArchiveHostMessage = {
  [K in keyof ArchiveHostPayloads]: ArchiveEnvelope<K, ArchiveHostPayloads[K]>;
}[keyof ArchiveHostPayloads];

/** The outcome of validating what arrived: the message, or why it was refused. */
export type ArchiveParseResult<M> = { ok: true; message: M } | { ok: false; reason: string };

type FieldCheck = (value: unknown) => boolean;
const str =
  (max: number, pattern?: RegExp): FieldCheck =>
  (v) =>
    typeof v === 'string' && v.length > 0 && v.length <= max && (!pattern || pattern.test(v));
const count: FieldCheck = (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 100_000;
const ID = /^[\w.-]+$/;
const MIME = /^[\w.+-]+\/[\w.+-]+$/;
const LEVELS: readonly string[] = ['info', 'success', 'warning', 'error'];

/** Every field of every payload, exactly: a missing, extra or ill-typed field refuses the message. */
const PAGE_FIELDS: { [K in keyof ArchivePagePayloads]: Record<string, FieldCheck> } = {
  ready: {},
  resize: { height: (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 100_000 },
  lastStep: {},
  tokenTimeOut: {},
  preview: { fileId: str(64, ID), fileName: str(255), mimeType: str(100, MIME) },
  msg: { text: str(500), level: (v) => typeof v === 'string' && LEVELS.includes(v) },
  complete: { materials: count, files: count },
};
const HOST_FIELDS: { [K in keyof ArchiveHostPayloads]: Record<string, FieldCheck> } = {
  // The hall's tokens are opaque strings; 2 KB leaves room for a JWT, and nothing but printable ASCII.
  init: { token: str(2048, /^[\x21-\x7e]+$/), ywbh: str(64, ID) },
};

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function badKeys(value: Record<string, unknown>): boolean {
  // Own keys only (Reflect.ownKeys): a structured clone or JSON.parse of `{"__proto__": …}` makes it an own key.
  return Reflect.ownKeys(value).some((k) => typeof k !== 'string' || FORBIDDEN_KEYS.has(k));
}

function parseWith<M>(data: unknown, table: Record<string, Record<string, FieldCheck>>): ArchiveParseResult<M> {
  if (!isPlainObject(data)) return { ok: false, reason: 'not an object' };
  if (data['source'] !== ARCHIVE_SOURCE) return { ok: false, reason: 'not an archive message' };
  if (badKeys(data)) return { ok: false, reason: 'forbidden key' };
  let size: number;
  try {
    size = JSON.stringify(data).length;
  } catch {
    return { ok: false, reason: 'malformed (not serialisable)' };
  }
  if (size > ARCHIVE_MAX_MESSAGE_CHARS) return { ok: false, reason: `oversized (${size} characters)` };
  const keys = Object.keys(data);
  if (keys.length !== 4 || !['source', 'version', 'type', 'payload'].every((k) => keys.includes(k))) {
    return { ok: false, reason: 'malformed envelope' };
  }
  if (data['version'] !== ARCHIVE_VERSION) return { ok: false, reason: `unsupported version ${String(data['version'])}` };
  const type = data['type'];
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(table, type)) {
    return { ok: false, reason: `unknown type ${typeof type === 'string' ? type.slice(0, 40) : typeof type}` };
  }
  const fields = table[type]!;
  const payload = data['payload'];
  if (!isPlainObject(payload) || badKeys(payload)) return { ok: false, reason: `malformed ${type} payload` };
  const names = Object.keys(payload);
  const expected = Object.keys(fields);
  if (names.length !== expected.length || !expected.every((k) => names.includes(k) && fields[k]!(payload[k]))) {
    return { ok: false, reason: `malformed ${type} payload` };
  }
  // A fresh copy with exactly the checked fields: nothing of the sender's object is kept.
  const copy: Record<string, unknown> = {};
  for (const k of expected) copy[k] = payload[k];
  return { ok: true, message: { source: ARCHIVE_SOURCE, version: ARCHIVE_VERSION, type, payload: copy } as M };
}

/**
 * Validates a message that claims to come from the archive page (run by the host on `event.data`).
 * @example
 * const r = parsePageMessage(event.data);
 * if (r.ok && r.message.type === 'resize') frame.style.height = `${r.message.payload.height}px`;
 */
export function parsePageMessage(data: unknown): ArchiveParseResult<ArchivePageMessage> {
  return parseWith<ArchivePageMessage>(data, PAGE_FIELDS);
}

/**
 * Validates a message that claims to come from the host (run by the archive page on `event.data`).
 * @example
 * const r = parseHostMessage(event.data);
 * if (r.ok) start(r.message.payload.token, r.message.payload.ywbh);
 */
export function parseHostMessage(data: unknown): ArchiveParseResult<ArchiveHostMessage> {
  return parseWith<ArchiveHostMessage>(data, HOST_FIELDS);
}

/**
 * Wraps a payload in the envelope.
 * @example
 * frame.contentWindow.postMessage(archiveEnvelope('init', { token, ywbh }), 'https://hall.example.gov.cn');
 */
export function archiveEnvelope<T extends string, P>(type: T, payload: P): ArchiveEnvelope<T, P> {
  return { source: ARCHIVE_SOURCE, version: ARCHIVE_VERSION, type, payload };
}

/**
 * Whether `value` is a serialised origin (`scheme://host[:port]`, nothing after), the only form both sides compare
 * `event.origin` with. `*`, `null` and URLs with a path are refused.
 * @example
 * isExactOrigin('https://hall.example.gov.cn'); // true
 * isExactOrigin('*'); // false
 */
export function isExactOrigin(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 300) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}
