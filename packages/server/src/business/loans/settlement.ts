import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maskBankCard, maskIdCard, maskName } from '@gjj-hall/sdk/format';
import type { Db, Queryable } from '../../db/db';
import { centreDate, centreDateTime } from '../../clock';
import { ApiError, ok } from '../../http/envelope';
import { object, okAnswer, STRING, BOOLEAN, NULLABLE_STRING } from '../../http/answers';
import { fileAnswer } from '../../http/openapi';
import { createRateLimiter, limitByAddress } from '../../auth/rate-limit';
import { contentDisposition } from '../../archive/routes';
import { dateText, groupCode, money, newCode, normaliseCode } from '../../certificate/facts';
import { renderSheet } from '../../certificate/sheet';
import { ZHFW_PREFIX } from '../../routes/shell';
import { REPAYMENT_METHODS, LOAN_STATUS } from './params';
import type { LoanRecord } from './ledger';

/**
 * 结清证明 (issue 38 item 7; docs/api-loans.md › 结清证明): once a loan is settled (status 3 结清, spec 3.11) its
 * borrower (or co-borrower) gets a settlement certificate, issued once per loan from facts frozen at issue
 * (loan_settlement_certificate.facts), drawn as a PDF by the certificate module's sheet (certificate/sheet.ts) with its
 * verification code (certificate/facts.ts newCode) and QR leading to the hall's public check `#/dkjqzmVerify?code=`.
 * While the loan is not settled it is refused with {@link SETTLEMENT_MESSAGES.notSettled}.
 */

export const SETTLEMENT_TITLE = '住房公积金贷款结清证明';
/** The hall's public check; the QR and the printed address lead here with `?code=`. */
export const SETTLEMENT_VERIFY_ROUTE = '/dkjqzmVerify';
/** Public checks a minute per client address (429 beyond), as the withdrawal receipt's. */
export const SETTLEMENT_VERIFY_PER_MINUTE = 10;

export const SETTLEMENT_MESSAGES = Object.freeze({
  notSettled: '该笔贷款尚未结清，结清后才能出具结清证明',
  unknown: '验证码不存在，请核对后重新输入',
  valid: '该结清证明真实有效',
});

/** What a settlement certificate says, frozen at issue. Money in fen as text; the ID number masked when frozen. */
export interface SettlementFacts {
  zmbh: string;
  centre: string;
  xingming: string;
  zjhmMasked: string;
  jkhtbh: string;
  dkzh: string;
  amountFen: string;
  /** The loan's term as it ran (after prepayments and changes), kept with the facts; not printed. */
  months: number;
  hkfsmc: string;
  /** 放款日期, 结清日期 and the issue time (centre time, YYYY-MM-DD HH:mm:ss). */
  issueDate: string;
  settledDate: string;
  issuedAt: string;
}

/** The certificate's rows (label, value), as printed. */
export function settlementRows(f: SettlementFacts): Array<[string, string]> {
  return [
    ['证明编号', f.zmbh],
    ['借款人', f.xingming],
    ['证件号码', f.zjhmMasked],
    ['借款合同编号', f.jkhtbh],
    ['贷款账号', f.dkzh],
    ['贷款金额', `${money(f.amountFen)} 元`],
    ['还款方式', f.hkfsmc],
    ['放款日期', dateText(f.issueDate)],
    ['结清日期', dateText(f.settledDate)],
    ['贷款状态', '已结清（本息已全部归还）'],
    ['出具时间', f.issuedAt],
  ];
}

/** The PDF of a certificate. */
export function renderSettlement(f: SettlementFacts, code: string, verifyUrl: string): Promise<Uint8Array> {
  return renderSheet({
    centre: f.centre,
    title: SETTLEMENT_TITLE,
    number: f.zmbh,
    rows: settlementRows(f),
    code,
    verifyUrl,
    notes: [
      `1. 兹证明上述借款人在${f.centre}申请的住房公积金贷款已于${dateText(f.settledDate)}结清，本息已全部归还。`,
      '2. 本证明由网上业务大厅根据结清时的贷款记录出具，可凭验证码或扫描二维码核验真伪。',
      '3. 抵押登记的注销请持本证明和不动产权证书到不动产登记机构办理。',
    ],
    issuer: '（电子证明）',
  });
}

interface Row {
  zmbh: string;
  code: string;
  facts: SettlementFacts;
}

/**
 * The loan's certificate, issued now when it has none (in one statement under the primary key: two requests at once
 * issue one). Refused (400) while the loan is not settled.
 */
export async function settlementOf(q: Queryable, loan: LoanRecord, at: Date): Promise<Row> {
  if (loan.status !== LOAN_STATUS.settled || !loan.settledDate) throw new ApiError(400, SETTLEMENT_MESSAGES.notSettled);
  const [existing] = await q.query<Row>('select zmbh, code, facts from loan_settlement_certificate where dkzh = $1', [loan.dkzh]);
  if (existing) return existing;
  const [centre] = await q.query<{ value: string }>(`select value from sys_config where key = 'XT_ZXQC'`);
  const [seq] = await q.query<{ n: string }>(`select nextval('loan_settlement_no')::text as n`);
  const today = centreDate(at);
  const zmbh = `JQZM${today.replace(/-/g, '')}${seq!.n.padStart(6, '0')}`;
  const facts: SettlementFacts = {
    zmbh,
    centre: centre?.value || '住房公积金管理中心',
    xingming: loan.xingming,
    zjhmMasked: maskIdCard(loan.zjhm),
    jkhtbh: loan.jkhtbh,
    dkzh: loan.dkzh,
    amountFen: String(loan.amountFen),
    months: loan.months,
    hkfsmc: REPAYMENT_METHODS[loan.method],
    issueDate: loan.issueDate,
    settledDate: loan.settledDate,
    issuedAt: centreDateTime(at),
  };
  await q.query(
    `insert into loan_settlement_certificate (dkzh, zmbh, code, issued_at, facts) values ($1, $2, $3, $4, $5) on conflict (dkzh) do nothing`,
    [loan.dkzh, zmbh, newCode(), at, JSON.stringify(facts)],
  );
  const [row] = await q.query<Row>('select zmbh, code, facts from loan_settlement_certificate where dkzh = $1', [loan.dkzh]);
  return row!;
}

const dkzhField = { type: 'string', pattern: '^[0-9]{13,20}$', description: '贷款账号', 'x-msg': '贷款账号格式不正确', 'x-required-msg': '请选择贷款' } as const;
const tags = ['住房公积金贷款'] as const;

/**
 * The certificate's calls: issue (or read) the summary, download the PDF (403 for another's loan, 400 while not
 * settled), and the public check by code (limited per client address; a wrong and an unknown code answer alike).
 */
export function settlementRoutes(app: FastifyInstance, db: Db, now: () => Date, ownLoan: (request: FastifyRequest, dkzh: string) => Promise<LoanRecord>): void {
  const verifyUrl = (code: string) => `${app.publicUrl()}/home.html#${SETTLEMENT_VERIFY_ROUTE}?code=${code}`;

  app.post<{ Body: { dkzh: string } }>(
    `${ZHFW_PREFIX}/dkyw/jqzm`,
    {
      preHandler: app.requireVerified,
      schema: {
        summary: '出具结清证明：已结清的贷款出具一次（冻结出具时的贷款事实，生成证明编号和验证码），再次调用返回同一份；未结清答 400，非本人的贷款答 403',
        tags,
        body: { type: 'object', additionalProperties: false, required: ['dkzh'], properties: { dkzh: dkzhField } },
        response: okAnswer(object({ zmbh: STRING, yzm: { ...STRING, description: '验证码（四位一组）' }, jqrq: { ...STRING, description: '结清日期' }, cjsj: { ...STRING, description: '出具时间' } })),
      },
    },
    async (request) => {
      const loan = await ownLoan(request, request.body.dkzh);
      const row = await settlementOf(db, loan, now());
      return ok({ zmbh: row.zmbh, yzm: groupCode(row.code), jqrq: row.facts.settledDate, cjsj: row.facts.issuedAt }, '结清证明已出具');
    },
  );

  app.get<{ Querystring: { dkzh: string } }>(
    `${ZHFW_PREFIX}/dkyw/jqzm/pdf`,
    {
      preHandler: app.requireVerified,
      schema: {
        summary: '下载结清证明 PDF（出具时冻结的内容；未出具的先出具；未结清答 400，非本人的贷款答 403）',
        tags,
        querystring: { type: 'object', required: ['dkzh'], properties: { dkzh: dkzhField } },
        response: { 200: fileAnswer('结清证明 PDF（附件）', ['application/pdf'], { download: true }) },
      },
    },
    async (request, reply) => {
      const loan = await ownLoan(request, request.query.dkzh);
      const row = await settlementOf(db, loan, now());
      const pdf = await renderSettlement(row.facts, row.code, verifyUrl(row.code));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(`结清证明_${row.zmbh}.pdf`))
        .send(Buffer.from(pdf));
    },
  );

  // Public: whoever holds the code (typed from the paper, or the QR); 80 random bits and a few tries a minute.
  const limitVerify = limitByAddress(createRateLimiter(db, 'jqzm-verify', SETTLEMENT_VERIFY_PER_MINUTE, 60_000), now);
  app.get<{ Querystring: { code: string } }>(
    `${ZHFW_PREFIX}/dkyw/jqzmVerify`,
    {
      onRequest: limitVerify,
      schema: {
        summary: `核验结清证明（无需登录；按客户端地址每分钟 ${SETTLEMENT_VERIFY_PER_MINUTE} 次，超过答 429；错误与不存在的验证码答同一句话）`,
        tags,
        querystring: {
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'string', maxLength: 40, description: '验证码', 'x-msg': SETTLEMENT_MESSAGES.unknown, 'x-required-msg': '请输入验证码' } },
        },
        response: okAnswer(
          object({
            valid: BOOLEAN,
            message: STRING,
            certificate: {
              type: ['object', 'null'],
              required: ['zmbh', 'xingming', 'zjhm', 'jkhtbh', 'dkje', 'ffrq', 'jqrq', 'cjsj'],
              properties: {
                zmbh: STRING,
                xingming: { ...STRING, description: '借款人（隐去名）' },
                zjhm: { ...STRING, description: '证件号码（前 3 后 4 位）' },
                jkhtbh: { ...STRING, description: '借款合同编号（前 4 后 4 位）' },
                dkje: { ...STRING, description: '贷款金额（元）' },
                ffrq: STRING,
                jqrq: STRING,
                cjsj: NULLABLE_STRING,
              },
            },
          }),
        ),
      },
    },
    async (request) => {
      const code = normaliseCode(request.query.code);
      const [row] = code ? await db.query<Row>('select zmbh, code, facts from loan_settlement_certificate where code = $1', [code]) : [];
      if (!row) return ok({ valid: false, message: SETTLEMENT_MESSAGES.unknown, certificate: null });
      const f = row.facts;
      return ok({
        valid: true,
        message: SETTLEMENT_MESSAGES.valid,
        certificate: {
          zmbh: f.zmbh,
          xingming: maskName(f.xingming),
          zjhm: f.zjhmMasked,
          jkhtbh: maskBankCard(f.jkhtbh),
          dkje: money(f.amountFen),
          ffrq: f.issueDate,
          jqrq: f.settledDate,
          cjsj: f.issuedAt,
        },
      });
    },
  );
}
