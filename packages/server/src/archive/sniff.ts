/**
 * What a file is, read from its bytes (never from its name or the Content-Type a browser sent), and the name it is
 * kept under. docs/api-archive.md › Files.
 */

export type ArchiveMime = 'image/jpeg' | 'image/png' | 'application/pdf';

/** What the content says: the type, and an image's size in pixels when its header gives it. */
export interface Sniffed {
  mimeType: ArchiveMime;
  ext: 'jpg' | 'png' | 'pdf';
  width?: number;
  height?: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The size of a JPEG from its first SOFn segment, or null when the markers do not lead to one. */
function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    // Fill bytes and stand-alone markers carry no length.
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    if (length < 2) return null;
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (b[i + 5]! << 8) | b[i + 6]!;
      const width = (b[i + 7]! << 8) | b[i + 8]!;
      return width > 0 && height > 0 ? { width, height } : null;
    }
    i += 2 + length;
  }
  return null;
}

/**
 * The type of `bytes` by content: JPEG (FF D8 FF and a frame header giving its size), PNG (signature and IHDR), PDF
 * (`%PDF-` within the first 1 024 bytes, as readers allow). Anything else, an empty file included: null.
 *
 * @example
 * sniff(readFileSync('photo.jpg')) // { mimeType: 'image/jpeg', ext: 'jpg', width: 1200, height: 800 }
 * sniff(Buffer.from('MZ…'))        // null (an executable named .jpg)
 */
export function sniff(bytes: Uint8Array): Sniffed | null {
  if (bytes.length >= 24 && PNG_SIGNATURE.every((v, i) => bytes[i] === v)) {
    // IHDR must be the first chunk.
    if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const width = view.getUint32(16);
    const height = view.getUint32(20);
    return width > 0 && height > 0 ? { mimeType: 'image/png', ext: 'png', width, height } : null;
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegSize(bytes);
    return size ? { mimeType: 'image/jpeg', ext: 'jpg', ...size } : null;
  }
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return { mimeType: 'application/pdf', ext: 'pdf' };
  return null;
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;
const EXTENSIONS: Record<Sniffed['ext'], RegExp> = { jpg: /\.(jpe?g)$/i, png: /\.png$/i, pdf: /\.pdf$/i };
/** Longest kept name, extension included. */
export const MAX_FILE_NAME = 100;

/**
 * The name a file is kept under: the base name only (whatever precedes the last `/` or `\` is dropped), without
 * control characters or leading dots, at most {@link MAX_FILE_NAME} characters, its extension matching the content
 * (`scan.pdf` holding a PNG becomes `scan.png`); `fallback` + extension when nothing is left. It is a label only,
 * never part of a path.
 *
 * @example
 * keptName('../../etc/passwd.png', { mimeType: 'image/png', ext: 'png' }, '身份证') // 'passwd.png'
 * keptName('C:\\scan\\正面.pdf', { mimeType: 'image/png', ext: 'png' }, '身份证')  // '正面.png'
 */
export function keptName(given: string, type: Pick<Sniffed, 'ext'>, fallback: string): string {
  const base = given.replace(CONTROL, '').split(/[\\/]/).pop()!.trim().replace(/^\.+/, '').trim();
  let stem = base;
  if (!EXTENSIONS[type.ext].test(base)) {
    // A wrong extension of ours (.pdf, .png, .jpg) is replaced; any other dot stays part of the name.
    stem = base.replace(/\.(jpe?g|png|pdf)$/i, '');
  } else {
    stem = base.replace(EXTENSIONS[type.ext], '');
  }
  const ext = base && EXTENSIONS[type.ext].test(base) ? base.slice(stem.length) : `.${type.ext}`;
  const cleanStem = [...(stem || fallback)].slice(0, MAX_FILE_NAME - ext.length).join('');
  return `${cleanStem}${ext}`;
}
