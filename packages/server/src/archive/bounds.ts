import { constants, inflateSync } from 'node:zlib';

/**
 * What a stored file may decode to (docs/security.md › Archive bombs): read from the file's own header or bounded
 * inflation, before anything decodes it. A small file that would unpack to hundreds of megabytes is refused with a
 * message, never decoded.
 */
export interface DecodeBounds {
  /** Largest image, in pixels (width × height from the PNG IHDR or the JPEG frame header). @default 20 000 000 */
  maxPixels: number;
  /** Largest total a PDF's compressed streams may inflate to, chains of filters included. @default 50 MB */
  maxInflatedBytes: number;
  /** Most pages of one PDF. @default 100 */
  maxPdfPages: number;
}

export const DEFAULT_DECODE_BOUNDS: DecodeBounds = { maxPixels: 20_000_000, maxInflatedBytes: 50 * 1024 * 1024, maxPdfPages: 100 };

export const BOUND_MESSAGES = {
  tooManyPixels: (max: number) => `图片尺寸过大（超过 ${Math.floor(max / 10_000)} 万像素），请缩小后重新上传`,
  inflatesTooMuch: 'PDF 文件解压后内容过大，请重新导出（如“另存为 PDF”）后上传',
  tooManyPages: (max: number) => `PDF 文件超过 ${max} 页，请拆分后上传`,
  tooComplex: '文件内容过于复杂，无法处理，请重新导出后上传',
  busy: '系统繁忙，请稍后再试',
} as const;

/** Reads one bound from the environment: a whole number within [min, max], else throws naming the variable. */
export function parseBound(name: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} 应为 ${min} 至 ${max} 之间的整数，不能是 ${text}`);
  return n;
}

/** The bounds from ARCHIVE_MAX_PIXELS, ARCHIVE_MAX_INFLATED_BYTES and ARCHIVE_MAX_PDF_PAGES, over the defaults. */
export function boundsFromEnv(env: NodeJS.ProcessEnv = process.env): DecodeBounds {
  return {
    maxPixels: parseBound('ARCHIVE_MAX_PIXELS', env.ARCHIVE_MAX_PIXELS, 10_000, 100_000_000) ?? DEFAULT_DECODE_BOUNDS.maxPixels,
    maxInflatedBytes: parseBound('ARCHIVE_MAX_INFLATED_BYTES', env.ARCHIVE_MAX_INFLATED_BYTES, 1024 * 1024, 512 * 1024 * 1024) ?? DEFAULT_DECODE_BOUNDS.maxInflatedBytes,
    maxPdfPages: parseBound('ARCHIVE_MAX_PDF_PAGES', env.ARCHIVE_MAX_PDF_PAGES, 1, 2000) ?? DEFAULT_DECODE_BOUNDS.maxPdfPages,
  };
}

/** Whether an image of this size is within the bound (its header's width × height). */
export function pixelsWithin(size: { width?: number | undefined; height?: number | undefined }, maxPixels: number): boolean {
  return (size.width ?? 0) * (size.height ?? 0) <= maxPixels;
}

/** What scanning a PDF's streams found. */
export interface PdfScan {
  /** Bytes the streams inflated to, or null once past the bound (scanning stops there). */
  inflated: number | null;
  /** Page objects seen in the file and in its inflated object streams (an upper estimate of the page count). */
  pageObjects: number;
}

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');
const PAGE_OBJECT = /\/Type\s*\/Page(?![A-Za-z])/g;

/** A zlib header (CMF/FLG): deflate, and the check bits hold. */
const zlibHeader = (b: Uint8Array) => b.length >= 2 && (b[0]! & 0x0f) === 8 && ((b[0]! << 8) | b[1]!) % 31 === 0;

const countPages = (b: Uint8Array) => (Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1').match(PAGE_OBJECT) ?? []).length;

/**
 * Inflates every zlib stream of a PDF (and the output again while it is itself zlib: a chain of FlateDecode filters)
 * with zlib's own output limit, so no stream is ever unpacked past what remains of `maxInflated`. It never builds the
 * document; it only measures. Streams that are not zlib (JPEG images, damaged data) count as their raw length.
 *
 * @example
 * scanPdf(bytes, 50 * 1024 * 1024) // { inflated: 183_402, pageObjects: 3 }
 */
export function scanPdf(bytes: Uint8Array, maxInflated: number): PdfScan {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  let pageObjects = countPages(buf);
  let from = 0;
  for (;;) {
    const at = buf.indexOf(STREAM, from);
    if (at < 0) break;
    from = at + STREAM.length;
    // `endstream` contains `stream`: skip it.
    if (at >= 3 && buf.toString('latin1', at - 3, at) === 'end') continue;
    let start = from;
    if (buf[start] === 0x0d) start += 1;
    if (buf[start] !== 0x0a) continue;
    start += 1;
    const end = buf.indexOf(END_STREAM, start);
    if (end < 0) break;
    from = end + END_STREAM.length;
    let data: Uint8Array = buf.subarray(start, end);
    let depth = 0;
    while (zlibHeader(data) && depth < 8) {
      const room = maxInflated - total;
      let out: Buffer;
      try {
        out = inflateSync(data, { maxOutputLength: Math.max(1, room), finishFlush: constants.Z_SYNC_FLUSH });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return { inflated: null, pageObjects };
        break;
      }
      total += out.length;
      if (total > maxInflated) return { inflated: null, pageObjects };
      pageObjects += countPages(out);
      data = out;
      depth += 1;
    }
    if (depth === 0) total += data.length;
    if (total > maxInflated) return { inflated: null, pageObjects };
  }
  return { inflated: total, pageObjects };
}
