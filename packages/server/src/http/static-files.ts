import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The hall's built files (issue 23, "speed on a phone"): read once at start into memory, with the brotli and gzip
 * files the build made beside each (`home-abc.js.br`, `.gz`), and answered from memory with the encoding the
 * browser accepts. They are immutable per build, so nothing is read, compressed or hashed per request.
 */

/** One encoding of a file. */
interface Variant {
  bytes: Buffer;
  etag: string;
  encoding: Encoding | null;
}

/** A served file: its encodings, content type and cache rule. */
export interface StaticFile {
  type: string;
  cacheControl: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

export type Encoding = 'br' | 'gzip';

/** Hashed files (Vite's `assets/`) never change under their name; every other file is revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
};

const etagOf = (bytes: Buffer, suffix = ''): string => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}${suffix}"`;

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/**
 * Reads every file under `root` (the `.br` and `.gz` files as encodings of the file they compress, never as files of
 * their own); `skip` leaves files out (source maps in production). Keys are URL paths (`/assets/home-abc.js`).
 *
 * @example
 * const files = loadStaticFiles('packages/hall/dist', (path) => path.endsWith('.map'));
 * files.get('/home.html')?.cacheControl // 'no-cache'
 */
export function loadStaticFiles(root: string, skip: (urlPath: string) => boolean = () => false): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const path of walk(root)) {
    if (/\.(br|gz)$/.test(path)) continue;
    const urlPath = `/${relative(root, path).split(sep).join('/')}`;
    if (skip(urlPath)) continue;
    const bytes = readFileSync(path);
    const file: StaticFile = {
      type: TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
      identity: { bytes, etag: etagOf(bytes), encoding: null },
    };
    // Each encoding has an ETag of its own: a cache must not answer a gzip-only client with brotli bytes.
    for (const [encoding, ext, suffix] of [['br', '.br', '-br'], ['gzip', '.gz', '-gz']] as const) {
      if (!existsSync(path + ext)) continue;
      const compressed = readFileSync(path + ext);
      if (compressed.length < bytes.length) file[encoding] = { bytes: compressed, etag: etagOf(bytes, suffix), encoding };
    }
    files.set(urlPath, file);
  }
  return files;
}

/**
 * The encoding to answer with, of those `available`, by the request's Accept-Encoding: the one with the highest
 * q-value, brotli before gzip on a tie; `null` (the file as it is) when neither is acceptable. `*` counts for both.
 *
 * @example
 * pickEncoding('gzip, deflate, br', ['br', 'gzip']) // 'br'
 * pickEncoding('br;q=0, gzip', ['br', 'gzip']) // 'gzip'
 */
export function pickEncoding(header: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!header || available.length === 0) return null;
  // Browsers send one of a few headers, the same on every request: the answer is kept per header and offer.
  const key = `${available.join()}|${header}`;
  const known = picked.get(key);
  if (known !== undefined) return known;
  const best = parseAndPick(header, available);
  if (picked.size >= 256) picked.clear();
  picked.set(key, best);
  return best;
}

const picked = new Map<string, Encoding | null>();

function parseAndPick(header: string, available: readonly Encoding[]): Encoding | null {
  const q: Record<string, number> = {};
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q[name.trim()] = Number.isFinite(value) ? value : 0;
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of (['br', 'gzip'] as const).filter((e) => available.includes(e))) {
    const value = q[encoding] ?? q['*'] ?? 0;
    if (value > bestQ) [best, bestQ] = [encoding, value];
  }
  return best;
}

/** Whether If-None-Match names this ETag (or is `*`); weak validators compare equal to strong ones here. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** The answer of one file to one request: the variant, a 304 when the browser has it, the cache rule and Vary. */
function answer(file: StaticFile, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const available = (['br', 'gzip'] as const).filter((e) => file[e]);
  const encoding = pickEncoding(request.headers['accept-encoding'], available);
  const variant = (encoding && file[encoding]) || file.identity;
  reply.header('cache-control', file.cacheControl).header('etag', variant.etag);
  if (available.length) reply.header('vary', 'accept-encoding');
  if (matches(request.headers['if-none-match'], variant.etag)) return reply.code(304).send();
  reply.header('content-type', file.type);
  if (variant.encoding) reply.header('content-encoding', variant.encoding);
  return reply.send(variant.bytes);
}

/** The file a GET or HEAD asks for, if it is one of `files`. */
function requested(files: ReadonlyMap<string, StaticFile>, request: FastifyRequest): StaticFile | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const url = request.url;
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  const file = files.get(path);
  if (file || !path.includes('%')) return file;
  try {
    return files.get(decodeURIComponent(path));
  } catch {
    return undefined;
  }
}

/**
 * Serves `files` at their paths (GET and HEAD), from memory; any other path goes on to the routes and the not-found
 * handler, as before. Call it before any other hook is added: the first hook answers a file at once, so the API's
 * hooks (CORS, load shedding, the session, the input checks) cost a file nothing, while the answer still passes
 * the onSend hooks (the security headers). The `/*` route answers the same when the hook is not reached first, and
 * skips runtime compression (its files come compressed).
 *
 * @example
 * serveStaticFiles(app, loadStaticFiles(hallDir))
 */
export function serveStaticFiles(app: FastifyInstance, files: ReadonlyMap<string, StaticFile>): void {
  app.addHook('onRequest', (request, reply, done) => {
    const file = requested(files, request);
    if (!file) return done();
    // Answering in the hook ends the hooks of the request (Fastify: reply.send without done()).
    answer(file, request, reply);
  });
  app.get('/*', { compress: false }, (request, reply) => {
    const file = requested(files, request);
    return file ? answer(file, request, reply) : reply.callNotFound();
  });
}
