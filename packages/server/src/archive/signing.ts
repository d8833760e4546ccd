import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { maskIdCard, maskName } from '@gjj-hall/sdk/format';
import type { Db, Queryable } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { centreDate, centreDateTime } from '../clock';
import { businessOf } from '../business/registry';
import type { ApplicationRow } from '../applications/model';
import { SMS_CODE_WRONG_MESSAGE, sendSms, useSmsCode } from '../auth/sms-code';
import { LETTER_CLBH } from './materials';
import { heavyError, type HeavyPool } from './heavy';
import { pixelsWithin } from './bounds';
import { createRateLimiter, limitByAddress, TOO_MANY_REQUESTS_MESSAGE } from '../auth/rate-limit';
import { LETTER_TITLE, letterLines, type LetterData } from './letter';
import { sniff } from './sniff';
import { requireChangeable, type ArchiveFiles } from './files';
import { INTEGER, object, okAnswer, STRING } from '../http/answers';

/**
 * QR signing of the authorisation letter (docs/api-archive.md › QR signing): the desktop makes a link (qm) and polls
 * it (qsztcx); the phone opens it without a session (the uuid is the capability), proves the signer is the applicant
 * with an SMS code to the applicant's phone on file, and submits a finger-drawn signature, which the server stamps on
 * the letter and stores as material SQS, spending the link, in one transaction.
 */

/** Who calls the archive: the applicant's session, or the centre with its key. */
export type ArchiveCaller = { kind: 'applicant'; request: FastifyRequest } | { kind: 'centre' };

/** Seconds a signing link lives. */
export const SIGN_LINK_TTL_SECONDS = 600;
/** Wrong SMS codes after which a link fails (status 11). */
export const SIGN_MAX_FAILURES = 5;
/** Largest signature image. */
export const SIGNATURE_MAX_BYTES = 1024 * 1024;
/** Largest signature in pixels (a phone screen drawn at 3×: about 1 300 × 2 800). */
export const SIGNATURE_MAX_PIXELS = 4_000_000;
/** Previews (qmInfo) one link may draw a minute, and one address may ask for a minute. */
export const PREVIEW_PER_LINK_PER_MINUTE = 10;
export const PREVIEW_PER_ADDRESS_PER_MINUTE = 30;
/** Drawn previews kept in memory, by letter version (the hash of what the letter says). */
export const PREVIEW_CACHE_ENTRIES = 200;

/** qsztcx answers (spec 4.4: 9 invalid, 10 success, 11 failed; 0 waiting and 1 opened keep the desktop polling). */
export const SIGN_STATUS = Object.freeze({ waiting: 0, opened: 1, expired: 9, signed: 10, failed: 11 } as const);

export const SIGN_MESSAGES = {
  dead: '签署二维码已失效，请在电脑上刷新二维码后重新扫码',
  noSignature: '请先签名',
  badSignature: '签名图片格式不正确，请重新签名',
  smsSent: '验证码已发送至申请人预留的手机号码，请注意查收',
  signed: '签署成功',
  centreCannotSign: '授权委托书须由申请人本人扫码签署',
} as const;

interface SignRow {
  uuid: string;
  application_id: string;
  status: 'waiting' | 'opened' | 'signed' | 'failed' | 'replaced';
  expires_at: Date;
  failures: number;
  file_id: string | null;
  ywbh: string;
}

export interface SigningDeps {
  db: Db;
  now: () => Date;
  files: ArchiveFiles;
  /** The worker pool the letter is drawn in (heavy.ts). */
  heavy: HeavyPool;
  /** Largest image in pixels (bounds.ts): the signature is held to it too. */
  maxPixels: number;
  pre: { preValidation: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };
  callerOf: (request: FastifyRequest) => ArchiveCaller;
  applicationOf: (caller: ArchiveCaller, ywbh: string) => Promise<ApplicationRow>;
  ttlSeconds: number;
}

const tags = ['电子档案签署'] as const;
const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const uuidField = { type: 'string', pattern: UUID, description: '签署标识', 'x-msg': SIGN_MESSAGES.dead, 'x-required-msg': '缺少签署标识' } as const;
const envelope = (data: Record<string, unknown>) => okAnswer(data);

/** The SMS purpose of one link: a code sent for one link signs nothing else. */
const purposeOf = (uuid: string) => `sign:${uuid.toLowerCase()}` as const;

/** The poll status of a link at `at`. */
export function statusOf(row: Pick<SignRow, 'status' | 'expires_at'>, at: Date): number {
  if (row.status === 'signed') return SIGN_STATUS.signed;
  if (row.status === 'failed') return SIGN_STATUS.failed;
  if (row.status === 'replaced' || new Date(row.expires_at).getTime() <= at.getTime()) return SIGN_STATUS.expired;
  return row.status === 'opened' ? SIGN_STATUS.opened : SIGN_STATUS.waiting;
}

/** `2026年11月26日` of a centre date. */
const chineseDate = (at: Date) => {
  const [y, m, d] = centreDate(at).split('-');
  return `${y}年${Number(m)}月${Number(d)}日`;
};

/** What the letter says of the applicant: the person's name and ID number, or the unit's name and account. */
async function letterData(q: Queryable, app: ApplicationRow, at: Date): Promise<LetterData & { phone: string }> {
  const [row] = await q.query<{ xingming: string | null; zjhm: string | null; dwmc: string | null; dwzh: string | null; display_name: string; phone: string }>(
    `select p.xingming, p.zjhm, u.dwmc, u.dwzh, a.display_name, a.phone
       from app_user a left join person_info p on p.account_id = $2 left join unit_info u on u.account_id = $2
      where a.id = $1`,
    [app.user_id, app.account_id],
  );
  const person = !!row?.xingming;
  return {
    name: (person ? row?.xingming : row?.dwmc) || row?.display_name || '',
    idLabel: person ? '证件号码' : '单位账号',
    idNumber: (person ? row?.zjhm : row?.dwzh) || app.zh || app.login,
    ywmc: businessOf(app.ywlx)?.ywmc ?? app.ywlx,
    ywbh: app.ywbh,
    date: chineseDate(at),
    phone: row?.phone ?? '',
  };
}

/** Registers the signing calls on the archive's plugin (its multipart, error handler and caller check). */
export function signingRoutes(archive: FastifyInstance, deps: SigningDeps): void {
  const { db, now, files, heavy, maxPixels, pre, callerOf, applicationOf, ttlSeconds } = deps;
  const prefix = '/api/dzda/v1/zhcjyw';
  const previewsByAddress = limitByAddress(createRateLimiter(db, 'qm-info-address', PREVIEW_PER_ADDRESS_PER_MINUTE, 60_000), now);
  const previewsByLink = createRateLimiter(db, 'qm-info-link', PREVIEW_PER_LINK_PER_MINUTE, 60_000);
  /** The drawn preview by letter version: a flood of one link draws once (the promise is shared while it draws). */
  const previews = new Map<string, Promise<Uint8Array>>();
  const previewOf = (data: LetterData): Promise<Uint8Array> => {
    const version = createHash('sha256').update(JSON.stringify(data)).digest('hex');
    let drawn = previews.get(version);
    if (!drawn) {
      drawn = heavy.render({ op: 'letter', data });
      drawn.catch(() => previews.delete(version));
      previews.set(version, drawn);
      while (previews.size > PREVIEW_CACHE_ENTRIES) previews.delete(previews.keys().next().value!);
    }
    return drawn.catch((error: unknown) => {
      throw heavyError(error);
    });
  };

  const find = async (q: Queryable, uuid: string, lock = false): Promise<SignRow | null> => {
    const [row] = await q.query<SignRow>(
      `select s.uuid::text as uuid, s.application_id::text as application_id, s.status, s.expires_at, s.failures, s.file_id::text as file_id, a.ywbh
         from sign_request s join application a on a.id = s.application_id where s.uuid = $1${lock ? ' for update of s' : ''}`,
      [uuid],
    );
    return row ?? null;
  };

  /** The link if the phone may still use it (waiting or opened, not expired), else 410. */
  const live = async (q: Queryable, uuid: string, lock = false): Promise<SignRow> => {
    const row = await find(q, uuid, lock);
    if (!row) throw new ApiError(410, SIGN_MESSAGES.dead);
    const status = statusOf(row, now());
    if (status !== SIGN_STATUS.waiting && status !== SIGN_STATUS.opened) throw new ApiError(410, SIGN_MESSAGES.dead);
    return row;
  };

  /** The application of a link for the desktop: its owner's session (or the centre), else 403 like any stranger. */
  const ownLink = async (request: FastifyRequest, uuid: string): Promise<SignRow> => {
    const row = await find(db, uuid);
    if (!row) throw new ApiError(403);
    await applicationOf(callerOf(request), row.ywbh);
    return row;
  };

  const applicationById = async (q: Queryable, id: string): Promise<ApplicationRow> => {
    const [row] = await q.query<ApplicationRow>(
      `select id::text as id, ywbh, ywlx, zt, user_id::text as user_id, account_id::text as account_id, login, zh, payload, created_at,
              submitted_at, to_char(promised_date, 'YYYY-MM-DD') as promised_date, time_limit_days, updated_at
         from application where id = $1`,
      [id],
    );
    if (!row) throw new ApiError(410, SIGN_MESSAGES.dead);
    return row;
  };

  archive.post<{ Body: { ywbh: string } }>(
    `${prefix}/qm`,
    {
      ...pre,
      schema: {
        summary: '生成授权委托书扫码签署链接（二维码内容为 urlBase + uuid）',
        tags,
        body: { type: 'object', required: ['ywbh'], additionalProperties: false, properties: { ywbh: { type: 'string', pattern: '^[A-Z]{2}[0-9]{4}[0-9]{8}[0-9]{8}$', description: '业务编号', 'x-msg': '业务编号格式不正确', 'x-required-msg': '缺少业务编号' } } },
        response: envelope({ type: 'object', properties: { uuid: { type: 'string' }, urlBase: { type: 'string' }, exp: { type: 'integer' }, codeImgBase64: { type: 'string' } } }),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (caller.kind === 'centre') throw new ApiError(403, SIGN_MESSAGES.centreCannotSign);
      const app = await applicationOf(caller, request.body.ywbh);
      requireChangeable(app, 'applicant');
      const at = now();
      const uuid = randomUUID();
      await db.transaction(async (tx) => {
        // Housekeeping through the index: links a day past their end are of no use to anyone.
        await tx.query(
          'delete from sign_request where uuid in (select uuid from sign_request where expires_at < $1 order by expires_at limit 1000)',
          [new Date(at.getTime() - 86_400_000)],
        );
        // One live link per application: the earlier ones answer 9.
        await tx.query(`update sign_request set status = 'replaced' where application_id = $1 and status in ('waiting', 'opened')`, [app.id]);
        await tx.query(
          `insert into sign_request (uuid, application_id, status, created_at, expires_at) values ($1, $2, 'waiting', $3, $4)`,
          [uuid, app.id, at, new Date(at.getTime() + ttlSeconds * 1000)],
        );
      });
      // Never the request's Host header (HALL_PUBLIC_URL, else the listening address).
      const urlBase = `${archive.publicUrl()}/home.html#/mobileSign?uuid=`;
      // The QR drawn here, as the login QR's (spec 3.7 codeImgBase64): the desktop element then carries no QR generator.
      const codeImgBase64 = await QRCode.toDataURL(urlBase + uuid, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
      return ok({ uuid, urlBase, exp: ttlSeconds, codeImgBase64 });
    },
  );

  const pollAnswer = envelope({ type: 'object', properties: { status: { type: 'integer' }, fileId: { type: 'string' } } });
  for (const call of ['qsztcx', 'qswc'] as const) {
    archive.post<{ Body: { uuid: string } }>(
      `${prefix}/${call}`,
      {
        ...pre,
        schema: {
          summary: call === 'qsztcx' ? '签署状态（0 待扫码、1 已扫码、10 已签署、9 已失效、11 失败）' : '签署完成确认（同签署状态，已签署时带 fileId）',
          tags,
          body: { type: 'object', required: ['uuid'], additionalProperties: false, properties: { uuid: uuidField } },
          response: pollAnswer,
        },
      },
      async (request) => {
        const row = await ownLink(request, request.body.uuid);
        const status = statusOf(row, now());
        return ok({ status, ...(call === 'qswc' && status === SIGN_STATUS.signed && row.file_id ? { fileId: row.file_id } : {}) });
      },
    );
  }

  archive.post<{ Body: { ywbh: string } }>(
    `${prefix}/getQmCls`,
    {
      ...pre,
      schema: {
        summary: '已签署的授权委托书',
        tags,
        body: { type: 'object', required: ['ywbh'], additionalProperties: false, properties: { ywbh: { type: 'string', pattern: '^[A-Z]{2}[0-9]{4}[0-9]{8}[0-9]{8}$', description: '业务编号', 'x-msg': '业务编号格式不正确', 'x-required-msg': '缺少业务编号' } } },
        response: envelope({ type: 'array', items: { type: 'object', properties: { fileId: { type: 'string' }, signedAt: { type: 'string' } } } }),
      },
    },
    async (request) => {
      const app = await applicationOf(callerOf(request), request.body.ywbh);
      // Only letters still stored (a deleted one is no longer the application's).
      const rows = await db.query<{ file_id: string; signed_at: Date }>(
        `select s.file_id::text as file_id, s.signed_at from sign_request s join archive_file f on f.file_id = s.file_id
          where s.application_id = $1 and s.status = 'signed' order by s.signed_at desc`,
        [app.id],
      );
      return ok(rows.map((r) => ({ fileId: r.file_id, signedAt: centreDateTime(new Date(r.signed_at)) })));
    },
  );

  // --- the phone: no session; the uuid is the capability ---------------------------------------------------------

  archive.get<{ Querystring: { uuid: string } }>(
    `${prefix}/qmInfo`,
    {
      onRequest: previewsByAddress,
      schema: {
        summary: '手机签署页：授权委托书预览（姓名、证件号码已脱敏）',
        tags,
        querystring: { type: 'object', required: ['uuid'], properties: { uuid: uuidField } },
        response: envelope(object({ applicantName: STRING, ywbh: STRING, ywmc: STRING, letterBase64: STRING, letterText: STRING, exp: INTEGER })),
      },
    },
    async (request) => {
      const at = now();
      const link = await live(db, request.query.uuid);
      if (!(await previewsByLink.hit(link.uuid, at.getTime()))) throw new ApiError(429, TOO_MANY_REQUESTS_MESSAGE);
      await db.query(`update sign_request set status = 'opened', opened_at = $2 where uuid = $1 and status = 'waiting'`, [link.uuid, at]);
      const app = await applicationById(db, link.application_id);
      const { phone: _phone, ...data } = await letterData(db, app, at);
      // Whoever sees the QR learns nothing: the preview masks the name and the number; the stored letter does not.
      const masked = { ...data, name: maskName(data.name), idNumber: maskIdCard(data.idNumber) };
      const preview = await previewOf(masked);
      return ok({
        applicantName: maskName(data.name),
        ywbh: app.ywbh,
        ywmc: data.ywmc,
        letterBase64: Buffer.from(preview).toString('base64'),
        // The same letter as text, to read on a phone, where a PDF may not show in the page.
        letterText: [LETTER_TITLE, ...letterLines(masked).map((line) => (line.length === 2 ? `${line[0]}：${line[1]}` : line[0]))].join('\n'),
        exp: Math.max(0, Math.floor((new Date(link.expires_at).getTime() - at.getTime()) / 1000)),
      });
    },
  );

  archive.post<{ Body: { uuid: string } }>(
    `${prefix}/sendQmSmsCode`,
    {
      schema: {
        summary: '手机签署页：向申请人预留的手机号码发送验证码',
        tags,
        body: { type: 'object', required: ['uuid'], additionalProperties: false, properties: { uuid: uuidField } },
        response: envelope({ type: 'null' }),
      },
    },
    async (request) => {
      const at = now();
      const link = await live(db, request.body.uuid);
      const app = await applicationById(db, link.application_id);
      const { phone } = await letterData(db, app, at);
      // The caller cannot choose the number: only the applicant's own phone, and the shared limits (the link is the subject).
      if (phone) await sendSms(db, archive, { subject: `sign:${link.uuid}`, client: request.ip, purpose: purposeOf(link.uuid), at }, { phone });
      return ok(null, SIGN_MESSAGES.smsSent);
    },
  );

  archive.post<{ Body: { uuid: string; smsCode: string; signature: string } }>(
    `${prefix}/qmSubmit`,
    {
      bodyLimit: Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 4096,
      schema: {
        summary: '手机签署页：提交签名（验证码核验申请人本人），签名盖于授权委托书并存为材料 SQS',
        tags,
        body: {
          type: 'object',
          required: ['uuid', 'smsCode', 'signature'],
          additionalProperties: false,
          properties: {
            uuid: uuidField,
            smsCode: { type: 'string', pattern: '^[0-9]{4,8}$', description: '短信验证码', 'x-msg': '请输入正确的短信验证码', 'x-required-msg': '请输入短信验证码' },
            signature: { type: 'string', minLength: 1, description: '签名', 'x-required-msg': SIGN_MESSAGES.noSignature, 'x-msg': SIGN_MESSAGES.noSignature },
          },
        },
        response: envelope({ type: 'object', properties: { fileId: { type: 'string' }, signedAt: { type: 'string' } } }),
      },
    },
    async (request) => {
      const at = now();
      const { uuid, smsCode, signature } = request.body;
      const link = await live(db, uuid);
      const match = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(signature);
      if (!match) throw new ApiError(400, SIGN_MESSAGES.badSignature);
      const png = Buffer.from(match[1]!, 'base64');
      const type = sniff(png);
      if (
        png.length > SIGNATURE_MAX_BYTES ||
        type?.mimeType !== 'image/png' ||
        (type.width ?? 0) < 50 ||
        (type.height ?? 0) < 20 ||
        !pixelsWithin(type, Math.min(maxPixels, SIGNATURE_MAX_PIXELS))
      ) {
        throw new ApiError(400, SIGN_MESSAGES.badSignature);
      }
      const app = await applicationById(db, link.application_id);
      const data = await letterData(db, app, at);
      try {
        await useSmsCode(db, { phone: data.phone, purpose: purposeOf(link.uuid), code: smsCode, at });
      } catch (error) {
        if (error instanceof ApiError && error.message === SMS_CODE_WRONG_MESSAGE) {
          await db.query(
            `update sign_request set failures = failures + 1, status = case when failures + 1 >= $2 then 'failed' else status end where uuid = $1`,
            [link.uuid, SIGN_MAX_FAILURES],
          );
        }
        throw error;
      }
      requireChangeable(app, 'applicant');
      const signedAt = centreDateTime(at);
      let pdf: Uint8Array;
      try {
        pdf = await heavy.render({ op: 'letter', data, signed: { signaturePng: png, signedAt } });
      } catch (error) {
        const refused = heavyError(error);
        throw refused instanceof ApiError ? refused : new ApiError(400, SIGN_MESSAGES.badSignature);
      }
      const file = await files.save(app, LETTER_CLBH, `授权委托书-${app.ywbh}.pdf`, pdf, 'signing', {
        replace: true,
        within: async (tx, saved) => {
          // Spent in the transaction that stores the letter: two submissions at once cannot both sign.
          const spent = await tx.query(
            `update sign_request set status = 'signed', signed_at = $2, file_id = $3 where uuid = $1 and status in ('waiting', 'opened') and expires_at > $2 returning uuid`,
            [link.uuid, at, saved.fileId],
          );
          if (!spent.length) throw new ApiError(410, SIGN_MESSAGES.dead);
        },
      });
      return ok({ fileId: file.fileId, signedAt }, SIGN_MESSAGES.signed);
    },
  );
}
