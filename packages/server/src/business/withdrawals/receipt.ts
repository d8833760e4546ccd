import { PDFDocument, rgb } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import QRCode from 'qrcode';
import { maskBankCard, maskIdCard } from '@gjj-hall/sdk/format';
import type { Queryable } from '../../db/db';
import { cjkSubset } from '../../archive/font';
import { A4, wrap } from '../../archive/pdf';
import { dateText, groupCode, money, newCode } from '../../certificate/facts';
import { centreDateTime } from '../../clock';
import { WITHDRAWAL_REASONS, type WithdrawalReason } from '../../records';

/** The title every receipt carries. */
export const RECEIPT_TITLE = '住房公积金提取回单';

/** The hall's public page that checks a receipt; the QR and the printed text lead here with `?code=`. */
export const RECEIPT_VERIFY_ROUTE = '/tqhdVerify';

/**
 * What a withdrawal receipt says, frozen at completion (withdrawal.receipt). Money in fen as text; the ID number and
 * the card are masked when frozen, never stored whole here.
 */
export interface ReceiptFacts {
  hdbh: string;
  centre: string;
  ywmc: string;
  tqyy: WithdrawalReason;
  tqyymc: string;
  xingming: string;
  zjhmMasked: string;
  grzh: string;
  /** What was paid to the card (a closing kind: balance and interest). */
  amountFen: string;
  /** 销户结息 paid with it (closing kinds), '0' otherwise. */
  interestFen: string;
  closing: boolean;
  skyhmc: string;
  skzhMasked: string;
  /** 记账日期 YYYY-MM-DD and the completion time YYYY-MM-DD HH:mm:ss. */
  paidOn: string;
  completedAt: string;
}

/** Freezes the receipt of a completed withdrawal, in the completion's transaction; returns its code. */
export async function freezeReceipt(
  tx: Queryable,
  w: { ywbh: string; ywmc: string; tqyy: WithdrawalReason; closing: boolean; grzh: string; skyhmc: string; skzh: string },
  paid: { amountFen: bigint; interestFen: bigint; paidOn: string; at: Date },
): Promise<string> {
  const [person] = await tx.query<{ xingming: string; zjhm: string }>('select xingming, zjhm from personal_account where grzh = $1', [w.grzh]);
  const [centre] = await tx.query<{ value: string }>(`select value from sys_config where key = 'XT_ZXQC'`);
  const facts: ReceiptFacts = {
    hdbh: w.ywbh,
    centre: centre?.value || '住房公积金管理中心',
    ywmc: w.ywmc,
    tqyy: w.tqyy,
    tqyymc: WITHDRAWAL_REASONS[w.tqyy],
    xingming: person?.xingming ?? '',
    zjhmMasked: maskIdCard(person?.zjhm ?? ''),
    grzh: w.grzh,
    amountFen: String(paid.amountFen),
    interestFen: String(paid.interestFen),
    closing: w.closing,
    skyhmc: w.skyhmc,
    skzhMasked: maskBankCard(w.skzh),
    paidOn: paid.paidOn,
    completedAt: centreDateTime(paid.at),
  };
  const code = newCode();
  await tx.query('update withdrawal set receipt = $2, receipt_code = $3 where ywbh = $1', [w.ywbh, JSON.stringify(facts), code]);
  return code;
}

const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);
const LINE = rgb(0.55, 0.55, 0.55);
const SHADE = rgb(0.94, 0.95, 0.97);

/** The receipt's rows: label and value. */
export function receiptRows(f: ReceiptFacts): [string, string][] {
  return [
    ['业务编号', f.hdbh],
    ['提取业务', f.ywmc],
    ['提取原因', f.tqyymc],
    ['姓名', f.xingming],
    ['证件号码', f.zjhmMasked],
    ['个人账号', f.grzh],
    ['提取金额', `${money(f.amountFen)} 元`],
    ...(f.closing ? ([['其中销户利息', `${money(f.interestFen)} 元`], ['账户状态', '已销户（提取销户）']] as [string, string][]) : []),
    ['收款银行', f.skyhmc],
    ['收款账号', f.skzhMasked],
    ['记账日期', dateText(f.paidOn)],
    ['办结时间', f.completedAt],
  ];
}

/**
 * The receipt as a one-page A4 PDF: the centre, the title, the rows, the verification code and its QR (the public
 * check). Chinese in an embedded subset of Noto Sans SC, as the deposit certificate (certificate/pdf.ts).
 */
export async function renderReceipt(f: ReceiptFacts, code: string, verifyUrl: string): Promise<Uint8Array> {
  const rows = receiptRows(f);
  const grouped = groupCode(code);
  const notes = [
    '1. 本回单由网上业务大厅根据办结时的记录生成，可凭验证码或扫描二维码核验真伪。',
    '2. 资金划入收款账户的时间以银行处理为准。',
    `3. 核验网址：${verifyUrl.replace(/\?code=.*$/, '')}（输入验证码）`,
  ];
  const footer = `验证码：${grouped}`;
  const allText = [f.centre, RECEIPT_TITLE, ...rows.flat(), footer, ...notes, '扫码核验', '（电子回单）'].join('');
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${RECEIPT_TITLE} ${f.hdbh}`);
  doc.setProducer('gjj-hall');
  const font = await doc.embedFont(await cjkSubset(allText), { subset: false });
  const page = doc.addPage(A4);
  const [w, h] = A4;
  const left = 56;
  const width = w - 2 * left;
  page.drawText(f.centre, { x: (w - font.widthOfTextAtSize(f.centre, 13)) / 2, y: h - 62, size: 13, font, color: GREY });
  page.drawText(RECEIPT_TITLE, { x: (w - font.widthOfTextAtSize(RECEIPT_TITLE, 22)) / 2, y: h - 96, size: 22, font, color: BLACK });
  let y = h - 126;
  const rowH = 24;
  const labelW = 110;
  for (const [label, value] of rows) {
    page.drawRectangle({ x: left, y: y - rowH, width, height: rowH, borderColor: LINE, borderWidth: 0.6 });
    page.drawRectangle({ x: left, y: y - rowH, width: labelW, height: rowH, color: SHADE, borderColor: LINE, borderWidth: 0.6 });
    page.drawText(label, { x: left + 8, y: y - 16, size: 11, font, color: BLACK });
    page.drawText(value, { x: left + labelW + 8, y: y - 16, size: 11, font, color: BLACK });
    y -= rowH;
  }
  y -= 30;
  const qrSize = 96;
  const qr = await doc.embedPng(await QRCode.toBuffer(verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 300 }));
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
  const issuer = `${f.centre}（电子回单）`;
  page.drawText(issuer, { x: w - left - font.widthOfTextAtSize(issuer, 11), y: Math.min(fy, qy - 30) - 14, size: 11, font, color: BLACK });
  return doc.save();
}
