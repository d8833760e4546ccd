import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import QRCode from 'qrcode';
import { cjkSubset } from '../archive/font';
import { A4, wrap } from '../archive/pdf';
import { dateText, groupCode, money, monthText, type CertificateFacts } from './facts';

/** The title every certificate carries. */
export const CERTIFICATE_TITLE = '住房公积金缴存证明';

const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);
const LINE = rgb(0.55, 0.55, 0.55);
const SHADE = rgb(0.94, 0.95, 0.97);

/** The rows of the account's facts, two to a line: label and value. */
function factRows(f: CertificateFacts): [string, string][] {
  return [
    ['姓名', f.xingming],
    ['证件号码', f.zjhmMasked],
    ['个人账号', f.grzh],
    ['账户状态', f.grzhztmc],
    ['单位名称', f.kind === 'lhjy' ? '灵活就业人员（个人缴存）' : f.dwmc || '—'],
    ['开户日期', dateText(f.khrq)],
    ['缴存基数', `${money(f.jcjsFen)} 元`],
    ['缴存比例', `单位 ${Number(f.dwjcbl)}% / 个人 ${Number(f.grjcbl)}%`],
    ['月缴存额', `${money(f.yjceFen)} 元`],
    ['账户余额', `${money(f.balanceFen)} 元`],
  ];
}

/** The paragraph that states what the certificate proves. */
export function certificateStatement(f: CertificateFacts): string {
  const count = f.months.length;
  const purpose = f.purpose ? `，用于${f.purpose}` : '';
  return (
    `兹证明 ${f.xingming}（证件号码 ${f.zjhmMasked}）在${f.centre}缴存住房公积金，个人账号 ${f.grzh}，账户状态${f.grzhztmc}。` +
    `${monthText(f.from)}至${monthText(f.to)}共 ${count} 个月，已缴存 ${f.paidMonths} 个月，缴存额合计 ${money(f.totalFen)} 元；` +
    `截至${dateText(f.issuedAt.slice(0, 10))}账户余额 ${money(f.balanceFen)} 元${purpose}。特此证明。`
  );
}

const NOTES = [
  '1. 本证明由网上业务大厅出具，仅证明出具时的住房公积金缴存情况，有效期内可凭验证码或扫描二维码核验真伪。',
  '2. 本证明经出具人作废或超过有效期后即失效，核验页面将如实显示。',
  '3. “未缴存”表示该月无汇缴或补缴记录。',
];

/**
 * What one certificate page shows, whoever holds it (the personal 缴存证明 here, the unit's 单位缴存证明 in
 * business/units/gj0209.ts): the head, a grid of facts two to a line, the statement, an optional table of months,
 * the foot (date, code, number), the notes and the QR of the public check.
 */
export interface CertificateLayout {
  centre: string;
  title: string;
  zmbh: string;
  rows: [string, string][];
  statement: string;
  /** The contribution months and their heading; none on a certificate without them. */
  months?: { heading: string; list: CertificateFacts['months'] };
  footer: string[];
  notes: string[];
  verifyUrl: string;
}

/**
 * The certificate as a one-page A4 PDF (docs/api-personal.md › 缴存证明): the centre's name, the title, the holder
 * and the account, the statement, the contribution months as a table (three columns of month and amount; a month
 * without remittance says 未缴存), the issue date, valid until, the verification code and its QR (the public
 * verification page). Chinese in an embedded subset of Noto Sans SC (archive/font.ts).
 *
 * @example
 * const bytes = await renderCertificate(facts)
 */
export async function renderCertificate(f: CertificateFacts): Promise<Uint8Array> {
  const code = groupCode(f.code);
  return renderCertificateLayout({
    centre: f.centre,
    title: CERTIFICATE_TITLE,
    zmbh: f.zmbh,
    rows: factRows(f),
    statement: certificateStatement(f),
    months: { heading: '缴存月份明细', list: f.months },
    footer: [`出具日期：${dateText(f.issuedAt.slice(0, 10))}`, `有效期至：${dateText(f.validUntil)}`, `验证码：${code}`, `证明编号：${f.zmbh}`],
    // Where to type the code by hand: the QR's address without the code.
    notes: [...NOTES, `4. 核验网址：${f.verifyUrl.replace(/\?code=.*$/, '')}（输入验证码）`],
    verifyUrl: f.verifyUrl,
  });
}

/**
 * Draws a certificate's layout on one A4 page (the personal and the unit certificate alike).
 *
 * @example
 * const bytes = await renderCertificateLayout({ centre, title: '单位住房公积金缴存证明', zmbh, rows, statement, footer, notes, verifyUrl })
 */
export async function renderCertificateLayout(l: CertificateLayout): Promise<Uint8Array> {
  const { rows, statement, footer, notes } = l;
  const months = l.months?.list ?? [];
  const monthLabels = months.map((m) => monthText(m.ny));
  const allText = [l.centre, l.title, statement, ...rows.flat(), ...footer, ...notes, ...monthLabels, l.months?.heading ?? '', '月份', '缴存额（元）', '未缴存', '扫码核验', '（电子证明）', '…', l.verifyUrl].join('');

  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${l.title} ${l.zmbh}`);
  doc.setSubject(`${l.centre} ${l.title}`);
  doc.setProducer('gjj-hall');
  const font = await doc.embedFont(await cjkSubset(allText), { subset: false });
  const page = doc.addPage(A4);
  const [w, h] = A4;
  const left = 56;
  const width = w - 2 * left;

  // Head: the centre, the title, the number.
  const centreSize = 13;
  page.drawText(l.centre, { x: (w - font.widthOfTextAtSize(l.centre, centreSize)) / 2, y: h - 62, size: centreSize, font, color: GREY });
  const titleSize = 22;
  page.drawText(l.title, { x: (w - font.widthOfTextAtSize(l.title, titleSize)) / 2, y: h - 96, size: titleSize, font, color: BLACK });
  const no = `证明编号：${l.zmbh}`;
  page.drawText(no, { x: w - left - font.widthOfTextAtSize(no, 9.5), y: h - 120, size: 9.5, font, color: GREY });

  // The account's facts: a bordered grid, two pairs to a line.
  let y = h - 132;
  const rowH = 22;
  const labelW = 70;
  const half = width / 2;
  for (let i = 0; i < rows.length; i += 2) {
    page.drawRectangle({ x: left, y: y - rowH, width, height: rowH, borderColor: LINE, borderWidth: 0.6 });
    for (let j = 0; j < 2; j += 1) {
      const row = rows[i + j];
      if (!row) continue;
      const x = left + j * half;
      page.drawRectangle({ x, y: y - rowH, width: labelW, height: rowH, color: SHADE, borderColor: LINE, borderWidth: 0.6 });
      page.drawText(row[0], { x: x + 8, y: y - 15, size: 10.5, font, color: BLACK });
      page.drawText(fit(row[1], font, 10.5, half - labelW - 12), { x: x + labelW + 6, y: y - 15, size: 10.5, font, color: BLACK });
    }
    y -= rowH;
  }

  // The statement.
  y -= 22;
  for (const line of wrap(`\u3000\u3000${statement}`, font, 11, width)) {
    page.drawText(line, { x: left, y, size: 11, font, color: BLACK });
    y -= 18;
  }

  // The months: three column groups of (month, amount).
  if (l.months) {
    y -= 6;
    page.drawText(l.months.heading, { x: left, y, size: 11.5, font, color: BLACK });
    y -= 8;
    drawMonths(page, font, months, left, y, width);
    const perColumn = Math.ceil(months.length / 3);
    y -= (perColumn + 1) * 16 + 16;
  } else {
    y -= 16;
  }

  // Foot: notes on the left, the QR on the right.
  const qrSize = 96;
  const qr = await doc.embedPng(await QRCode.toBuffer(l.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 300 }));
  const footTop = Math.min(y, 250);
  let fy = footTop;
  for (const line of footer) {
    page.drawText(line, { x: left, y: fy, size: 11, font, color: BLACK });
    fy -= 18;
  }
  fy -= 6;
  for (const note of notes) {
    for (const line of wrap(note, font, 8.5, width - qrSize - 24)) {
      page.drawText(line, { x: left, y: fy, size: 8.5, font, color: GREY });
      fy -= 13;
    }
  }
  const qx = w - left - qrSize;
  const qy = footTop - qrSize + 12;
  page.drawImage(qr, { x: qx, y: qy, width: qrSize, height: qrSize });
  const caption = '扫码核验';
  page.drawText(caption, { x: qx + (qrSize - font.widthOfTextAtSize(caption, 9)) / 2, y: qy - 12, size: 9, font, color: GREY });
  // The issuer, under the notes.
  const issuer = `${l.centre}（电子证明）`;
  page.drawText(issuer, { x: w - left - font.widthOfTextAtSize(issuer, 11), y: Math.min(fy, qy - 30) - 14, size: 11, font, color: BLACK });
  return doc.save();
}

function drawMonths(page: PDFPage, font: PDFFont, months: CertificateFacts['months'], left: number, top: number, width: number): void {
  const groups = 3;
  const perColumn = Math.ceil(months.length / groups);
  const groupW = width / groups;
  const rowH = 16;
  const monthW = groupW * 0.48;
  for (let g = 0; g < groups; g += 1) {
    const x = left + g * groupW;
    const slice = months.slice(g * perColumn, (g + 1) * perColumn);
    if (slice.length === 0 && g > 0) continue;
    page.drawRectangle({ x, y: top - rowH, width: groupW, height: rowH, color: SHADE, borderColor: LINE, borderWidth: 0.5 });
    page.drawText('月份', { x: x + 6, y: top - 12, size: 9.5, font, color: BLACK });
    const head = '缴存额（元）';
    page.drawText(head, { x: x + groupW - 6 - font.widthOfTextAtSize(head, 9.5), y: top - 12, size: 9.5, font, color: BLACK });
    slice.forEach((m, i) => {
      const ry = top - rowH * (i + 2);
      page.drawRectangle({ x, y: ry, width: groupW, height: rowH, borderColor: LINE, borderWidth: 0.5 });
      page.drawLine({ start: { x: x + monthW, y: ry }, end: { x: x + monthW, y: ry + rowH }, thickness: 0.5, color: LINE });
      page.drawText(monthText(m.ny), { x: x + 6, y: ry + 4.5, size: 9.5, font, color: BLACK });
      const paid = BigInt(m.amountFen) > 0n;
      const text = paid ? money(m.amountFen) : '未缴存';
      page.drawText(text, { x: x + groupW - 6 - font.widthOfTextAtSize(text, 9.5), y: ry + 4.5, size: 9.5, font, color: paid ? BLACK : GREY });
    });
  }
}

/** `text` cut to fit `width` with an ellipsis (a long unit name in a grid cell). */
function fit(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let out = text;
  while (out && font.widthOfTextAtSize(`${out}…`, size) > width) out = out.slice(0, -1);
  return `${out}…`;
}
