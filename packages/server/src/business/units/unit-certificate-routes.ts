import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db';
import { ApiError, ok } from '../../http/envelope';
import { INTEGER, listOf, NULLABLE_STRING, object, okAnswer, STRING } from '../../http/answers';
import { fileAnswer } from '../../http/openapi';
import { centreDate } from '../../clock';
import { createRateLimiter, limitByAddress, TOO_MANY_REQUESTS_MESSAGE } from '../../auth/rate-limit';
import { ZHFW_PREFIX } from '../../routes/shell';
import { contentDisposition } from '../../archive/routes';
import { heavyError, type HeavyPool } from '../../archive/heavy';
import { groupCode, money, normaliseCode } from '../../certificate/facts';
import { CERTIFICATE_PARAMETERS, type CertificateParameters } from '../../certificate/parameters';
import { unitOf } from './common';
import { hasArrears, publicFacts, UNIT_CERTIFICATE_MESSAGES, UNIT_CERTIFICATE_PURPOSES, UNIT_VERIFY_ROUTE, unitCertificateLayout, unitFacts, type UnitCertificateFacts } from './gj0209';

/**
 * Where the unit certificate's calls live (GJ0209; docs/api-unit-business.md › 单位缴存证明). Issuing is the business
 * GJ0209 (ywsq/submit); these read: the unit's facts now, its certificates, the PDF, and the public check by code.
 *
 * @example
 * app.inject({ url: `${UNIT_CERTIFICATE_PREFIX}/verify?code=K7Q2M9XW4RT0ZB6H` })
 */
export const UNIT_CERTIFICATE_PREFIX = `${ZHFW_PREFIX}/dwjczm`;

const tags = ['单位缴存证明'];
const ZMBH = { type: 'string', pattern: '^DWJCZM[0-9]{14,20}$', description: '证明编号', 'x-msg': '证明编号不正确', 'x-required-msg': '缺少证明编号' } as const;

type State = '01' | '02' | '03';
const STATE_NAMES: Record<State, string> = { '01': '有效', '02': '已作废', '03': '已过期' };

interface Row {
  id: string;
  zmbh: string;
  code: string;
  ywbh: string;
  dwzh: string;
  valid_until: string;
  revoked_at: Date | null;
  facts: UnitCertificateFacts;
}
const COLUMNS = 'id::text as id, zmbh, code, ywbh, dwzh, valid_until::text as valid_until, revoked_at, facts';
const stateOf = (r: Row, today: string): State => (r.revoked_at ? '02' : today > r.valid_until ? '03' : '01');

function summary(r: Row, today: string) {
  const zt = stateOf(r, today);
  return { zmbh: r.zmbh, ywbh: r.ywbh, issuedAt: r.facts.issuedAt, validUntil: r.valid_until, purpose: r.facts.purpose, code: groupCode(r.code), zt, ztmc: STATE_NAMES[zt] };
}
const summarySchema = object({
  ...Object.fromEntries(['zmbh', 'ywbh', 'issuedAt', 'validUntil', 'purpose', 'code'].map((k) => [k, STRING])),
  zt: { type: 'string', enum: ['01', '02', '03'], description: '01 有效，02 已作废，03 已过期' },
  ztmc: STRING,
});

export interface UnitCertificateRouteOptions {
  db: Db;
  now: () => Date;
  heavy: HeavyPool;
  parameters?: Partial<CertificateParameters> | undefined;
}

/** The unit certificate's read calls and its public check. */
export function unitCertificateRoutes(app: FastifyInstance, { db, now, heavy, parameters }: UnitCertificateRouteOptions): void {
  const p: CertificateParameters = { ...CERTIFICATE_PARAMETERS, ...parameters };

  /** The session's unit, or 403: only a unit login with an account at the centre. */
  const sessionUnit = async (request: FastifyRequest) => {
    const session = request.session!;
    const unit = session.loginType === 2 ? await unitOf(db, session) : undefined;
    if (!unit) throw new ApiError(403, UNIT_CERTIFICATE_MESSAGES.notYours);
    return unit;
  };
  /** The unit's own certificate by number, or 403 (the same for another unit's and for none). */
  const ownCertificate = async (dwzh: string, zmbh: string): Promise<Row> => {
    const [row] = await db.query<Row>(`select ${COLUMNS} from unit_certificate where zmbh = $1`, [zmbh]);
    if (!row || row.dwzh !== dwzh) throw new ApiError(403, UNIT_CERTIFICATE_MESSAGES.notYours);
    return row;
  };

  app.get(
    `${UNIT_CERTIFICATE_PREFIX}/facts`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '单位缴存证明将载明的本单位缴存情况（现在的），及能否出具（状态不正常或有欠缴时说明原因）',
        tags,
        response: okAnswer(
          object({
            dwmc: STRING,
            dwzh: STRING,
            dwzhztmc: STRING,
            khrq: STRING,
            openEmployees: INTEGER,
            payingEmployees: INTEGER,
            dwjcbl: STRING,
            grjcbl: STRING,
            jzny: NULLABLE_STRING,
            lastPeriod: NULLABLE_STRING,
            lastPaidOn: NULLABLE_STRING,
            lastAmount: STRING,
            monthly: STRING,
            refusal: { type: 'string', description: '不能出具的原因；能出具时为空' },
            purposes: listOf(STRING),
            validMonths: INTEGER,
          }),
        ),
      },
    },
    async (request) => {
      const unit = await sessionUnit(request);
      const f = await unitFacts(db, unit);
      const refusal =
        unit.dwzhzt !== '01' ? UNIT_CERTIFICATE_MESSAGES.notNormal(f.dwzhztmc) : hasArrears(unit, centreDate(now())) ? UNIT_CERTIFICATE_MESSAGES.arrears : '';
      return ok({
        dwmc: f.dwmc,
        dwzh: f.dwzh,
        dwzhztmc: f.dwzhztmc,
        khrq: f.khrq,
        openEmployees: f.openEmployees,
        payingEmployees: f.payingEmployees,
        dwjcbl: f.dwjcbl,
        grjcbl: f.grjcbl,
        jzny: f.jzny,
        lastPeriod: f.lastPeriod,
        lastPaidOn: f.lastPaidOn,
        lastAmount: money(f.lastAmountFen),
        monthly: money(f.monthlyFen),
        refusal,
        purposes: [...UNIT_CERTIFICATE_PURPOSES],
        validMonths: p.validMonths,
      });
    },
  );

  app.get<{ Querystring: { after?: string } }>(
    `${UNIT_CERTIFICATE_PREFIX}/list`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '本单位出具的单位缴存证明，新的在前，一页一页（after 为上一页的 next）',
        tags,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { after: { type: 'string', pattern: '^[0-9]{1,18}$', description: '上一页的 next', 'x-msg': '分页参数不正确' } },
        },
        response: okAnswer(object({ list: listOf(summarySchema), next: NULLABLE_STRING })),
      },
    },
    async (request) => {
      const unit = await sessionUnit(request);
      const rows = await db.query<Row>(
        `select ${COLUMNS} from unit_certificate where dwzh = $1 and ($2::bigint is null or id < $2::bigint) order by id desc limit $3`,
        [unit.dwzh, request.query.after ?? null, p.listPageSize + 1],
      );
      const today = centreDate(now());
      const page = rows.slice(0, p.listPageSize);
      return ok({ list: page.map((r) => summary(r, today)), next: rows.length > p.listPageSize ? (page.at(-1)?.id ?? null) : null });
    },
  );

  const downloads = createRateLimiter(db, 'dwjczm-download', p.downloadPerMinute, 60_000);
  app.get<{ Querystring: { zmbh: string } }>(
    `${UNIT_CERTIFICATE_PREFIX}/download`,
    {
      preHandler: app.requireSession,
      config: { throttled: true },
      schema: {
        summary: `下载单位缴存证明 PDF（出具时的内容；其他单位的证明 403；每个登录每分钟 ${p.downloadPerMinute} 次）`,
        tags,
        querystring: { type: 'object', required: ['zmbh'], additionalProperties: false, properties: { zmbh: ZMBH } },
        response: { 200: fileAnswer('单位缴存证明 PDF（附件）', ['application/pdf'], { download: true }) },
      },
    },
    async (request, reply) => {
      const unit = await sessionUnit(request);
      const row = await ownCertificate(unit.dwzh, request.query.zmbh);
      if (!(await downloads.hit(request.session!.userId, now().getTime()))) throw new ApiError(429, TOO_MANY_REQUESTS_MESSAGE);
      // Never the request's Host header: HALL_PUBLIC_URL, else the listening address.
      const verifyUrl = `${app.publicUrl()}/home.html#${UNIT_VERIFY_ROUTE}?code=${row.code}`;
      const pdf = await heavy.render({ op: 'certificateLayout', layout: unitCertificateLayout(row.facts, verifyUrl) }).catch((error: unknown) => {
        throw heavyError(error);
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(`单位缴存证明_${row.zmbh}.pdf`))
        .send(Buffer.from(pdf));
    },
  );

  app.post<{ Body: { zmbh: string } }>(
    `${UNIT_CERTIFICATE_PREFIX}/revoke`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '作废本单位出具的单位缴存证明：此后核验显示已作废（其他单位的证明 403）',
        tags,
        body: { type: 'object', required: ['zmbh'], additionalProperties: false, properties: { zmbh: ZMBH } },
        response: okAnswer(summarySchema),
      },
    },
    async (request) => {
      const unit = await sessionUnit(request);
      const row = await ownCertificate(unit.dwzh, request.body.zmbh);
      const [updated] = await db.query<Row>(`update unit_certificate set revoked_at = $2 where id = $1 and revoked_at is null returning ${COLUMNS}`, [row.id, now()]);
      if (!updated) throw new ApiError(409, UNIT_CERTIFICATE_MESSAGES.revoked);
      return ok(summary(updated, centreDate(now())), '单位缴存证明已作废');
    },
  );

  // Public: whoever holds the code. A few tries a minute per client address (80 random bits cannot be guessed); a
  // wrong code and an unknown one get the same answer, which names nothing.
  const limitVerify = limitByAddress(createRateLimiter(db, 'dwjczm-verify', p.verifyPerMinute, 60_000), now);
  app.get<{ Querystring: { code: string } }>(
    `${UNIT_CERTIFICATE_PREFIX}/verify`,
    {
      onRequest: limitVerify,
      schema: {
        summary: `核验单位缴存证明（无需登录；按客户端地址每分钟 ${p.verifyPerMinute} 次，超过答 429；错误与不存在的验证码答同一句话）`,
        tags,
        querystring: {
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'string', maxLength: 40, description: '验证码', 'x-msg': UNIT_CERTIFICATE_MESSAGES.unknown, 'x-required-msg': '请输入验证码' } },
        },
        response: okAnswer(
          object({
            zt: { type: 'string', enum: ['01', '02', '03', '04'], description: '01 有效，02 已作废，03 已过期，04 不存在' },
            ztmc: STRING,
            message: STRING,
            certificate: {
              type: ['object', 'null'],
              properties: {
                ...Object.fromEntries(['zmbh', 'dwmc', 'dwzh', 'dwzhztmc', 'khrq', 'jzny', 'monthly', 'issuedDate', 'validUntil', 'purpose'].map((k) => [k, STRING])),
                openEmployees: INTEGER,
              },
            },
          }),
        ),
      },
    },
    async (request) => {
      const code = normaliseCode(request.query.code);
      const [row] = code ? await db.query<Row>(`select ${COLUMNS} from unit_certificate where code = $1`, [code]) : [];
      if (!row) return ok({ zt: '04', ztmc: '不存在', message: UNIT_CERTIFICATE_MESSAGES.unknown, certificate: null });
      const zt = stateOf(row, centreDate(now()));
      if (zt !== '01') {
        // Only that it was issued and when: no facts once it no longer vouches for anything.
        return ok({
          zt,
          ztmc: STATE_NAMES[zt],
          message: zt === '02' ? UNIT_CERTIFICATE_MESSAGES.revoked : UNIT_CERTIFICATE_MESSAGES.expired,
          certificate: { zmbh: row.zmbh, issuedDate: row.facts.issuedAt.slice(0, 10), validUntil: row.valid_until },
        });
      }
      return ok({ zt, ztmc: STATE_NAMES[zt], message: UNIT_CERTIFICATE_MESSAGES.valid, certificate: publicFacts(row.facts) });
    },
  );
}
