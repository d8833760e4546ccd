import { createCanvas } from '@napi-rs/canvas';
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
