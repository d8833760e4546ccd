import { maskName } from '@gjj-hall/sdk/format';
import { centreDate, centreDateTime } from '../../clock';
import type { Queryable } from '../../db/db';
import { RecordsError } from '../../records';
import { UNIT_ACCOUNT_STATUS, UNIT_ACCOUNT_STATUS_NAMES, type UnitAccountStatus } from '../../records/kinds';
import { dateText, groupCode, money, newCode } from '../../certificate/facts';
import { CERTIFICATE_PARAMETERS, validUntil } from '../../certificate/parameters';
import type { CertificateLayout } from '../../certificate/pdf';
import { buttonRule } from './buttons';
import { defineBusiness, type BusinessRule } from '../types';
import { GUIDE_COMMON, today, typed, UNIT_ACCOUNT_RULE, unitFor, unitOf, type ApplicantUnit } from './common';
import { remittanceSummary } from './remittance';

/**
 * GJ0209 单位缴存证明开具 (/dwwt/jcyw/kjdwjc_zm): the unit's deposit certificate. Completes at once: the completion
 * freezes the unit's facts (name, account, status, opened date, employees with an open account, 缴至年月, the last
 * remittance paid, the monthly remittance) in `unit_certificate` with a number from a sequence and a random
 * verification code, in the transaction of the status. The PDF is drawn from the frozen facts by the certificate
 * module's layout (certificate/pdf.ts, in the worker pool); anyone shown it checks it on the public page
 * /dwjczmVerify (routes in unit-certificate-routes.ts).
 */

/** What the certificate is for (用途); '' when the unit names none. */
export const UNIT_CERTIFICATE_PURPOSES = Object.freeze(['招投标', '资质审核', '银行业务', '其他'] as const);
export type UnitCertificatePurpose = (typeof UNIT_CERTIFICATE_PURPOSES)[number];

export interface Gj0209Payload {
  yt?: UnitCertificatePurpose | '';
}

/**
 * The unit certificate's own parameters (docs/api-unit-business.md › 单位缴存证明); the validity, the per-day count
 * and the public check's rate are the personal certificate's rows (certificate/parameters.ts), read from there.
 *
 * | row | value | why |
 * |---|---|---|
 * | paidUpToLagMonths | 1 | the unit has arrears (欠缴) when its 缴至年月 is more than this many months before this month: in December the November remittance must be paid (条例 第十九条: within 5 days of the pay day), December's may still be open |
 */
export const UNIT_CERTIFICATE_PARAMETERS = Object.freeze({ paidUpToLagMonths: 1 });

/** The title on the unit's certificate. */
export const UNIT_CERTIFICATE_TITLE = '单位住房公积金缴存证明';

/** The public check page of the hall; the QR and the printed address lead here with `?code=`. */
export const UNIT_VERIFY_ROUTE = '/dwjczmVerify';

/** YYYYMM `months` months before the month of `date` (YYYY-MM-DD). */
export function monthsBefore(date: string, months: number): string {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 - months;
  return `${Math.floor(index / 12)}${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Whether the unit has arrears at centre date `date`: no remittance yet, or 缴至年月 before the month the lag allows. */
export function hasArrears(unit: Pick<ApplicantUnit, 'jzny'>, date: string, lag: number = UNIT_CERTIFICATE_PARAMETERS.paidUpToLagMonths): boolean {
  return !unit.jzny || unit.jzny < monthsBefore(date, lag);
}

/** Month text of YYYYMM: 2026年11月. */
export const periodText = (p: string | null | undefined): string => (p ? `${p.slice(0, 4)}年${p.slice(4, 6)}月` : '—');

/** Messages of the certificate (rule rows and the public check). */
export const UNIT_CERTIFICATE_MESSAGES = Object.freeze({
  notNormal: (status: string) => `单位账户状态为“${status}”，不能出具单位缴存证明`,
  arrears: '单位有欠缴的住房公积金，不能出具单位缴存证明，请先办理汇缴或补缴',
  tooMany: (max: number) => `每个单位每天最多出具 ${max} 份单位缴存证明，请明天再试`,
  notYours: '当前操作没有权限，请联系管理员授权',
  unknown: '验证码不存在，请核对后重新输入',
  revoked: '该单位缴存证明已作废',
  expired: '该单位缴存证明已过期',
  valid: '该单位缴存证明真实有效',
});

/** What a unit certificate says, frozen when it is issued (unit_certificate.facts). Money in fen as text. */
export interface UnitCertificateFacts {
  zmbh: string;
  code: string;
  centre: string;
  dwmc: string;
  dwzh: string;
  dwzhzt: string;
  dwzhztmc: string;
  /** YYYY-MM-DD */
  khrq: string;
  /** Employee accounts of the unit not closed (正常, 封存 …). */
  openEmployees: number;
  /** Of them, paying (正常). */
  payingEmployees: number;
  dwjcbl: string;
  grjcbl: string;
  /** 缴至年月 YYYYMM, null before the first remittance. */
  jzny: string | null;
  /** The last remittance paid (the newest month's payment): month, date, amount. */
  lastPeriod: string | null;
  lastPaidOn: string | null;
  lastAmountFen: string;
  /** The month's remittance as the employees' bases and ratios make it now (the next list's total). */
  monthlyFen: string;
  purpose: UnitCertificatePurpose | '';
  /** Centre date and time of issue. */
  issuedAt: string;
  validUntil: string;
}

/** Reads the unit's facts now (the page's preview, and the completion's freeze inside its transaction). */
export async function unitFacts(q: Queryable, unit: ApplicantUnit): Promise<Omit<UnitCertificateFacts, 'zmbh' | 'code' | 'centre' | 'purpose' | 'issuedAt' | 'validUntil'>> {
  const [counts] = await q.query<{ open: number; paying: number }>(
    `select count(*) filter (where grzhzt not in ('03', '04', '05'))::int as open, count(*) filter (where grzhzt = '01')::int as paying
       from personal_account where dwzh = $1 and kind = 'gr'`,
    [unit.dwzh],
  );
  const [last] = await q.query<{ period: string; paid_on: string; total_fen: string }>(
    `select period, to_char(paid_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as paid_on, total_fen::text as total_fen
       from unit_remittance where dwzh = $1 order by period desc, paid_at desc limit 1`,
    [unit.dwzh],
  );
  const summary = await remittanceSummary(q, unit.dwzh);
  return {
    dwmc: unit.dwmc,
    dwzh: unit.dwzh,
    dwzhzt: unit.dwzhzt,
    dwzhztmc: UNIT_ACCOUNT_STATUS_NAMES[unit.dwzhzt as UnitAccountStatus] ?? unit.dwzhzt,
    khrq: unit.khrq,
    openEmployees: Number(counts?.open ?? 0),
    payingEmployees: Number(counts?.paying ?? 0),
    dwjcbl: unit.dwjcbl,
    grjcbl: unit.grjcbl,
    jzny: unit.jzny,
    lastPeriod: last?.period ?? null,
    lastPaidOn: last?.paid_on ?? null,
    lastAmountFen: last?.total_fen ?? '0',
    monthlyFen: String(summary.totalFen),
  };
}

/** The paragraph the certificate states. */
export function unitStatement(f: UnitCertificateFacts): string {
  const purpose = f.purpose ? `，用于${f.purpose}` : '';
  return (
    `兹证明 ${f.dwmc}（单位账号 ${f.dwzh}）自${dateText(f.khrq)}起在${f.centre}缴存住房公积金，单位账户状态${f.dwzhztmc}，` +
    `现有未销户的职工个人账户 ${f.openEmployees} 个（正常缴存 ${f.payingEmployees} 人），住房公积金已缴至${periodText(f.jzny)}，` +
    `月汇缴额 ${money(f.monthlyFen)} 元，截至${dateText(f.issuedAt.slice(0, 10))}无欠缴${purpose}。特此证明。`
  );
}

/** The certificate's page, drawn by the certificate module (certificate/pdf.ts › renderCertificateLayout). */
export function unitCertificateLayout(f: UnitCertificateFacts, verifyUrl: string): CertificateLayout {
  return {
    centre: f.centre,
    title: UNIT_CERTIFICATE_TITLE,
    zmbh: f.zmbh,
    rows: [
      ['单位名称', f.dwmc],
      ['单位账号', f.dwzh],
      ['账户状态', f.dwzhztmc],
      ['开户日期', dateText(f.khrq)],
      ['职工人数', `${f.openEmployees} 人（正常缴存 ${f.payingEmployees} 人）`],
      ['缴存比例', `单位 ${Number(f.dwjcbl)}% / 个人 ${Number(f.grjcbl)}%`],
      ['缴至年月', periodText(f.jzny)],
      ['月汇缴额', `${money(f.monthlyFen)} 元`],
      ['末次缴款', f.lastPeriod ? `${periodText(f.lastPeriod)}（${f.lastPaidOn ?? ''}）` : '—'],
      ['末次金额', `${money(f.lastAmountFen)} 元`],
    ],
    statement: unitStatement(f),
    footer: [`出具日期：${dateText(f.issuedAt.slice(0, 10))}`, `有效期至：${dateText(f.validUntil)}`, `验证码：${groupCode(f.code)}`, `证明编号：${f.zmbh}`],
    notes: [
      '1. 本证明由网上业务大厅出具，仅证明出具时单位的住房公积金缴存情况，有效期内可凭验证码或扫描二维码核验真伪。',
      '2. 本证明经单位作废或超过有效期后即失效，核验页面将如实显示。',
      `3. 核验网址：${verifyUrl.replace(/\?code=.*$/, '')}（输入验证码）`,
    ],
    verifyUrl,
  };
}

/** What the public check shows of a valid certificate: the frozen facts, the unit's name and account masked. */
export function publicFacts(f: UnitCertificateFacts) {
  return {
    zmbh: f.zmbh,
    // As the personal check masks a name: the first character stays (示**********).
    dwmc: maskName(f.dwmc),
    dwzh: `${f.dwzh.slice(0, 4)}****${f.dwzh.slice(-4)}`,
    dwzhztmc: f.dwzhztmc,
    khrq: f.khrq,
    openEmployees: f.openEmployees,
    jzny: f.jzny ?? '',
    monthly: money(f.monthlyFen),
    issuedDate: f.issuedAt.slice(0, 10),
    validUntil: f.validUntil,
    purpose: f.purpose,
  };
}

/** The rule table of GJ0209 (docs/api-unit-business.md › 单位缴存证明), in the order it is checked. */
export const GJ0209_RULES: ReadonlyArray<BusinessRule<Gj0209Payload>> = [
  buttonRule<Gj0209Payload>('GJ0209'),
  typed(UNIT_ACCOUNT_RULE),
  {
    name: 'unit-normal',
    description: '单位账户状态为“正常”（开户、缓缴、封存、销户的单位不出具）',
    msg: UNIT_CERTIFICATE_MESSAGES.notNormal('封存'),
    atOpen: true,
    async message(ctx) {
      const unit = await unitFor(ctx);
      return UNIT_CERTIFICATE_MESSAGES.notNormal(unit ? (UNIT_ACCOUNT_STATUS_NAMES[unit.dwzhzt] ?? unit.dwzhzt) : '');
    },
    holds: async (ctx) => {
      const unit = await unitFor(ctx);
      return !unit || unit.dwzhzt === UNIT_ACCOUNT_STATUS.normal;
    },
  },
  {
    name: 'no-arrears',
    description: `单位没有欠缴：缴至年月不早于本月之前 paidUpToLagMonths 个月（默认 ${UNIT_CERTIFICATE_PARAMETERS.paidUpToLagMonths}：12 月须已缴至 11 月）`,
    msg: UNIT_CERTIFICATE_MESSAGES.arrears,
    param: 'UNIT_CERTIFICATE_PARAMETERS.paidUpToLagMonths',
    atOpen: true,
    holds: async (ctx) => {
      const unit = await unitFor(ctx);
      return !unit || !hasArrears(unit, today(ctx));
    },
  },
  {
    name: 'per-day',
    description: `每个单位每个中心日至多出具 issuePerDay 份（默认 ${CERTIFICATE_PARAMETERS.issuePerDay}，与个人缴存证明同一行）`,
    msg: UNIT_CERTIFICATE_MESSAGES.tooMany(CERTIFICATE_PARAMETERS.issuePerDay),
    param: 'CERTIFICATE_PARAMETERS.issuePerDay',
    atOpen: true,
    holds: async (ctx) => {
      const unit = await unitFor(ctx);
      if (!unit) return true;
      const [row] = await ctx.q.query<{ n: number }>(
        `select count(*)::int as n from unit_certificate where dwzh = $1 and issued_at >= ($2::date::timestamp at time zone 'Asia/Shanghai')`,
        [unit.dwzh, today(ctx)],
      );
      return Number(row?.n ?? 0) < CERTIFICATE_PARAMETERS.issuePerDay;
    },
  },
];

export const gj0209 = defineBusiness<Gj0209Payload>({
  ywlx: 'GJ0209',
  ywmc: '单位缴存证明开具',
  area: 'unit',
  loginTypes: [2],
  timeLimitDays: 1,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      yt: { type: 'string', enum: ['', ...UNIT_CERTIFICATE_PURPOSES], description: '证明用途', 'x-msg': `证明用途只能是${UNIT_CERTIFICATE_PURPOSES.join('、')}` },
    },
  },
  rules: GJ0209_RULES,
  guide: {
    ...GUIDE_COMMON,
    bjsj: '即时办结',
    xzdy: '单位在网上业务大厅出具本单位的住房公积金缴存证明（电子证明，附验证码和二维码），供招投标、资质审核等使用。',
    sltj: '1. 单位账户状态正常；2. 单位没有欠缴的住房公积金（上月及以前的月份均已汇缴）。',
    sqcl: '无需材料。',
    bllc: '1. 阅读办理须知并同意；2. 核对单位的缴存情况，选择证明用途；3. 提交后即时出具，下载 PDF。',
    bljg: `出具单位住房公积金缴存证明，自出具之日起 ${CERTIFICATE_PARAMETERS.validMonths} 个月内可凭验证码在“单位缴存证明核验”页面核验。`,
    bz: '',
  },
  materials: [],
  notice:
    '一、证明内容为出具时单位的住房公积金缴存情况。\n' +
    '二、单位账户状态不是正常或有欠缴的，不能出具。\n' +
    `三、证明自出具之日起 ${CERTIFICATE_PARAMETERS.validMonths} 个月内有效，查验人可凭验证码或扫描二维码核验真伪。`,
  automatic: { description: '条件全部满足，即时出具', decide: () => 'complete' },
  async complete({ tx, at, application }) {
    const unit = await unitOf(tx, { accountId: application.accountId });
    if (!unit) throw new RecordsError('单位账户不存在');
    const date = centreDate(at);
    const [centre] = await tx.query<{ value: string }>(`select value from sys_config where key = 'XT_ZXQC'`);
    const [seq] = await tx.query<{ n: string }>(`select nextval('unit_certificate_no')::text as n`);
    const zmbh = `DWJCZM${date.replace(/-/g, '')}${(seq?.n ?? '0').padStart(6, '0')}`;
    const facts: UnitCertificateFacts = {
      zmbh,
      code: newCode(),
      centre: centre?.value || '住房公积金管理中心',
      ...(await unitFacts(tx, unit)),
      purpose: application.payload.yt ?? '',
      issuedAt: centreDateTime(at),
      validUntil: validUntil(date, CERTIFICATE_PARAMETERS.validMonths),
    };
    await tx.query(
      `insert into unit_certificate (zmbh, code, ywbh, dwzh, issued_at, valid_until, facts) values ($1, $2, $3, $4, $5, $6, $7)`,
      [zmbh, facts.code, application.ywbh, unit.dwzh, at, facts.validUntil, JSON.stringify(facts)],
    );
  },
});
