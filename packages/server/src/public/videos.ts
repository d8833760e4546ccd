import { existsSync, readFileSync } from 'node:fs';
import { fileAnswer } from '../http/openapi';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/envelope';
import { serverRoot } from '../paths';

/**
 * The guidance videos' files (操作视频, issue 23; docs/videos.md): screen recordings of the hall made by
 * `npm run videos` (scripts/videos.mjs) into packages/server/videos/: per video a VP9 WebM, WebVTT captions in Chinese
 * and a plain-text transcript, listed in videos.json. The seed publishes them on the 操作视频 page; these routes
 * serve them.
 */

/** One recorded video, as videos.json lists it. */
export interface VideoFile {
  slug: string;
  title: string;
  description: string;
  durationSeconds: number;
  width: number;
}

/** The folder of the recorded videos. */
export const videosDir = (): string => join(serverRoot(), 'videos');

let manifest: readonly VideoFile[] | null = null;

/** The recorded videos (videos.json), [] when none were made; read once. */
export function videoFiles(): readonly VideoFile[] {
  if (manifest) return manifest;
  const file = join(videosDir(), 'videos.json');
  manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as VideoFile[]).filter((v) => /^[a-z0-9-]+$/.test(v.slug)) : [];
  return manifest;
}

/** The path the video file of `slug` is served at (stored as the guide_video row's video_url). */
export const videoPath = (prefix: string, slug: string) => `${prefix}/czsp/file/${slug}.webm`;

/** The recorded video a guide_video row's url names, if any (its captions and transcript go with it). */
export function videoOfUrl(prefix: string, url: string | null): VideoFile | undefined {
  return url ? videoFiles().find((v) => videoPath(prefix, v.slug) === url) : undefined;
}

/** The transcript of `slug` (the .txt beside the video), '' when there is none. */
export function transcriptOf(slug: string): string {
  const file = join(videosDir(), `${slug}.txt`);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
}

const TYPES = { webm: 'video/webm', vtt: 'text/vtt; charset=utf-8' } as const;

/** Only what a player needs; nothing here runs. */
const FILE_CSP = "default-src 'none'; sandbox";

/**
 * `GET <prefix>/czsp/file/:name`: a listed video's `.webm` or `.vtt`, with byte ranges (a player seeks with them);
 * anything else 404 `视频不存在`.
 */
export function videoFileRoutes(app: FastifyInstance, prefix: string, tags: readonly string[]): void {
  const cache = new Map<string, Buffer>();
  app.get<{ Params: { name: string } }>(
    `${prefix}/czsp/file/:name`,
    {
      schema: {
        summary: '操作视频文件：视频（video/webm）或字幕（text/vtt），支持 Range 分段读取',
        tags,
        params: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 80, description: '文件名（slug.webm 或 slug.vtt）' } } },
        headers: { type: 'object', properties: { range: { type: 'string', description: '分段读取（bytes=起-止）' } } },
        response: {
          200: fileAnswer('整个文件', ['video/webm', 'text/vtt']),
          206: fileAnswer('请求的分段（Content-Range）', ['video/webm', 'text/vtt']),
          416: { description: '分段超出文件长度（Content-Range: bytes */长度）', type: 'null' },
        },
      },
    },
    async (request, reply) => {
      const match = /^([a-z0-9-]+)\.(webm|vtt)$/.exec(request.params.name);
      const video = match && videoFiles().find((v) => v.slug === match[1]);
      if (!match || !video) throw new ApiError(404, '视频不存在');
      const ext = match[2] as keyof typeof TYPES;
      let bytes = cache.get(request.params.name);
      if (!bytes) {
        const file = join(videosDir(), request.params.name);
        if (!existsSync(file)) throw new ApiError(404, '视频不存在');
        bytes = readFileSync(file);
        cache.set(request.params.name, bytes);
      }
      reply
        .header('content-type', TYPES[ext])
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'public, max-age=3600')
        .header('content-security-policy', FILE_CSP)
        .header('x-content-type-options', 'nosniff');
      const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
      if (range && (range[1] || range[2])) {
        const size = bytes.length;
        const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
        const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
        if (start >= size || start > end) return reply.code(416).header('content-range', `bytes */${size}`).send();
        const part = bytes.subarray(start, end + 1);
        return reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`).header('content-length', String(part.length)).send(part);
      }
      return reply.header('content-length', String(bytes.length)).send(bytes);
    },
  );
}
