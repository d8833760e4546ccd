import { maskBankCard, maskIdCard } from '@gjj-hall/sdk/format';
import type { Queryable } from '../../db/db';
import { dateText, money, newCode } from '../../certificate/facts';
import { renderSheet } from '../../certificate/sheet';
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
 * The receipt as a one-page A4 PDF (certificate/sheet.ts, the layout the loan settlement certificate shares): the
 * centre, the title, the rows, the verification code and its QR (the public check).
 */
export function renderReceipt(f: ReceiptFacts, code: string, verifyUrl: string): Promise<Uint8Array> {
  return renderSheet({
    centre: f.centre,
    title: RECEIPT_TITLE,
    number: f.hdbh,
    rows: receiptRows(f),
    code,
    verifyUrl,
    notes: ['1. 本回单由网上业务大厅根据办结时的记录生成，可凭验证码或扫描二维码核验真伪。', '2. 资金划入收款账户的时间以银行处理为准。'],
    issuer: '（电子回单）',
  });
}
