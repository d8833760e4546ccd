import { PDFDocument, rgb } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import QRCode from 'qrcode';
import { cjkSubset } from '../archive/font';
import { A4, wrap } from '../archive/pdf';
import { groupCode } from './facts';

/**
 * A one-page verifiable document of label–value rows (the withdrawal receipt 提取回单, the loan settlement certificate
 * 结清证明): what the centre issues from frozen facts with a verification code (facts.ts `newCode`) and its QR leading
 * to the hall's public check. The deposit certificate (pdf.ts) has its month table and lays itself out; the documents
 * that are only rows are drawn here, once.
 */
export interface Sheet {
  /** The centre's name (sys_config XT_ZXQC), printed above the title. */
  centre: string;
  title: string;
  /** The document's number, in the PDF's title (the rows print it too). */
  number: string;
  rows: ReadonlyArray<readonly [label: string, value: string]>;
  /** The verification code as stored (16 characters); printed in groups of four. */
  code: string;
  /** The public check with `?code=`: the QR leads there; the notes' last line names it without the code. */
  verifyUrl: string;
  /** Numbered notes in grey (the verification address is added as the last). */
  notes: readonly string[];
  /** What follows the centre's name at the foot: （电子回单）, （电子证明）. */
  issuer: string;
}

const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);
const LINE = rgb(0.55, 0.55, 0.55);
const SHADE = rgb(0.94, 0.95, 0.97);

/**
 * The sheet as a one-page A4 PDF: the centre, the title, the rows as a bordered table, the verification code, the
 * notes and the QR. Chinese in an embedded subset of Noto Sans SC (archive/font.ts).
 *
 * @example const bytes = await renderSheet({ centre, title: '住房公积金贷款结清证明', number, rows, code, verifyUrl, notes: [], issuer: '（电子证明）' })
 */
export async function renderSheet(s: Sheet): Promise<Uint8Array> {
  const footer = `验证码：${groupCode(s.code)}`;
  const notes = [...s.notes, `${s.notes.length + 1}. 核验网址：${s.verifyUrl.replace(/\?code=.*$/, '')}（输入验证码）`];
  const issuer = `${s.centre}${s.issuer}`;
  const allText = [s.centre, s.title, ...s.rows.flat(), footer, ...notes, '扫码核验', issuer].join('');
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${s.title} ${s.number}`);
  doc.setProducer('gjj-hall');
  const font = await doc.embedFont(await cjkSubset(allText), { subset: false });
  const page = doc.addPage(A4);
  const [w, h] = A4;
  const left = 56;
  const width = w - 2 * left;
  page.drawText(s.centre, { x: (w - font.widthOfTextAtSize(s.centre, 13)) / 2, y: h - 62, size: 13, font, color: GREY });
  page.drawText(s.title, { x: (w - font.widthOfTextAtSize(s.title, 22)) / 2, y: h - 96, size: 22, font, color: BLACK });
  let y = h - 126;
  const rowH = 24;
  const labelW = 110;
  for (const [label, value] of s.rows) {
    page.drawRectangle({ x: left, y: y - rowH, width, height: rowH, borderColor: LINE, borderWidth: 0.6 });
    page.drawRectangle({ x: left, y: y - rowH, width: labelW, height: rowH, color: SHADE, borderColor: LINE, borderWidth: 0.6 });
    page.drawText(label, { x: left + 8, y: y - 16, size: 11, font, color: BLACK });
    page.drawText(value, { x: left + labelW + 8, y: y - 16, size: 11, font, color: BLACK });
    y -= rowH;
  }
  y -= 30;
  const qrSize = 96;
  const qr = await doc.embedPng(await QRCode.toBuffer(s.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 300 }));
  page.drawText(footer, { x: left, y, size: 11, font, color: BLACK });
  let fy = y - 22;
  for (const note of notes) {
    for (const line of wrap(note, font, 8.5, width - qrSize - 24)) {
      page.drawText(line, { x: left, y: fy, size: 8.5, font, color: GREY });
      fy -= 13;
    }
  }
  const qx = w - left - qrSize;
  const qy = y - qrSize + 12;
  page.drawImage(qr, { x: qx, y: qy, width: qrSize, height: qrSize });
  page.drawText('扫码核验', { x: qx + (qrSize - font.widthOfTextAtSize('扫码核验', 9)) / 2, y: qy - 12, size: 9, font, color: GREY });
  page.drawText(issuer, { x: w - left - font.widthOfTextAtSize(issuer, 11), y: Math.min(fy, qy - 30) - 14, size: 11, font, color: BLACK });
  return doc.save();
}
