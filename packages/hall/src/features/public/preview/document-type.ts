// What an electronic document is, told from its bytes (spec 1: preview of electronic documents). A declared name or
// type is not trusted: a file called .pdf that is really HTML must never be put in a frame as a document.

/** The kinds the preview knows. */
export type DocumentKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'ofd' | 'docx' | 'zip' | 'unknown';

/** What the preview does with a document of each kind, and the type its blob gets. */
export const DOCUMENT_KINDS: Readonly<Record<DocumentKind, { label: string; mime: string; ext: string; show: 'frame' | 'image' | 'download' }>> = {
  pdf: { label: 'PDF', mime: 'application/pdf', ext: 'pdf', show: 'frame' },
  png: { label: 'PNG 图片', mime: 'image/png', ext: 'png', show: 'image' },
  jpeg: { label: 'JPEG 图片', mime: 'image/jpeg', ext: 'jpg', show: 'image' },
  gif: { label: 'GIF 图片', mime: 'image/gif', ext: 'gif', show: 'image' },
  ofd: { label: 'OFD 版式文件', mime: 'application/ofd', ext: 'ofd', show: 'download' },
  docx: { label: 'Word 文档', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx', show: 'download' },
  zip: { label: '压缩文件', mime: 'application/zip', ext: 'zip', show: 'download' },
  unknown: { label: '未知格式', mime: 'application/octet-stream', ext: 'bin', show: 'download' },
};

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The names of the entries of a zip archive, read from its central directory (empty when it is not a readable zip).
 *
 * @example
 * zipEntryNames(ofdBytes) // ['OFD.xml', 'Doc_0/Document.xml', …]
 */
export function zipEntryNames(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record is in the last 22 + 65535 (comment) bytes.
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= stop; i -= 1) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return [];
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return names;
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extra + comment;
  }
  return names;
}

/**
 * The kind of a document by its first bytes: %PDF, the PNG, JPEG and GIF signatures, and zip archives told apart
 * by their entries (OFD.xml at the root for OFD, GB/T 33190; word/document.xml for DOCX).
 *
 * @example
 * documentKind(new TextEncoder().encode('%PDF-1.4 …')) // 'pdf'
 */
export function documentKind(bytes: Uint8Array): DocumentKind {
  // Only a file that starts with its header: a PDF after some HTML is not taken for one.
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const names = zipEntryNames(bytes);
    if (names.some((n) => n.toLowerCase() === 'ofd.xml')) return 'ofd';
    if (names.includes('word/document.xml')) return 'docx';
    return 'zip';
  }
  return 'unknown';
}

/** What the preview says for an OFD file: no maintained OFD renderer exists on npm (see the hall README). */
export const OFD_MESSAGE = 'OFD 版式文件暂不支持在线预览，请下载后使用 OFD 阅读器打开';
/** What it says for any other file it cannot show in the page. */
export const UNSUPPORTED_MESSAGE = '该文件格式暂不支持在线预览，请下载后查看';

/** Why base64 data could not be read: the preview then says 解析数据为空！ (spec 8.4). */
export const EMPTY_PREVIEW_MESSAGE = '解析数据为空！';

/**
 * Decodes base64 (standard or URL-safe, with or without a `data:…;base64,` prefix, whitespace ignored) to bytes;
 * null when it is empty or not base64.
 *
 * @example
 * decodeBase64('JVBERi0=') // Uint8Array [37, 80, 68, 70, 45] ('%PDF-')
 * decodeBase64('不是数据') // null
 */
export function decodeBase64(input: unknown): Uint8Array | null {
  if (typeof input !== 'string') return null;
  let text = input.trim();
  const comma = text.indexOf(',');
  if (text.startsWith('data:') && comma > 0 && text.slice(0, comma).endsWith(';base64')) text = text.slice(comma + 1);
  text = text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (!text || !/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 === 1) return null;
  try {
    const binary = atob(text.padEnd(Math.ceil(text.length / 4) * 4, '='));
    if (!binary.length) return null;
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/**
 * A file name for saving a document: the given one when its extension fits the kind, otherwise the kind's.
 *
 * @example
 * fileNameFor('缴存证明', 'pdf') // '缴存证明.pdf'
 */
export function fileNameFor(name: string | undefined, kind: DocumentKind): string {
  const base = (name ?? '').trim().replace(/[\\/:*?"<>|]/g, '_') || '电子文件';
  const { ext } = DOCUMENT_KINDS[kind];
  if (kind === 'unknown') return base;
  const alt = kind === 'jpeg' ? ['jpg', 'jpeg'] : [ext];
  return alt.some((e) => base.toLowerCase().endsWith(`.${e}`)) ? base : `${base}.${ext}`;
}
