import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { cjkSubset } from './font';
import { LETTER_TITLE, SIGNATURE_LABEL, SIGNED_AT_LABEL, letterLines, type LetterData } from './letter';
import type { ArchiveMime } from './sniff';

/** A4 in points. */
export const A4: [number, number] = [595.28, 841.89];
const MARGIN = 36;
/** An image is never enlarged past 1 px = 0.75 pt (96 dpi). */
const PT_PER_PX = 0.75;

/** The page count of a PDF, or null when pdf-lib cannot read it (damaged, encrypted). */
export async function pdfPageCount(bytes: Uint8Array): Promise<number | null> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    return doc.getPageCount();
  } catch {
    return null;
  }
}

/** One file of the merged archive. */
export interface MergeItem {
  mimeType: ArchiveMime;
  bytes: Uint8Array;
}

/**
 * Every file in one PDF (docs/api-archive.md › The merged archive): an image on an A4 page of its own, centred within
 * the margins, scaled down to fit and never enlarged past 96 dpi; a PDF's pages copied as they are.
 *
 * @example
 * const pdf = await mergeToPdf([{ mimeType: 'image/png', bytes }], '电子档案 GJ0302…')
 */
export async function mergeToPdf(items: readonly MergeItem[], title: string): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  out.setTitle(title);
  out.setProducer('gjj-hall');
  for (const item of items) {
    if (item.mimeType === 'application/pdf') {
      const src = await PDFDocument.load(item.bytes, { updateMetadata: false });
      const pages = await out.copyPages(src, src.getPageIndices());
      for (const page of pages) out.addPage(page);
      continue;
    }
    const image = item.mimeType === 'image/png' ? await out.embedPng(item.bytes) : await out.embedJpg(item.bytes);
    const page = out.addPage(A4);
    const [w, h] = A4;
    const scale = Math.min((w - 2 * MARGIN) / image.width, (h - 2 * MARGIN) / image.height, PT_PER_PX);
    const dw = image.width * scale;
    const dh = image.height * scale;
    page.drawImage(image, { x: (w - dw) / 2, y: (h - dh) / 2, width: dw, height: dh });
  }
  return out.save();
}

/**
 * Breaks `text` into lines no wider than `width` at `size` (CJK text breaks between any two characters).
 *
 * @example
 * for (const line of wrap('兹证明……', font, 12, 480)) page.drawText(line, { x, y: (y -= 20), size: 12, font })
 */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of text) {
    if (line && font.widthOfTextAtSize(line + ch, size) > width) {
      lines.push(line);
      line = '';
    }
    line += ch;
  }
  if (line) lines.push(line);
  return lines;
}

/** Where the signature box is on the letter's page, in points from the bottom left. */
export const SIGNATURE_BOX = { x: 320, y: 150, width: 220, height: 90 } as const;

/** What a signed letter adds: the signature (PNG) and when it was signed (centre time text). */
export interface Signed {
  signaturePng: Uint8Array;
  signedAt: string;
}

/**
 * The authorisation letter filled from the template (letter.ts): A4, title, the applicant's data, the text, the date
 * and a signature box; with `signed`, the signature drawn into the box and 签署时间 under it. Chinese renders with an
 * embedded subset of Noto Sans SC.
 *
 * @example
 * const pdf = await renderLetter({ name: '张三', idLabel: '证件号码', idNumber: '110101…', ywmc, ywbh, date: '2026年11月26日' })
 */
export async function renderLetter(data: LetterData, signed?: Signed): Promise<Uint8Array> {
  const lines = letterLines(data);
  const allText = [LETTER_TITLE, SIGNATURE_LABEL, SIGNED_AT_LABEL, data.date, signed?.signedAt ?? '', ...lines.flat(), '委托人（签字）日期'].join('');
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${LETTER_TITLE} ${data.ywbh}`);
  doc.setProducer('gjj-hall');
  const font = await doc.embedFont(await cjkSubset(allText), { subset: false });
  const page = doc.addPage(A4);
  const [w, h] = A4;
  const left = 72;
  const width = w - 2 * left;
  const black = rgb(0, 0, 0);
  const title = 22;
  page.drawText(LETTER_TITLE, { x: (w - font.widthOfTextAtSize(LETTER_TITLE, title)) / 2, y: h - 110, size: title, font, color: black });
  let y = h - 170;
  const size = 12.5;
  const lead = 24;
  for (const line of lines) {
    if (line.length === 2) {
      page.drawText(`${line[0]}：`, { x: left, y, size, font, color: black });
      page.drawText(line[1], { x: left + 80, y, size, font, color: black });
      page.drawLine({ start: { x: left + 76, y: y - 4 }, end: { x: left + width, y: y - 4 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
      y -= lead + 4;
    } else {
      y -= 6;
      // A paragraph starts indented by two characters, as Chinese documents do.
      for (const text of wrap(`\u3000\u3000${line[0]}`, font, size, width)) {
        page.drawText(text, { x: left, y, size, font, color: black });
        y -= lead - 2;
      }
    }
  }
  drawSignatureArea(page, font, data.date);
  if (signed) {
    const image = await doc.embedPng(signed.signaturePng);
    const box = SIGNATURE_BOX;
    const pad = 6;
    const scale = Math.min((box.width - 2 * pad) / image.width, (box.height - 2 * pad) / image.height);
    const dw = image.width * scale;
    const dh = image.height * scale;
    page.drawImage(image, { x: box.x + (box.width - dw) / 2, y: box.y + (box.height - dh) / 2, width: dw, height: dh });
    page.drawText(`${SIGNED_AT_LABEL}${signed.signedAt}`, { x: box.x, y: box.y - 22, size: 11, font, color: black });
  }
  return doc.save();
}

function drawSignatureArea(page: PDFPage, font: PDFFont, date: string): void {
  const box = SIGNATURE_BOX;
  page.drawText(SIGNATURE_LABEL, { x: box.x - 90, y: box.y + box.height / 2 - 6, size: 12.5, font });
  page.drawRectangle({ x: box.x, y: box.y, width: box.width, height: box.height, borderColor: rgb(0.4, 0.4, 0.4), borderWidth: 0.8 });
  page.drawText(`日期：${date}`, { x: box.x, y: box.y - 46, size: 12.5, font });
}
