import { randomInt } from 'node:crypto';
import { formatMoney, maskIdCard } from '@gjj-hall/sdk/format';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/envelope';
import { ACCOUNT_STATUS_NAMES as RECORD_STATUS_NAMES, getAccount, isClosedStatus, type PersonalAccount } from '../records';
import { fenToYuan } from '../records/money';
import { monthsBetween, type CertificateParameters } from './parameters';

/** Personal account status in words (dictionary GRZHZT). */
export const ACCOUNT_STATUS_NAMES: Readonly<Record<string, string>> = RECORD_STATUS_NAMES;

/** What the certificate is for (用途): the page offers these; '' when the depositor names none. */
export const PURPOSES = Object.freeze(['租房', '购房', '贷款', '其他'] as const);
export type Purpose = (typeof PURPOSES)[number];

/**
 * The rules of issuing and checking a certificate in words (docs/api-personal.md › 缴存证明), each row tested in
 * certificate.test.ts.
 *
 * @example
 * throw new ApiError(400, CERTIFICATE_MESSAGES.tooLong(36)) // 缴存期间最长 36 个月，请缩短起止月份
 */
export const CERTIFICATE_MESSAGES = Object.freeze({
  /** Another login's account, or one that does not exist: the same answer (403), revealing nothing. */
  notYours: '无权为该账户出具缴存证明',
  /** Another login's certificate, or one that does not exist. */
  notYourCertificate: '无权查看或作废该缴存证明',
  closed: '该账户已销户，不能在网上出具缴存证明，请携带身份证件到住房公积金管理中心柜台办理',
  order: '起始月份不能晚于截止月份',
  future: '截止月份不能晚于本月',
  beforeOpening: (opening: string) => `起始月份不能早于开户月份（${opening}）`,
  tooLong: (max: number) => `缴存期间最长 ${max} 个月，请缩短起止月份`,
  tooMany: (max: number) => `每个账号每天最多出具 ${max} 份缴存证明，请明天再试`,
  alreadyRevoked: '该缴存证明已作废',
  /** The public page: one answer for a wrong code and an unknown one. */
  unknown: '验证码不存在，请核对后重新输入',
  revoked: '该缴存证明已作废',
  expired: '该缴存证明已过期',
  valid: '该缴存证明真实有效',
});

/** One month of the period: what was deposited for it (汇缴 and 补缴 for that month), 0 when nothing. */
export interface CertificateMonth {
  /** YYYY-MM */
  ny: string;
  amountFen: string;
}

/**
 * What a certificate says, frozen when it is issued (deposit_certificate.facts). Money in fen as text.
 *
 * @example
 * const bytes = await renderCertificate(facts as CertificateFacts)
 */
export interface CertificateFacts {
  zmbh: string;
  centre: string;
  xingming: string;
  /** Masked when frozen (spec 5.6, first 3 and last 4): the full number is never stored here. */
  zjhmMasked: string;
  grzh: string;
  grzhzt: string;
  grzhztmc: string;
  dwmc: string;
  kind: 'gr' | 'lhjy';
  khrq: string;
  jcjsFen: string;
  dwjcbl: string;
  grjcbl: string;
  yjceFen: string;
  balanceFen: string;
  from: string;
  to: string;
  months: CertificateMonth[];
  paidMonths: number;
  totalFen: string;
  purpose: Purpose | '';
  /** Centre date and time of issue, YYYY-MM-DD HH:mm:ss. */
  issuedAt: string;
  /** The last day it is valid, YYYY-MM-DD. */
  validUntil: string;
  code: string;
  verifyUrl: string;
}

/** The accounts of the signed-in login (every account of the persons its accounts name: 张三 holds two). */
export async function accountsOfLogin(q: Queryable, userId: string): Promise<PersonalAccount[]> {
  const rows = await q.query<{ grzh: string }>(
    `select a.grzh from personal_account a
      where a.zjhm in (select p.zjhm from user_account u join person_info p on p.account_id = u.id where u.user_id = $1)
      order by a.khrq, a.grzh`,
    [userId],
  );
  const out: PersonalAccount[] = [];
  for (const r of rows) {
    const account = await getAccount(q, r.grzh);
    if (account) out.push(account);
  }
  return out;
}

/** The login's account `grzh`, or 403 (the same for another's and for none). */
export async function ownAccount(q: Queryable, userId: string, grzh: string): Promise<PersonalAccount> {
  const [row] = await q.query<{ ok: boolean }>(
    `select true as ok from personal_account a
      where a.grzh = $2
        and a.zjhm in (select p.zjhm from user_account u join person_info p on p.account_id = u.id where u.user_id = $1)`,
    [userId, grzh],
  );
  const account = row ? await getAccount(q, grzh) : undefined;
  if (!account) throw new ApiError(403, CERTIFICATE_MESSAGES.notYours);
  return account;
}

/**
 * Checks the period against the account and the parameters; throws 400 with the row's message.
 *
 * @example
 * checkPeriod(account, '2025-12', '2026-11', '2026-11', CERTIFICATE_PARAMETERS)
 */
export function checkPeriod(account: Pick<PersonalAccount, 'khrq' | 'grzhzt'>, from: string, to: string, thisMonth: string, p: CertificateParameters): void {
  if (isClosedStatus(account.grzhzt)) throw new ApiError(400, CERTIFICATE_MESSAGES.closed);
  if (from > to) throw new ApiError(400, CERTIFICATE_MESSAGES.order);
  if (to > thisMonth) throw new ApiError(400, CERTIFICATE_MESSAGES.future);
  const opening = account.khrq.slice(0, 7);
  if (from < opening) throw new ApiError(400, CERTIFICATE_MESSAGES.beforeOpening(opening));
  if (monthsBetween(from, to) > p.maxPeriodMonths) throw new ApiError(400, CERTIFICATE_MESSAGES.tooLong(p.maxPeriodMonths));
}

/**
 * Each month from `from` to `to` with what was deposited for it (汇缴 01 and 补缴 02 whose period is that month), in
 * one query over the account's own journal rows (index journal_entry_account).
 */
export async function contributionMonths(q: Queryable, grzh: string, from: string, to: string): Promise<CertificateMonth[]> {
  return q.query<CertificateMonth>(
    `with paid as (
       select period, sum(amount_fen) as fen from journal_entry
        where account_no = $1 and kind in ('01', '02') and period between $2 and $3
        group by period)
     select to_char(m, 'YYYY-MM') as ny, coalesce(paid.fen, 0)::text as "amountFen"
       from generate_series(to_date($2, 'YYYYMM'), to_date($3, 'YYYYMM'), interval '1 month') m
       left join paid on paid.period = to_char(m, 'YYYYMM')
      order by m`,
    [grzh, from.replace('-', ''), to.replace('-', '')],
  );
}

// Crockford's base32 without I, L, O, U: nothing to misread when typed from paper.
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Characters of a verification code: 16 of 32 = 80 random bits. */
export const CODE_LENGTH = 16;

/**
 * A new verification code: 16 characters drawn by the CSPRNG from an unambiguous alphabet, unrelated to the
 * certificate's number.
 *
 * @example
 * newCode() // 'K7Q2M9XW4RT0ZB6H'
 */
export function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * A code as typed (spaces, dashes, lower case, O for 0, I and L for 1) in its stored form, or '' when it cannot be one.
 *
 * @example
 * normaliseCode('k7q2-m9xw 4rt0-zb6h') // 'K7Q2M9XW4RT0ZB6H'
 */
export function normaliseCode(typed: string): string {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return code.length === CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c)) ? code : '';
}

/** The code as printed: four groups of four. */
export function groupCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

/** Fen text as money: 9000.00 → 9,000.00. */
export const money = (fen: string | bigint): string => formatMoney(fenToYuan(fen));

/** `YYYY-MM` as 2026年11月. */
export const monthText = (ym: string): string => `${ym.slice(0, 4)}年${ym.slice(5, 7)}月`;

/** `YYYY-MM-DD` as 2026年11月26日. */
export const dateText = (d: string): string => `${d.slice(0, 4)}年${d.slice(5, 7)}月${d.slice(8, 10)}日`;

export { maskIdCard };
