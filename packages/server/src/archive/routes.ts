import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileAnswer } from '../http/openapi';
import multipart from '@fastify/multipart';
import type { Db } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { centreKeyMatches, CENTRE_KEY_HEADER, CENTRE_KEY_MESSAGE } from '../applications/centre';
import { centreApplication, ownApplication, type ApplicationRow } from '../applications/model';
import { SCHEMA_PARTS } from '../applications/routes';
import { applicantOf } from '../applications/applicant';
import { ARCHIVE_MESSAGES, DEFAULT_MAX_FILE_BYTES, createArchiveFiles, requireChangeable, type FileSource } from './files';
import { heavyError, type HeavyPool, type HeavyPoolOptions } from './heavy';
import { DEFAULT_DECODE_BOUNDS, boundsFromEnv, type DecodeBounds } from './bounds';
import { databaseStore, type FileStore } from './storage';
import { signingRoutes, SIGN_LINK_TTL_SECONDS, type ArchiveCaller } from './signing';
import { INTEGER, object, okAnswer } from '../http/answers';

/** Where the archive's calls live (spec 7.5). */
export const ARCHIVE_PREFIX = '/api/dzda/v1/zhcjyw';

/** The archive's settings (docs/api-archive.md). */
export interface ArchiveOptions {
  /** Largest file in bytes. @default ARCHIVE_MAX_FILE_BYTES, else 10 MB */
  maxFileBytes?: number;
  /** Seconds a QR signing link lives. @default 600 */
  signTtlSeconds?: number;
  /** Where file content is kept. @default the database (archive_blob) */
  store?: FileStore;
  /** What a file may decode to. @default ARCHIVE_MAX_PIXELS, ARCHIVE_MAX_INFLATED_BYTES, ARCHIVE_MAX_PDF_PAGES (bounds.ts) */
  bounds?: Partial<DecodeBounds>;
  /** The worker pool that decodes and draws. @default ARCHIVE_WORKER_* (heavy.ts) */
  pool?: HeavyPoolOptions;
}


const tags = ['电子档案'] as const;
const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const CLBH = '^[A-Z0-9]{1,20}$';
const CLBH_RE = new RegExp(CLBH);
const YWBH_RE = new RegExp(SCHEMA_PARTS.ywbh.pattern);

export const FIELDS = {
  ywbh: SCHEMA_PARTS.ywbh,
  clbh: { type: 'string', pattern: CLBH, description: '材料编号', 'x-msg': '材料编号不正确', 'x-required-msg': '缺少材料编号' },
  fileId: { type: 'string', pattern: UUID, description: '文件标识', 'x-msg': '文件标识不正确', 'x-required-msg': '缺少文件标识' },
} as const;

/**
 * The upload's multipart body, for the document only (docs/api-openapi.md): the route reads the parts itself, so it
 * must not be Fastify's body schema (which would validate the unparsed stream).
 */
const UPLOAD_BODY = {
  type: 'object',
  required: ['ywbh', 'clbh', 'file'],
  properties: {
    ywbh: FIELDS.ywbh,
    clbh: FIELDS.clbh,
    file: {
      type: 'string',
      format: 'binary',
      contentMediaType: 'application/octet-stream',
      description: '材料文件：JPG、PNG 或 PDF（按内容识别，与文件名无关），默认不超过 10 MB（ARCHIVE_MAX_FILE_BYTES）',
    },
  },
} as const;

const envelope = (data: Record<string, unknown>) => okAnswer(data);
const fileSchema = {
  type: 'object',
  // pages: PDFs only.
  required: ['fileId', 'fileName', 'mimeType', 'size', 'uploadedAt'],
  properties: {
    fileId: { type: 'string' },
    fileName: { type: 'string' },
    mimeType: { type: 'string' },
    size: { type: 'integer' },
    uploadedAt: { type: 'string' },
    pages: { type: 'integer' },
  },
} as const;
const body = (required: string[], properties: Record<string, unknown>) => ({ type: 'object', required, additionalProperties: false, properties });

/**
 * Parses ARCHIVE_MAX_FILE_BYTES: a whole number of bytes from 1 KB to 100 MB; throws naming the value otherwise.
 *
 * @example
 * parseMaxFileBytes('5242880') // 5242880
 */
export function parseMaxFileBytes(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1024 || n > 100 * 1024 * 1024) throw new Error(`ARCHIVE_MAX_FILE_BYTES 应为 1024 至 104857600 之间的整数（字节），不能是 ${text}`);
  return n;
}

/** Registers the archive's calls and QR signing (docs/api-archive.md). */
export async function archiveRoutes(
  app: FastifyInstance,
  deps: { db: Db; now: () => Date; centreApiKey?: string | undefined; heavy: HeavyPool; options?: ArchiveOptions },
): Promise<void> {
  const { db, now, centreApiKey, heavy } = deps;
  const maxFileBytes = deps.options?.maxFileBytes ?? parseMaxFileBytes(process.env.ARCHIVE_MAX_FILE_BYTES) ?? DEFAULT_MAX_FILE_BYTES;
  const bounds: DecodeBounds = { ...DEFAULT_DECODE_BOUNDS, ...boundsFromEnv(), ...deps.options?.bounds };
  const files = createArchiveFiles({ db, store: deps.options?.store ?? databaseStore, now, maxFileBytes, bounds, heavy });
  const tooLarge = ARCHIVE_MESSAGES.tooLarge(maxFileBytes);

  await app.register(async (archive) => {
    await archive.register(multipart, {
      limits: { fileSize: maxFileBytes, files: 1, fields: 4, fieldSize: 200, parts: 6, headerPairs: 50 },
    });

    // The archive's own words for what the parsers refuse; anything else goes on to the server's handler.
    archive.setErrorHandler((error: Error & { code?: string; statusCode?: number }, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
        return reply.status(413).send({ code: 413, msg: tooLarge, data: null });
      }
      if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return reply.status(400).send({ code: 400, msg: ARCHIVE_MESSAGES.notMultipart, data: null });
      if (error.code === 'FST_FILES_LIMIT') return reply.status(400).send({ code: 400, msg: ARCHIVE_MESSAGES.oneFile, data: null });
      if (error.code === 'FST_PARTS_LIMIT' || error.code === 'FST_FIELDS_LIMIT' || error.code === 'FST_PROTO_VIOLATION') {
        return reply.status(400).send({ code: 400, msg: ARCHIVE_MESSAGES.badMultipart, data: null });
      }
      throw error;
    });

    /** The caller: the centre with its key (no session needed), else a verified session. */
    async function callerOf(request: FastifyRequest, reply: FastifyReply): Promise<ArchiveCaller> {
      const key = request.headers[CENTRE_KEY_HEADER];
      if (key !== undefined) {
        if (!centreApiKey || !centreKeyMatches(centreApiKey, key)) throw new ApiError(401, CENTRE_KEY_MESSAGE);
        return { kind: 'centre' };
      }
      await app.requireVerified.call(app, request);
      void reply;
      return { kind: 'applicant', request };
    }

    /** The application `ywbh` of the caller: the session account's own, or any for the centre; else 403. */
    async function applicationOf(caller: ArchiveCaller, ywbh: string): Promise<ApplicationRow> {
      if (caller.kind === 'centre') {
        try {
          return await centreApplication(db, ywbh);
        } catch {
          throw new ApiError(403);
        }
      }
      return ownApplication(db, ywbh, await applicantOf(db, caller.request.session!));
    }

    const source = (caller: ArchiveCaller): FileSource => (caller.kind === 'centre' ? 'centre' : 'applicant');
    const who = (caller: ArchiveCaller) => (caller.kind === 'centre' ? 'centre' : 'applicant');

    // The caller is settled before the body is read: a stranger's upload is refused without reading it.
    archive.decorateRequest('archiveCaller', null);
    const pre = {
      // The document's security (http/openapi.ts): the centre's key, or a verified session; enforced by callerOf.
      config: { protection: 'centreKeyOrVerified' as const },
      preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
        (request as FastifyRequest & { archiveCaller: ArchiveCaller }).archiveCaller = await callerOf(request, reply);
      },
    };
    const callerOfRequest = (request: FastifyRequest): ArchiveCaller => (request as FastifyRequest & { archiveCaller: ArchiveCaller }).archiveCaller;

    archive.post<{ Body: { ywbh: string } }>(
      `${ARCHIVE_PREFIX}/getCls`,
      {
        ...pre,
        schema: {
          summary: '申请材料及其文件（按业务类型的材料表）',
          tags,
          body: body(['ywbh'], { ywbh: FIELDS.ywbh }),
          response: envelope({
            type: 'array',
            items: {
              type: 'object',
              required: ['clbh', 'clmc', 'required', 'maxFiles', 'files'],
              properties: {
                clbh: { type: 'string' },
                clmc: { type: 'string' },
                required: { type: 'boolean' },
                description: { type: 'string' },
                maxFiles: { type: 'integer' },
                files: { type: 'array', items: fileSchema },
              },
            },
          }),
        },
      },
      async (request) => ok(await files.materials(await applicationOf(callerOfRequest(request), request.body.ywbh))),
    );

    archive.post<{ Body: { ywbh: string; clbh: string } }>(
      `${ARCHIVE_PREFIX}/viewCls`,
      { ...pre, schema: { summary: '一项材料的文件', tags, body: body(['ywbh', 'clbh'], { ywbh: FIELDS.ywbh, clbh: FIELDS.clbh }), response: envelope({ type: 'array', items: fileSchema }) } },
      async (request) => ok(await files.filesOfMaterial(await applicationOf(callerOfRequest(request), request.body.ywbh), request.body.clbh)),
    );

    const uploadAnswer = envelope({ type: 'object', properties: { fileId: { type: 'string' }, fileName: { type: 'string' }, mimeType: { type: 'string' }, size: { type: 'integer' } } });
    const answerOf = (f: { fileId: string; fileName: string; mimeType: string; size: number }) => ok({ fileId: f.fileId, fileName: f.fileName, mimeType: f.mimeType, size: f.size }, '上传成功');

    archive.post(
      `${ARCHIVE_PREFIX}/uploadCl`,
      {
        ...pre,
        config: { ...pre.config, documentBody: UPLOAD_BODY },
        schema: {
          summary: '上传材料文件（multipart/form-data：字段 ywbh、clbh，文件 file）',
          tags,
          consumes: ['multipart/form-data'],
          response: uploadAnswer,
        },
      },
      async (request) => {
        const caller = callerOfRequest(request);
        const fields: Record<string, string> = {};
        let file: { name: string; bytes: Buffer } | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file' || file) {
                part.file.resume();
                continue;
              }
              // Up to the limit in memory; past it @fastify/multipart throws FST_REQ_FILE_TOO_LARGE (413 above).
              file = { name: part.filename ?? '', bytes: await part.toBuffer() };
            } else if (typeof part.value === 'string') {
              fields[part.fieldname] = part.value;
            }
          }
        } catch (error) {
          // The parser's own refusals (limits, sizes) keep their answers above; what busboy throws for a body it
          // cannot read (no boundary, a boundary over its limit, a truncated body) is the sender's fault: 400.
          if ((error as { code?: string }).code?.startsWith('FST_')) throw error;
          throw new ApiError(400, ARCHIVE_MESSAGES.badMultipart);
        }
        const { ywbh, clbh } = fields;
        if (!ywbh) throw new ApiError(400, FIELDS.ywbh['x-required-msg']);
        if (!YWBH_RE.test(ywbh)) throw new ApiError(400, FIELDS.ywbh['x-msg']);
        const application = await applicationOf(caller, ywbh);
        requireChangeable(application, who(caller));
        if (!clbh) throw new ApiError(400, FIELDS.clbh['x-required-msg']);
        if (!CLBH_RE.test(clbh)) throw new ApiError(400, FIELDS.clbh['x-msg']);
        if (!file) throw new ApiError(400, ARCHIVE_MESSAGES.noFile);
        return answerOf(await files.save(application, clbh, file.name, file.bytes, source(caller)));
      },
    );

    archive.post<{ Body: { ywbh: string; clbh: string; fileName: string; base64: string } }>(
      `${ARCHIVE_PREFIX}/uploadClBase64`,
      {
        ...pre,
        // The Base64 of the largest file, and room for the rest of the body.
        bodyLimit: Math.ceil((maxFileBytes * 4) / 3) + 65_536,
        schema: {
          summary: '上传材料文件（Base64，可带 data: 前缀）',
          tags,
          body: body(['ywbh', 'clbh', 'base64'], {
            ywbh: FIELDS.ywbh,
            clbh: FIELDS.clbh,
            fileName: { type: 'string', maxLength: 255, description: '文件名' },
            base64: { type: 'string', description: '文件内容（Base64）', 'x-required-msg': ARCHIVE_MESSAGES.noFile },
          }),
          response: uploadAnswer,
        },
      },
      async (request) => {
        const caller = callerOfRequest(request);
        const { ywbh, clbh, fileName, base64 } = request.body;
        const application = await applicationOf(caller, ywbh);
        requireChangeable(application, who(caller));
        const text = base64.replace(/^data:[^,]{0,100},/, '').replace(/\s+/g, '');
        if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) throw new ApiError(400, ARCHIVE_MESSAGES.badBase64);
        const bytes = Buffer.from(text, 'base64');
        return answerOf(await files.save(application, clbh, fileName ?? '', bytes, source(caller)));
      },
    );

    archive.post<{ Body: { ywbh: string; fileId: string } }>(
      `${ARCHIVE_PREFIX}/delCl`,
      { ...pre, schema: { summary: '删除一个材料文件', tags, body: body(['ywbh', 'fileId'], { ywbh: FIELDS.ywbh, fileId: FIELDS.fileId }), response: envelope({ type: 'null' }) } },
      async (request) => {
        const caller = callerOfRequest(request);
        const application = await applicationOf(caller, request.body.ywbh);
        requireChangeable(application, who(caller));
        await files.remove(application, [request.body.fileId], who(caller));
        return ok(null, '删除成功');
      },
    );

    archive.post<{ Body: { ywbh: string; fileIds: string[] } }>(
      `${ARCHIVE_PREFIX}/deletePlCl`,
      {
        ...pre,
        schema: {
          summary: '批量删除材料文件（全部删除或都不删除）',
          tags,
          body: body(['ywbh', 'fileIds'], {
            ywbh: FIELDS.ywbh,
            fileIds: { type: 'array', minItems: 1, maxItems: 50, items: FIELDS.fileId, description: '文件标识', 'x-msg': '请选择 1 至 50 个要删除的文件', 'x-required-msg': '请选择要删除的文件' },
          }),
          response: envelope({ type: 'object', properties: { deleted: { type: 'integer' } } }),
        },
      },
      async (request) => {
        const caller = callerOfRequest(request);
        const application = await applicationOf(caller, request.body.ywbh);
        requireChangeable(application, who(caller));
        return ok({ deleted: await files.remove(application, request.body.fileIds, who(caller)) }, '删除成功');
      },
    );

    const fileQuery = { type: 'object', required: ['ywbh', 'fileId'], properties: { ywbh: FIELDS.ywbh, fileId: FIELDS.fileId } } as const;

    archive.get<{ Querystring: { ywbh: string; fileId: string } }>(
      `${ARCHIVE_PREFIX}/download`,
      { ...pre, schema: { summary: '下载材料文件（原样字节）', tags, querystring: fileQuery, response: { 200: fileAnswer('材料文件（上传时的类型）', ['application/pdf', 'image/jpeg', 'image/png', 'application/octet-stream', 'image/*', 'application/*'], { download: true }) } } },
      async (request, reply) => {
        const f = await files.read(await applicationOf(callerOfRequest(request), request.query.ywbh), request.query.fileId);
        return reply.header('content-type', f.mimeType).header('content-disposition', contentDisposition(f.fileName)).send(Buffer.from(f.bytes));
      },
    );

    archive.get<{ Querystring: { ywbh: string; fileId: string } }>(
      `${ARCHIVE_PREFIX}/loadByBase64`,
      {
        ...pre,
        schema: {
          summary: '材料文件（Base64）',
          tags,
          querystring: fileQuery,
          response: envelope({ type: 'object', properties: { fileId: { type: 'string' }, fileName: { type: 'string' }, mimeType: { type: 'string' }, base64: { type: 'string' } } }),
        },
      },
      async (request) => {
        const f = await files.read(await applicationOf(callerOfRequest(request), request.query.ywbh), request.query.fileId);
        return ok({ fileId: f.fileId, fileName: f.fileName, mimeType: f.mimeType, base64: Buffer.from(f.bytes).toString('base64') });
      },
    );

    archive.post<{ Body: { ywbh: string } }>(
      `${ARCHIVE_PREFIX}/hcPdfWj`,
      { ...pre, schema: { summary: '合并全部材料为一个 PDF（图片按 A4 缩放，PDF 原页复制）', tags, body: body(['ywbh'], { ywbh: FIELDS.ywbh }), response: { 200: fileAnswer('合并后的 PDF', ['application/pdf'], { download: true }) } } },
      async (request, reply) => {
        const application = await applicationOf(callerOfRequest(request), request.body.ywbh);
        const items = await files.everything(application);
        if (items.length === 0) throw new ApiError(400, ARCHIVE_MESSAGES.nothing);
        const pdf = await heavy.render({ op: 'merge', items, title: `电子档案 ${application.ywbh}` }).catch((error: unknown) => {
          throw heavyError(error);
        });
        return reply.header('content-type', 'application/pdf').header('content-disposition', contentDisposition(`${application.ywbh}.pdf`)).send(Buffer.from(pdf));
      },
    );

    archive.post<{ Body: { ywbh: string } }>(
      `${ARCHIVE_PREFIX}/cjtj`,
      {
        ...pre,
        schema: {
          summary: '完成材料采集（必传材料齐全）',
          tags,
          body: body(['ywbh'], { ywbh: FIELDS.ywbh }),
          response: envelope(object({ materials: INTEGER, files: INTEGER })),
        },
      },
      async (request) => ok(await files.finish(await applicationOf(callerOfRequest(request), request.body.ywbh)), '材料采集完成'),
    );

    archive.post<{ Body: { ywbh: string } }>(
      `${ARCHIVE_PREFIX}/sfczdzyx`,
      {
        ...pre,
        schema: {
          summary: '是否已有电子档案（exists：已有文件；completed：已完成采集）',
          tags,
          body: body(['ywbh'], { ywbh: FIELDS.ywbh }),
          response: envelope({ type: 'object', properties: { exists: { type: 'boolean' }, completed: { type: 'boolean' } } }),
        },
      },
      async (request) => ok(await files.exists(await applicationOf(callerOfRequest(request), request.body.ywbh))),
    );

    signingRoutes(archive, {
      db,
      now,
      files,
      heavy,
      maxPixels: bounds.maxPixels,
      pre,
      callerOf: callerOfRequest,
      applicationOf,
      ttlSeconds: deps.options?.signTtlSeconds ?? SIGN_LINK_TTL_SECONDS,
    });
  });
}

/**
 * `attachment` with the name twice: an ASCII fallback and the real name in RFC 5987 form (UTF-8, percent-encoded), so
 * no quote, line break or path in a name reaches a header unescaped.
 *
 * @example
 * contentDisposition('身份证 正面.jpg') // `attachment; filename="___ __.jpg"; filename*=UTF-8''%E8%BA%AB…`
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7E]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
