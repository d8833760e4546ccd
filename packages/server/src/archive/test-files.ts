import { createCanvas } from '@napi-rs/canvas';
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';

// Real files for the archive's tests: images drawn with the canvas the captcha uses, PDFs made with pdf-lib.

/** A PNG or JPEG of `width` × `height` with something drawn on it. */
export function image(kind: 'png' | 'jpeg', width = 120, height = 80): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = '#123';
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.moveTo(10, height - 10);
  ctx.bezierCurveTo(width / 3, 0, (2 * width) / 3, height, width - 10, 10);
  ctx.stroke();
  return kind === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg');
}

/** A PDF of `pages` A4 pages. */
export async function pdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) doc.addPage([595.28, 841.89]).drawText(`page ${i + 1}`, { x: 50, y: 700, size: 20 });
  return Buffer.from(await doc.save());
}

/** A multipart/form-data body: text fields, then (optionally) one file part. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array; type?: string; field?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----gjj${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// Archive bombs (docs/security.md › Archive bombs): small files that would decode to hundreds of megabytes.

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Uint8Array) => {
  let c = 0xffffffff;
  for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Uint8Array) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/**
 * A PNG of `width` × `height` black RGBA pixels: every row's filter byte and pixels zero, deflated (a 4000 × 4000 one is
 * about 62 KB and unpacks to 64 MB). With `claim`, the header states that size while the data is `idat` (a file that
 * lies about, or exceeds, what any decoder should attempt); `pad` adds an ancillary chunk of that many zero bytes.
 */
export function zeroPng(width: number, height: number, options: { claim?: { width: number; height: number }; idat?: Uint8Array; pad?: number } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(options.claim?.width ?? width, 0);
  ihdr.writeUInt32BE(options.claim?.height ?? height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const idat = options.idat ?? deflateSync(Buffer.alloc(height * (width * 4 + 1)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...(options.pad ? [chunk('zzZz', Buffer.alloc(options.pad))] : []),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A one-page PDF carrying `copies` raw streams of `data` under `filter` (`['FlateDecode', 'FlateDecode']`: a
 * decompression chain), as objects of their own or typed as an object stream.
 */
export async function pdfWithStreams(data: Uint8Array, options: { copies?: number; filter?: string[]; objectStream?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595.28, 841.89]);
  const filter = options.filter ?? ['FlateDecode'];
  for (let i = 0; i < (options.copies ?? 1); i += 1) {
    const dict: Record<string, unknown> = { Filter: filter.length === 1 ? filter[0] : filter };
    if (options.objectStream) Object.assign(dict, { Type: 'ObjStm', N: 1, First: 4 });
    doc.context.register(doc.context.stream(data, dict as never));
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
