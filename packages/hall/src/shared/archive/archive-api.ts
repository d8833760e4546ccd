// The archive calls of docs/api-archive.md, over the hall's request client; uploads go by XMLHttpRequest, the one
// browser API that reports upload progress.
import type { GjjClient } from '@gjj-hall/sdk';
import type { ApiData } from '@gjj-hall/sdk/api';

/** Base path of the archive calls. */
export const ARCHIVE_API = '/api/dzda/v1/zhcjyw';

/** One stored file of a material. */
/** A material of the application with its files: the contract's type (docs/api-openapi.md). */
export type ArchiveMaterial = ApiData<'/api/dzda/v1/zhcjyw/getCls', 'post'>[number];

/** One uploaded file; `pages` for a PDF. */
export type ArchiveFile = ArchiveMaterial['files'][number];

export interface ArchiveApi {
  client: GjjClient;
  getToken: () => string | null | undefined;
  /** The session ended (401): the frame tells its host, the hall shows its dialog. */
  onUnauthorized: () => void;
}

/** Lists the materials of an application with their files. */
export async function getMaterials(api: ArchiveApi, ywbh: string): Promise<ArchiveMaterial[]> {
  const { data } = await api.client.post<ArchiveMaterial[]>(`${ARCHIVE_API}/getCls`, { ywbh }, { silent: true });
  return Array.isArray(data) ? data : [];
}

/** Deletes one file. */
export async function deleteFile(api: ArchiveApi, ywbh: string, fileId: string): Promise<void> {
  await api.client.post(`${ARCHIVE_API}/delCl`, { ywbh, fileId }, { silent: true });
}

/** Finishes the collection; a missing required material rejects with the server's 请上传：… message. */
export async function finishCollection(api: ArchiveApi, ywbh: string): Promise<ApiData<'/api/dzda/v1/zhcjyw/cjtj', 'post'>> {
  const { data } = await api.client.post<ApiData<'/api/dzda/v1/zhcjyw/cjtj', 'post'>>(`${ARCHIVE_API}/cjtj`, { ywbh }, { silent: true });
  return data;
}

/** The bytes of one file. */
export function downloadArchiveFile(api: ArchiveApi, ywbh: string, fileId: string, signal?: AbortSignal): Promise<Blob> {
  return api.client.raw('GET', `${ARCHIVE_API}/download`, { params: { ywbh, fileId }, responseType: 'blob', silent: true, signal });
}

/** The merged PDF of every material. */
export function mergedPdf(api: ArchiveApi, ywbh: string): Promise<Blob> {
  return api.client.raw('POST', `${ARCHIVE_API}/hcPdfWj`, { body: { ywbh }, responseType: 'blob', silent: true });
}

/** An upload under way: its promise and a way to abort it. */
export interface Upload {
  done: Promise<ArchiveFile>;
  abort: () => void;
}

/**
 * Uploads one file to a material, reporting progress (0..1). Rejects with the server's Chinese message, an
 * {@link UnauthorizedUpload} when the session ended.
 */
export function uploadFile(
  api: ArchiveApi,
  fields: { ywbh: string; clbh: string },
  file: Blob,
  fileName: string,
  onProgress: (fraction: number) => void,
): Upload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<ArchiveFile>((resolve, reject) => {
    const { baseURL, client, jproject } = api.client.options;
    xhr.open('POST', `${baseURL}${ARCHIVE_API}/uploadCl`);
    xhr.setRequestHeader('client', client);
    xhr.setRequestHeader('jproject', jproject);
    const token = api.getToken();
    if (token) xhr.setRequestHeader('token', token);
    xhr.responseType = 'json';
    xhr.timeout = 120_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    const fail = (message: string) => reject(new Error(message));
    xhr.onerror = () => fail('网络异常，上传失败，请重试');
    xhr.ontimeout = () => fail('上传超时，请重试');
    xhr.onabort = () => fail('已取消上传');
    xhr.onload = () => {
      const body = xhr.response as { code?: unknown; msg?: unknown; data?: ArchiveFile } | null;
      const msg = typeof body?.msg === 'string' && body.msg ? body.msg : '';
      if (xhr.status === 401) {
        api.onUnauthorized();
        return reject(new UnauthorizedUpload(msg || '登录已失效，请重新登录'));
      }
      if (xhr.status >= 200 && xhr.status < 300 && (body?.code === 0 || body?.code === '0') && body.data) {
        onProgress(1);
        return resolve(body.data);
      }
      fail(msg || `上传失败（${xhr.status}），请重试`);
    };
    const form = new FormData();
    form.append('ywbh', fields.ywbh);
    form.append('clbh', fields.clbh);
    form.append('file', file, fileName);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

/** An upload refused because the session ended. */
export class UnauthorizedUpload extends Error {
  override name = 'UnauthorizedUpload';
}
