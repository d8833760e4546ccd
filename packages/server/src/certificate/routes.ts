import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INTEGER, listOf, NULLABLE_STRING, object, okAnswer, STRING } from '../http/answers';
import { fileAnswer } from '../http/openapi';
import { maskBankCard, maskName } from '@gjj-hall/sdk/format';
import type { Db } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { centreDate, centreDateTime } from '../clock';
import { createRateLimiter, limitByAddress, TOO_MANY_REQUESTS_MESSAGE } from '../auth/rate-limit';
import { ZHFW_PREFIX } from '../routes/shell';
import { contentDisposition } from '../archive/routes';
import { isClosedStatus } from '../records/kinds';
import {
  ACCOUNT_STATUS_NAMES,
  accountsOfLogin,
  CERTIFICATE_MESSAGES,
  checkPeriod,
  contributionMonths,
  groupCode,
  maskIdCard,
  money,
  newCode,
  normaliseCode,
  ownAccount,
  PURPOSES,
  type CertificateFacts,
  type Purpose,
} from './facts';
import { CERTIFICATE_PARAMETERS, defaultPeriod, validUntil, type CertificateParameters } from './parameters';
import { heavyError, type HeavyPool } from '../archive/heavy';

/**
 * Where the certificate's calls live.
 *
 * @example
 * app.inject({ url: `${CERTIFICATE_PREFIX}/verify?code=K7Q2M9XW4RT0ZB6H` })
 */
export const CERTIFICATE_PREFIX = `${ZHFW_PREFIX}/jczm`;
/**
 * The hall's public verification page; the QR and the printed text lead here with `?code=`.
 *
 * @example
 * `${app.publicUrl()}/home.html#${VERIFY_ROUTE}?code=${code}`
 */
export const VERIFY_ROUTE = '/jczmVerify';

const tags = ['缴存证明'] as const;
const MONTH = { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' } as const;
const ZMBH = { type: 'string', pattern: '^JCZM[0-9]{14,20}$', description: '证明编号', 'x-msg': '证明编号不正确', 'x-required-msg': '缺少证明编号' } as const;

/** A certificate's state: 01 有效, 02 已作废, 03 已过期. */
type State = '01' | '02' | '03';
const STATE_NAMES: Record<State, string> = { '01': '有效', '02': '已作废', '03': '已过期' };

interface Row {
  id: string;
  zmbh: string;
  code: string;
  user_id: string;
  grzh: string;
  valid_until: string;
  revoked_at: Date | null;
  facts: CertificateFacts;
}
const COLUMNS = 'id::text as id, zmbh, code, user_id::text as user_id, grzh, valid_until::text as valid_until, revoked_at, facts';

const stateOf = (r: Row, today: string): State => (r.revoked_at ? '02' : today > r.valid_until ? '03' : '01');

/** What the issuing login's list shows of one certificate. */
function summary(r: Row, today: string) {
  const zt = stateOf(r, today);
  return {
    zmbh: r.zmbh,
    grzh: r.grzh,
    from: r.facts.from,
    to: r.facts.to,
    purpose: r.facts.purpose,
    issuedAt: r.facts.issuedAt,
    validUntil: r.valid_until,
    code: groupCode(r.code),
    zt,
    ztmc: STATE_NAMES[zt],
  };
}
const summarySchema = object({
  ...Object.fromEntries(['zmbh', 'grzh', 'from', 'to', 'purpose', 'issuedAt', 'validUntil', 'code'].map((k) => [k, STRING])),
  zt: { type: 'string', enum: ['01', '02', '03'], description: '01 有效，02 已作废，03 已过期' },
  ztmc: STRING,
});

/** The certificate's settings: the parameters' rows (parameters.ts) over their defaults. */
export interface CertificateRouteOptions {
  db: Db;
  now: () => Date;
  /** The worker pool the PDF is drawn in (archive/heavy.ts). */
  heavy: HeavyPool;
  parameters?: Partial<CertificateParameters> | undefined;
  /** Adds POST /dev/jczm/age, which ages a certificate for the end-to-end tests (development only). */
  devRoutes?: boolean;
}

/**
 * The deposit certificate's calls (缴存证明, issue 24; docs/api-personal.md › 缴存证明): the login's accounts and
 * the period they allow, issue (PDF facts frozen in deposit_certificate), the login's list, download, revoke, and
 * the public verification by code, limited per client address.
 */
export function certificateRoutes(app: FastifyInstance, { db, now, heavy, parameters, devRoutes = false }: CertificateRouteOptions): void {
  const p: CertificateParameters = { ...CERTIFICATE_PARAMETERS, ...parameters };

  const individual = (request: FastifyRequest) => {
    const session = request.session!;
    if (session.loginType !== 1) throw new ApiError(403, CERTIFICATE_MESSAGES.notYours);
    return session;
  };

  /** The login's own certificate by number, or 403 (the same for another's and for none). */
  const ownCertificate = async (userId: string, zmbh: string): Promise<Row> => {
    const [row] = await db.query<Row>(`select ${COLUMNS} from deposit_certificate where zmbh = $1`, [zmbh]);
    if (!row || row.user_id !== userId) throw new ApiError(403, CERTIFICATE_MESSAGES.notYourCertificate);
    return row;
  };

  app.get(
    `${CERTIFICATE_PREFIX}/accounts`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '可出具缴存证明的本人账户及可选月份（需登录）',
        tags,
        response: okAnswer(
          object({
            list: listOf(object(Object.fromEntries(['grzh', 'grzhzt', 'grzhztmc', 'kind', 'dwmc', 'khrq', 'minMonth', 'maxMonth', 'defaultFrom', 'defaultTo'].map((k) => [k, STRING])))),
            maxPeriodMonths: INTEGER,
            validMonths: INTEGER,
            purposes: listOf(STRING),
          }),
        ),
      },
    },
    async (request) => {
      const session = individual(request);
      const today = centreDate(now());
      const accounts = await accountsOfLogin(db, session.userId);
      return ok({
        list: accounts
          .filter((a) => !isClosedStatus(a.grzhzt))
          .map((a) => {
            const period = defaultPeriod(a.khrq, today, p.defaultPeriodMonths);
            return {
              grzh: a.grzh,
              grzhzt: a.grzhzt,
              grzhztmc: ACCOUNT_STATUS_NAMES[a.grzhzt] ?? a.grzhzt,
              kind: a.kind,
              dwmc: a.kind === 'lhjy' ? '灵活就业' : a.dwmc,
              khrq: a.khrq,
              minMonth: a.khrq.slice(0, 7),
              maxMonth: today.slice(0, 7),
              defaultFrom: period.from,
              defaultTo: period.to,
            };
          }),
        maxPeriodMonths: p.maxPeriodMonths,
        validMonths: p.validMonths,
        purposes: [...PURPOSES],
      });
    },
  );

  app.post<{ Body: { grzh: string; from: string; to: string; yt?: Purpose | '' } }>(
    `${CERTIFICATE_PREFIX}/create`,
    {
      preHandler: app.requireVerified,
      // At most so many a day / a minute per login (429).
      config: { throttled: true },
      schema: {
        summary: '出具缴存证明：冻结出具时的账户事实，生成验证码（需登录且身份已核验；他人账户 403）',
        tags,
        body: {
          type: 'object',
          required: ['grzh', 'from', 'to'],
          additionalProperties: false,
          properties: {
            grzh: { type: 'string', pattern: '^[0-9]{6,20}$', description: '个人账号', 'x-msg': '个人账号不正确', 'x-required-msg': '请选择个人账号' },
            from: { ...MONTH, description: '起始月份', 'x-msg': '起始月份格式应为 YYYY-MM', 'x-required-msg': '请选择起始月份' },
            to: { ...MONTH, description: '截止月份', 'x-msg': '截止月份格式应为 YYYY-MM', 'x-required-msg': '请选择截止月份' },
            yt: { type: 'string', enum: ['', ...PURPOSES], description: '证明用途', 'x-msg': `证明用途只能是${PURPOSES.join('、')}` },
          },
        },
        response: okAnswer(summarySchema),
      },
    },
    async (request) => {
      const session = individual(request);
      const { grzh, from, to } = request.body;
      const at = now();
      const today = centreDate(at);
      const account = await ownAccount(db, session.userId, grzh);
      checkPeriod(account, from, to, today.slice(0, 7), p);
      const row = await db.transaction(async (tx) => {
        // The day's count under a lock on the login's row, so two tabs cannot both pass the last place.
        await tx.query('select 1 from app_user where id = $1 for update', [session.userId]);
        const [count] = await tx.query<{ n: number }>(
          `select count(*)::int as n from deposit_certificate where user_id = $1 and issued_at >= ($2::date::timestamp at time zone 'Asia/Shanghai')`,
          [session.userId, today],
        );
        if ((count?.n ?? 0) >= p.issuePerDay) throw new ApiError(429, CERTIFICATE_MESSAGES.tooMany(p.issuePerDay));
        const [centre] = await tx.query<{ value: string }>(`select value from sys_config where key = 'XT_ZXQC'`);
        const [seq] = await tx.query<{ n: string }>(`select nextval('deposit_certificate_no')::text as n`);
        const zmbh = `JCZM${today.replace(/-/g, '')}${(seq?.n ?? '0').padStart(6, '0')}`;
        const months = await contributionMonths(tx, grzh, from, to);
        const code = newCode();
        const facts: CertificateFacts = {
          zmbh,
          centre: centre?.value || '住房公积金管理中心',
          xingming: account.xingming,
          zjhmMasked: maskIdCard(account.zjhm),
          grzh,
          grzhzt: account.grzhzt,
          grzhztmc: ACCOUNT_STATUS_NAMES[account.grzhzt] ?? account.grzhzt,
          dwmc: account.dwmc,
          kind: account.kind,
          khrq: account.khrq,
          jcjsFen: String(account.jcjsFen),
          dwjcbl: account.dwjcbl,
          grjcbl: account.grjcbl,
          yjceFen: String(account.yjceFen),
          balanceFen: String(account.balanceFen),
          from,
          to,
          months,
          paidMonths: months.filter((m) => BigInt(m.amountFen) > 0n).length,
          totalFen: String(months.reduce((s, m) => s + BigInt(m.amountFen), 0n)),
          purpose: request.body.yt ?? '',
          issuedAt: centreDateTime(at),
          validUntil: validUntil(today, p.validMonths),
          code,
          // Never the request's Host header: HALL_PUBLIC_URL, else the listening address.
          verifyUrl: `${app.publicUrl()}/home.html#${VERIFY_ROUTE}?code=${code}`,
        };
        const [inserted] = await tx.query<Row>(
          `insert into deposit_certificate (zmbh, code, user_id, grzh, issued_at, valid_until, facts)
           values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
          [zmbh, code, session.userId, grzh, at, facts.validUntil, JSON.stringify(facts)],
        );
        return inserted!;
      });
      return ok(summary(row, today), '缴存证明已生成');
    },
  );

  app.get<{ Querystring: { after?: string } }>(
    `${CERTIFICATE_PREFIX}/list`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '本登录出具的缴存证明，新的在前，一页一页（after 为上一页的 next）',
        tags,
        querystring: {
          type: 'object',
          properties: { after: { type: 'string', pattern: '^[0-9]{1,18}$', description: '上一页的 next', 'x-msg': '分页参数不正确' } },
        },
        response: okAnswer(object({ list: listOf(summarySchema), next: NULLABLE_STRING })),
      },
    },
    async (request) => {
      const session = individual(request);
      const rows = await db.query<Row>(
        `select ${COLUMNS} from deposit_certificate
          where user_id = $1 and ($2::bigint is null or id < $2::bigint)
          order by id desc limit $3`,
        [session.userId, request.query.after ?? null, p.listPageSize + 1],
      );
      const today = centreDate(now());
      const page = rows.slice(0, p.listPageSize);
      return ok({ list: page.map((r) => summary(r, today)), next: rows.length > p.listPageSize ? (page.at(-1)?.id ?? null) : null });
    },
  );

  // Drawing a PDF costs about 0.3 s of CPU: a few a minute per login is plenty for a person.
  const downloads = createRateLimiter(db, 'jczm-download', p.downloadPerMinute, 60_000);
  app.get<{ Querystring: { zmbh: string } }>(
    `${CERTIFICATE_PREFIX}/download`,
    {
      preHandler: app.requireSession,
      // At most so many a day / a minute per login (429).
      config: { throttled: true },
      schema: {
        summary: `下载缴存证明 PDF（出具时的内容；他人的证明 403；每个登录每分钟 ${p.downloadPerMinute} 次）`,
        tags,
        querystring: { type: 'object', required: ['zmbh'], properties: { zmbh: ZMBH } },
        response: { 200: fileAnswer('缴存证明 PDF（附件）', ['application/pdf'], { download: true }) },
      },
    },
    async (request, reply) => {
      const session = individual(request);
      const row = await ownCertificate(session.userId, request.query.zmbh);
      if (!(await downloads.hit(session.userId, now().getTime()))) throw new ApiError(429, TOO_MANY_REQUESTS_MESSAGE);
      const pdf = await heavy.render({ op: 'certificate', facts: row.facts }).catch((error: unknown) => {
        throw heavyError(error);
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(`缴存证明_${row.zmbh}.pdf`))
        .send(Buffer.from(pdf));
    },
  );

  app.post<{ Body: { zmbh: string } }>(
    `${CERTIFICATE_PREFIX}/revoke`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '作废本人出具的缴存证明：此后核验显示已作废（他人的证明 403）',
        tags,
        body: { type: 'object', required: ['zmbh'], additionalProperties: false, properties: { zmbh: ZMBH } },
        response: okAnswer(summarySchema),
      },
    },
    async (request) => {
      const session = individual(request);
      const row = await ownCertificate(session.userId, request.body.zmbh);
      if (row.revoked_at) throw new ApiError(409, CERTIFICATE_MESSAGES.alreadyRevoked);
      const [updated] = await db.query<Row>(
        `update deposit_certificate set revoked_at = $2 where id = $1 and revoked_at is null returning ${COLUMNS}`,
        [row.id, now()],
      );
      if (!updated) throw new ApiError(409, CERTIFICATE_MESSAGES.alreadyRevoked);
      return ok(summary(updated, centreDate(now())), '缴存证明已作废');
    },
  );

  // Public: whoever holds the code (typed from the paper, or the QR). A few tries a minute per client address, so
  // codes cannot be guessed (80 random bits); a wrong code and an unknown one get the same answer.
  const limitVerify = limitByAddress(createRateLimiter(db, 'jczm-verify', p.verifyPerMinute, 60_000), now);
  app.get<{ Querystring: { code: string } }>(
    `${CERTIFICATE_PREFIX}/verify`,
    {
      onRequest: limitVerify,
      schema: {
        summary: `核验缴存证明（无需登录；按客户端地址每分钟 ${p.verifyPerMinute} 次，超过答 429；错误与不存在的验证码答同一句话）`,
        tags,
        querystring: {
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'string', maxLength: 40, description: '验证码', 'x-msg': '验证码不存在，请核对后重新输入', 'x-required-msg': '请输入验证码' } },
        },
        response: okAnswer({
          type: 'object',
          properties: {
            zt: { type: 'string' },
            ztmc: { type: 'string' },
            message: { type: 'string' },
            certificate: {
              type: ['object', 'null'],
              properties: Object.fromEntries(
                ['zmbh', 'xingming', 'zjhm', 'grzh', 'grzhztmc', 'dwmc', 'from', 'to', 'yjce', 'jcjs', 'issuedDate', 'validUntil', 'purpose'].map((k) => [k, { type: 'string' }]),
              ),
            },
            months: { type: 'integer' },
            paidMonths: { type: 'integer' },
          },
        }),
      },
    },
    async (request) => {
      const code = normaliseCode(request.query.code);
      const [row] = code ? await db.query<Row>(`select ${COLUMNS} from deposit_certificate where code = $1`, [code]) : [];
      if (!row) return ok({ zt: '04', ztmc: '不存在', message: CERTIFICATE_MESSAGES.unknown, certificate: null, months: 0, paidMonths: 0 });
      const zt = stateOf(row, centreDate(now()));
      if (zt !== '01') {
        // Only that it was issued and when: no personal facts once it no longer vouches for anything.
        return ok({
          zt,
          ztmc: STATE_NAMES[zt],
          message: zt === '02' ? CERTIFICATE_MESSAGES.revoked : CERTIFICATE_MESSAGES.expired,
          certificate: { zmbh: row.zmbh, issuedDate: row.facts.issuedAt.slice(0, 10), validUntil: row.valid_until },
          months: 0,
          paidMonths: 0,
        });
      }
      const f = row.facts;
      return ok({
        zt,
        ztmc: STATE_NAMES[zt],
        message: CERTIFICATE_MESSAGES.valid,
        certificate: {
          zmbh: f.zmbh,
          xingming: maskName(f.xingming),
          zjhm: f.zjhmMasked,
          grzh: maskBankCard(f.grzh),
          grzhztmc: f.grzhztmc,
          dwmc: f.kind === 'lhjy' ? '灵活就业人员（个人缴存）' : f.dwmc,
          from: f.from,
          to: f.to,
          yjce: money(f.yjceFen),
          jcjs: money(f.jcjsFen),
          issuedDate: f.issuedAt.slice(0, 10),
          validUntil: row.valid_until,
          purpose: f.purpose,
        },
        months: f.months.length,
        paidMonths: f.paidMonths,
      });
    },
  );

  if (devRoutes) {
    app.post<{ Body: { code: string; days: number } }>(
      '/dev/jczm/age',
      {
        schema: {
          summary: '开发用：把一份缴存证明的出具日期和有效期同时提前若干天（测试过期）',
          response: okAnswer(object({ aged: INTEGER })),
          tags: ['开发专用'],
          body: {
            type: 'object',
            required: ['code', 'days'],
            additionalProperties: false,
            properties: {
              code: { type: 'string', maxLength: 40, description: '验证码' },
              days: { type: 'integer', minimum: 1, maximum: 3650, description: '天数', 'x-msg': '天数应为 1 至 3650' },
            },
          },
        },
      },
      async (request) => {
        const rows = await db.query(
          `update deposit_certificate set issued_at = issued_at - make_interval(days => $2), valid_until = valid_until - $2::int
            where code = $1 returning id`,
          [normaliseCode(request.body.code), request.body.days],
        );
        if (rows.length === 0) throw new ApiError(400, CERTIFICATE_MESSAGES.unknown);
        return ok({ aged: rows.length });
      },
    );
  }
}
