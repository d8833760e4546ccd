import { createHash, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import { ApiError } from '../http/envelope';
import { centreDateTime } from '../clock';
import { STATUS } from '../applications/status';
import type { ApplicationRow } from '../applications/model';
import { anyMaterialOf, materialsOf, missingMaterials, missingMessage, type Material } from './materials';
import { keptName, sniff, type ArchiveMime } from './sniff';
import { BOUND_MESSAGES, pixelsWithin, type DecodeBounds } from './bounds';
import { heavyError, type HeavyPool } from './heavy';
import { requireFileRoom } from '../applications/quotas';
import type { FileStore } from './storage';

/**
 * The files of an application's materials (docs/api-archive.md › Files): every check before one transaction that
 * writes the row and its content, so a refused file leaves nothing behind.
 */

/** The default largest file: 10 MB (ARCHIVE_MAX_FILE_BYTES). */
export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The messages of the archive. */
export const ARCHIVE_MESSAGES = {
  tooLarge: (maxBytes: number) => `文件超过 ${formatMegabytes(maxBytes)}，请压缩后重新上传`,
  wrongType: '仅支持 JPG、PNG、PDF 格式的文件',
  empty: '文件为空，请重新选择',
  badPdf: 'PDF 文件已损坏或已加密，请重新导出后上传',
  unknownMaterial: '该业务不需要此材料',
  notNeeded: '根据修改后的填写内容，已不需要此材料，可以删除',
  tooMany: (clmc: string, n: number) => `“${clmc}”最多上传 ${n} 个文件`,
  locked: (ztmc: string) => `业务当前状态为“${ztmc}”，不能修改申请材料`,
  missing: missingMessage,
  nothing: '尚未上传任何材料',
  noFile: '请选择要上传的文件',
  oneFile: '一次只能上传一个文件',
  notMultipart: '请以 multipart/form-data 方式上传文件',
  badMultipart: '上传内容格式不正确',
  badBase64: '文件内容不是有效的 Base64 编码',
} as const;

/** `10 MB`, `512 KB`: the limit as the message states it. */
export function formatMegabytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A stored file as the calls answer it. */
export interface FileInfo {
  fileId: string;
  fileName: string;
  mimeType: ArchiveMime;
  size: number;
  uploadedAt: string;
  pages?: number;
}

interface FileRow {
  id: string;
  file_id: string;
  clbh: string;
  file_name: string;
  mime_type: ArchiveMime;
  size: number;
  pages: number | null;
  uploaded_at: Date;
  source: string;
}

const FILE_COLUMNS = `id::text as id, file_id::text as file_id, clbh, file_name, mime_type, size, pages, uploaded_at, source`;

const info = (row: FileRow): FileInfo => ({
  fileId: row.file_id,
  fileName: row.file_name,
  mimeType: row.mime_type,
  size: row.size,
  uploadedAt: centreDateTime(new Date(row.uploaded_at)),
  ...(row.pages !== null ? { pages: row.pages } : {}),
});

/** Who stores a file. */
export type FileSource = 'applicant' | 'centre' | 'signing';

/** Statuses in which the applicant, or the centre, may change the materials. */
const APPLICANT_MAY_CHANGE = new Set(['00', '04']);
const CENTRE_MAY_CHANGE = new Set(['00', '01', '02', '04']);

/** 409 unless `who` may change the materials of `app` in its status. */
export function requireChangeable(app: Pick<ApplicationRow, 'zt'>, who: 'applicant' | 'centre'): void {
  const allowed = who === 'centre' ? CENTRE_MAY_CHANGE : APPLICANT_MAY_CHANGE;
  if (!allowed.has(app.zt)) throw new ApiError(409, ARCHIVE_MESSAGES.locked(STATUS[app.zt]));
}

/** Locks the application row and checks its status as it is now (409 as {@link requireChangeable}). */
async function requireChangeableNow(tx: Queryable, applicationId: string, who: 'applicant' | 'centre'): Promise<void> {
  const [row] = await tx.query<{ zt: ApplicationRow['zt'] }>('select zt from application where id = $1 for update', [applicationId]);
  if (!row) throw new ApiError(403);
  requireChangeable(row, who);
}

/**
 * The material `clbh` the application's answers call for, or 400. A returned application (04) takes any material of
 * its type's table: the corrected answers its resubmission brings may call for one the first answers did not, and
 * resubmission checks the materials of the new answers (issue 31 item 3).
 */
export function requireMaterial(app: Pick<ApplicationRow, 'ywlx' | 'payload'> & { zt?: ApplicationRow['zt'] }, clbh: string): Material {
  const material = materialsOf(app).find((m) => m.clbh === clbh) ?? (app.zt === '04' ? anyMaterialOf(app.ywlx, clbh) : undefined);
  if (!material) throw new ApiError(400, ARCHIVE_MESSAGES.unknownMaterial);
  return material;
}

export interface ArchiveFilesDeps {
  db: Db;
  store: FileStore;
  now: () => Date;
  maxFileBytes: number;
  bounds: DecodeBounds;
  heavy: HeavyPool;
}

/** The archive's file operations over one database and store. */
export function createArchiveFiles(deps: ArchiveFilesDeps) {
  const { db, store, now, maxFileBytes, bounds, heavy } = deps;

  /** The files of an application, oldest first. */
  async function filesOf(q: Queryable, applicationId: string, clbh?: string): Promise<FileRow[]> {
    return q.query<FileRow>(
      `select ${FILE_COLUMNS} from archive_file where application_id = $1 and ($2::text is null or clbh = $2) order by clbh, id`,
      [applicationId, clbh ?? null],
    );
  }

  /** Every check of a file's bytes (empty, size, type by content, a readable PDF), before anything is written. */
  async function checkBytes(bytes: Uint8Array) {
    if (bytes.length === 0) throw new ApiError(400, ARCHIVE_MESSAGES.empty);
    if (bytes.length > maxFileBytes) throw new ApiError(413, ARCHIVE_MESSAGES.tooLarge(maxFileBytes));
    const type = sniff(bytes);
    if (!type) throw new ApiError(400, ARCHIVE_MESSAGES.wrongType);
    // Bounds before any decode: an image's pixels from its header; a PDF measured in a worker (bounded inflation and
    // page objects) before pdf-lib builds it there.
    if (type.mimeType !== 'application/pdf' && !pixelsWithin(type, bounds.maxPixels)) throw new ApiError(400, BOUND_MESSAGES.tooManyPixels(bounds.maxPixels));
    let pages: number | null = null;
    if (type.mimeType === 'application/pdf') {
      const seen = await heavy.inspectPdf(bytes, bounds).catch((error: unknown) => {
        throw heavyError(error, 400);
      });
      if (!seen.ok) {
        if (seen.reason === 'inflate') throw new ApiError(400, BOUND_MESSAGES.inflatesTooMuch);
        if (seen.reason === 'pages') throw new ApiError(400, BOUND_MESSAGES.tooManyPages(bounds.maxPdfPages));
        throw new ApiError(400, ARCHIVE_MESSAGES.badPdf);
      }
      pages = seen.pages;
    }
    return { type, pages };
  }

  return {
    maxFileBytes,

    /**
     * The materials the application's answers call for, with their files, in the table's order; then any material
     * the answers no longer call for that still has files (optional, described as no longer needed), so they can be deleted.
     */
    async materials(app: ApplicationRow) {
      const rows = await filesOf(db, app.id);
      const needed = materialsOf(app);
      const listed = new Set(needed.map((m) => m.clbh));
      const stale = [...new Set(rows.map((r) => r.clbh))]
        .filter((clbh) => !listed.has(clbh))
        .map((clbh) => {
          const row = anyMaterialOf(app.ywlx, clbh);
          return { clbh, clmc: row?.clmc ?? clbh, required: false, description: ARCHIVE_MESSAGES.notNeeded, maxFiles: row?.maxFiles ?? 1 };
        });
      return [
        ...needed.map(({ clbh, clmc, required, description, maxFiles }) => ({ clbh, clmc, required, description, maxFiles })),
        ...stale,
      ].map((m) => ({ ...m, files: rows.filter((r) => r.clbh === m.clbh).map(info) }));
    },

    /** The files of one material (400 for a material the type does not need). */
    async filesOfMaterial(app: ApplicationRow, clbh: string): Promise<FileInfo[]> {
      requireMaterial(app, clbh);
      return (await filesOf(db, app.id, clbh)).map(info);
    },

    /**
     * Stores a file of material `clbh`: the checks, then one transaction (the application row locked, so two uploads
     * at once cannot both pass the count) writing the row and the content. With `replace`, the material's earlier
     * files go in the same transaction (a signed letter replaces the one before); `within` runs in it too.
     */
    async save(
      app: ApplicationRow,
      clbh: string,
      givenName: string,
      bytes: Uint8Array,
      source: FileSource,
      options: { replace?: boolean; within?: (tx: Queryable, file: FileInfo) => Promise<void> } = {},
    ): Promise<FileInfo> {
      const { replace = false, within } = options;
      const material = requireMaterial(app, clbh);
      const { type, pages } = await checkBytes(bytes);
      const fileName = keptName(givenName, type, material.clmc);
      const at = now();
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      return db.transaction(async (tx) => {
        await requireChangeableNow(tx, app.id, source === 'centre' ? 'centre' : 'applicant');
        // What one login may store (issue 31 item 7): the applicant's own files count, the centre's and the signed letter do not.
        if (source === 'applicant') await requireFileRoom(tx, app.account_id, bytes.length);
        if (replace) {
          const old = await tx.query<{ id: string }>('delete from archive_file where application_id = $1 and clbh = $2 returning id::text as id', [app.id, clbh]);
          for (const o of old) await store.remove(tx, o.id);
        } else {
          const [count] = await tx.query<{ n: number }>('select count(*)::int as n from archive_file where application_id = $1 and clbh = $2', [app.id, clbh]);
          if ((count?.n ?? 0) >= material.maxFiles) throw new ApiError(400, ARCHIVE_MESSAGES.tooMany(material.clmc, material.maxFiles));
        }
        const [row] = await tx.query<FileRow>(
          `insert into archive_file (file_id, application_id, clbh, file_name, mime_type, size, sha256, pages, width, height, source, uploaded_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning ${FILE_COLUMNS}`,
          [randomUUID(), app.id, clbh, fileName, type.mimeType, bytes.length, sha256, pages, type.width ?? null, type.height ?? null, source, at],
        );
        await store.put(tx, row!.id, bytes);
        await tx.query('delete from archive_collection where application_id = $1', [app.id]);
        const saved = info(row!);
        // What must happen with the file or not at all (spending a signing link); throwing undoes the file too.
        if (within) await within(tx, saved);
        return saved;
      });
    },

    /**
     * Deletes files of the application, all or nothing: an id that is not one of its files is 403 and nothing is
     * deleted. Returns how many went.
     */
    async remove(app: ApplicationRow, fileIds: readonly string[], who: 'applicant' | 'centre' = 'applicant'): Promise<number> {
      const unique = [...new Set(fileIds.map((f) => f.toLowerCase()))];
      return db.transaction(async (tx) => {
        // The application row locked and its status read again: a submission (which checks the materials under the
        // same lock, issue 31 item 3) and a delete are one after the other, never a delete between check and status.
        await requireChangeableNow(tx, app.id, who);
        const rows = await tx.query<{ id: string }>(
          'delete from archive_file where application_id = $1 and file_id = any($2::uuid[]) returning id::text as id',
          [app.id, unique],
        );
        // Throwing rolls the delete back.
        if (rows.length !== unique.length) throw new ApiError(403);
        for (const r of rows) await store.remove(tx, r.id);
        await tx.query('delete from archive_collection where application_id = $1', [app.id]);
        return rows.length;
      });
    },

    /** One file with its content, or 403 when it is not one of the application's. */
    async read(app: ApplicationRow, fileId: string): Promise<FileInfo & { bytes: Uint8Array }> {
      const [row] = await db.query<FileRow>(`select ${FILE_COLUMNS} from archive_file where application_id = $1 and file_id = $2::uuid`, [app.id, fileId]);
      if (!row) throw new ApiError(403);
      const bytes = await store.get(db, row.id);
      if (!bytes) throw new ApiError(403);
      return { ...info(row), bytes };
    },

    /** Every file with its content, in the order of the materials table, oldest first within one. */
    async everything(app: ApplicationRow): Promise<Array<{ mimeType: ArchiveMime; bytes: Uint8Array }>> {
      const order = materialsOf(app).map((m) => m.clbh);
      const rows = (await filesOf(db, app.id)).sort((a, b) => {
        const d = (order.indexOf(a.clbh) + 1 || 999) - (order.indexOf(b.clbh) + 1 || 999);
        return d !== 0 ? d : Number(a.id) - Number(b.id);
      });
      const out: Array<{ mimeType: ArchiveMime; bytes: Uint8Array }> = [];
      for (const r of rows) {
        const bytes = await store.get(db, r.id);
        if (bytes) out.push({ mimeType: r.mime_type, bytes });
      }
      return out;
    },

    /** Finishes the collection (cjtj): 400 naming every required material without a file. */
    async finish(app: ApplicationRow): Promise<{ materials: number; files: number }> {
      const missing = await missingMaterials(db, app);
      if (missing.length) throw new ApiError(400, ARCHIVE_MESSAGES.missing(missing));
      const materials = await this.materials(app);
      const result = { materials: materials.filter((m) => m.files.length > 0).length, files: materials.reduce((n, m) => n + m.files.length, 0) };
      await db.query(
        `insert into archive_collection (application_id, completed_at, materials, files) values ($1, $2, $3, $4)
         on conflict (application_id) do update set completed_at = excluded.completed_at, materials = excluded.materials, files = excluded.files`,
        [app.id, now(), result.materials, result.files],
      );
      return result;
    },

    /** Whether the application has files, and whether its collection is finished. */
    async exists(app: ApplicationRow): Promise<{ exists: boolean; completed: boolean }> {
      const [row] = await db.query<{ exists: boolean; completed: boolean }>(
        `select exists (select 1 from archive_file where application_id = $1) as exists,
                exists (select 1 from archive_collection where application_id = $1) as completed`,
        [app.id],
      );
      return { exists: !!row?.exists, completed: !!row?.completed };
    },
  };
}

export type ArchiveFiles = ReturnType<typeof createArchiveFiles>;
