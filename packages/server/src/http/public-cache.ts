import { createHash } from 'node:crypto';
import { envelope } from './answers';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db';

// Issue 35 item 2: the public reads many ask for (rates, policies, the centre's introduction) are answered from this
// instance's memory, compressed once, with an ETag and a Cache-Control a CDN can use. Each belongs to a topic whose
// version (table public_data_version) a trigger bumps, in the same transaction, whenever the centre changes the
// topic's tables, and announces on NOTIFY public_data_changed (migration 082): every instance on the database drops
// that topic's copies at once. Without a notification (a database that cannot listen, a lost connection) each read
// checks the version row first, which costs one small query and nothing else.

/** The topics of migration 082: what a trigger bumps. */
export type PublicTopic = 'rates' | 'policies' | 'intro' | 'parameters';

/** The channel migration 082's trigger notifies. */
export const PUBLIC_DATA_CHANNEL = 'public_data_changed';

/**
 * What a cached public answer tells browsers and CDNs: kept a minute, then served while it is revalidated (with its
 * ETag, answered 304 when unchanged) for up to five more.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** The headers of a cached public answer, for the route's response schema (and so for the OpenAPI document). */
export const PUBLIC_CACHE_HEADERS = {
  etag: { type: 'string', description: '答复的实体标签；请求头 If-None-Match 与之相同时答复 304，无内容' },
  'cache-control': { type: 'string', description: `缓存规则：${PUBLIC_CACHE_CONTROL}（登录后的请求为 no-store）` },
} as const;

/** The 304 of a cached public answer, for the route's response schema. */
export const PUBLIC_NOT_MODIFIED = { description: '未修改：与请求头 If-None-Match 的实体标签相同，无内容', type: 'null' } as const;

/**
 * The response schema of a cached public answer: the envelope (with `data` as given, by default any JSON), its
 * headers, and the 304.
 */
export const publicCacheResponse = (data: Record<string, unknown>) =>
  ({
    200: { description: '成功', ...envelope(data), headers: PUBLIC_CACHE_HEADERS },
    304: PUBLIC_NOT_MODIFIED,
  }) as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** The public answers this instance keeps (http/public-cache.ts). */
    publicCache: PublicCache;
  }
}

/** Answers kept, at most (the oldest goes first): a few per route, times the policy pages people open. */
const MAX_ENTRIES = 500;
/** Answers below this go uncompressed, as @fastify/compress does (its threshold in app.ts). */
const COMPRESS_FROM = 1024;
/** Even while notifications arrive, a topic's version is read again after this long (ms), should one be lost. */
const RECHECK_MS = 30_000;

interface Entry {
  version: string;
  json: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** The cache of one server instance. */
export interface PublicCache {
  /**
   * Answers the request from the cache when the topic has not changed since the answer was made; otherwise runs
   * `compute` (its envelope is serialised by the route's response schema) and keeps what it answered. `key` adds to
   * the URL what else the answer depends on (today's date for the rates). An error from `compute` is not kept.
   */
  send(request: FastifyRequest, reply: FastifyReply, topic: PublicTopic, compute: () => Promise<unknown>, key?: string): Promise<FastifyReply>;
  /** Drops what is kept (all topics, or one). */
  clear(topic?: PublicTopic): void;
  /** The topic's version now: from memory while the notifications arrive, else read from `public_data_version`. */
  versionOf(topic: PublicTopic): Promise<string>;
}

/** The cache of `app` over `db`: listens for changes while the app is open. */
export function createPublicCache(app: FastifyInstance, db: Db): PublicCache {
  const entries = new Map<string, Entry>();
  const versions = new Map<PublicTopic, { version: string; at: number }>();
  let listening = false;

  const clear = (topic?: PublicTopic) => {
    if (!topic) versions.clear();
    else versions.delete(topic);
    for (const key of entries.keys()) if (!topic || key.startsWith(`${topic} `)) entries.delete(key);
  };

  if (db.listen) {
    const ready = db
      .listen(PUBLIC_DATA_CHANNEL, (payload) => {
        if (payload === 'rates' || payload === 'policies' || payload === 'intro' || payload === 'parameters') return clear(payload);
        // The connection was lost: from now on each read checks the version row.
        listening = false;
        clear();
      })
      .then(
        (stop) => {
          listening = true;
          return stop;
        },
        () => null,
      );
    app.addHook('onClose', async () => {
      listening = false;
      const stop = await ready;
      await stop?.().catch(() => undefined);
    });
  }

  async function version(topic: PublicTopic): Promise<string> {
    const known = versions.get(topic);
    if (listening && known && performance.now() - known.at < RECHECK_MS) return known.version;
    const [row] = await db.query<{ version: string }>('select version::text as version from public_data_version where topic = $1', [topic]);
    const current = row?.version ?? '0';
    versions.set(topic, { version: current, at: performance.now() });
    return current;
  }

  function keep(key: string, entry: Entry): void {
    entries.delete(key);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(key, entry);
  }

  return {
    clear,
    versionOf: version,
    async send(request, reply, topic, compute, extra = '') {
      const key = `${topic} ${request.url} ${extra}`;
      const current = await version(topic);
      let entry = entries.get(key);
      if (!entry || entry.version !== current) {
        const body = await compute();
        const json = Buffer.from(String(reply.serialize(body)));
        entry = { version: current, json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
        // Kept only if no change came while it was made (an older answer must not outlive the change).
        if ((await version(topic)) === current) keep(key, entry);
      }
      reply.header('etag', entry.etag).header('cache-control', PUBLIC_CACHE_CONTROL).header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
      reply.type('application/json; charset=utf-8');
      if (entry.json.length < COMPRESS_FROM) return reply.send(entry.json);
      const accepts = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepts)) {
        entry.br ??= brotliCompressSync(entry.json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.json.length } });
        return reply.header('content-encoding', 'br').send(entry.br);
      }
      if (/\bgzip\b/.test(accepts)) {
        entry.gzip ??= gzipSync(entry.json, { level: 9 });
        return reply.header('content-encoding', 'gzip').send(entry.gzip);
      }
      return reply.send(entry.json);
    },
  };
}
