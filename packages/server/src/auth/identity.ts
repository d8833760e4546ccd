import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { maskIdCard } from '@gjj-hall/sdk/format';
import type { Db, Queryable } from '../db/db';
import { ApiError } from '../http/envelope';
import type { SmsGateway } from '../outbox/outbox';

/**
 * Verified identity of individuals (issue 18; docs/security/identity-sso.md). A login whose person was never shown
 * to be who they say (`app_user.identity_source = 'self'`: a name and an ID number typed in) is *unverified*: it may
 * sign in and read its own information, but does no business, and the government platform's verified identity takes
 * its ID number over.
 */

/** What a business call answers an unverified login (HTTP 403). */
export const UNVERIFIED_MESSAGE = '您的身份尚未核验，暂不能办理业务。请通过政务服务网登录完成实名核验';
/** What the hall shows on an unverified login's home page (getUserInfo's `identityNotice`). */
export const IDENTITY_NOTICE =
  '身份未核验：您的账号注册时未核验本人身份，暂不能办理业务。请退出后选择“政务服务网登录”完成实名核验；核验通过后本账号将关闭，请经核验身份重新注册。';
/** A verified identity to register with lasts this long after the platform vouched for the citizen. */
export const IDENTITY_TICKET_TTL_MS = 15 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The preHandler of every business call: everything `requireSession` answers, then HTTP 403 with
     * {@link UNVERIFIED_MESSAGE} for a login whose identity is not verified (or that has been closed).
     */
    requireVerified(request: FastifyRequest): Promise<void>;
  }
}

/** Registers `app.requireVerified` (after `sessionHooks`, before the routes that use it). */
export function identityHooks(app: FastifyInstance): void {
  app.decorate('requireVerified', async (request: FastifyRequest) => {
    // The session's own rules first: 请先登录 / expired, and the initial-password gate.
    await app.requireSession(request);
    // Read with the session in the same statement, at this request (touchSession): no query of its own (issue 35).
    if (!request.session!.verified) throw new ApiError(403, UNVERIFIED_MESSAGE);
  });
}

/** The SMS an unverified login's phone gets when the ID number's owner has taken it over. */
export function takeoverNotice(idNumber: string): string {
  return (
    `【住房公积金】您以证件号码 ${maskIdCard(idNumber)} 注册的网上业务大厅账号未核验本人身份。` +
    '该证件号码的本人已通过政务服务网完成实名核验，此账号已关闭，不能再登录或找回密码。如有疑问，请致电 12329 或到住房公积金管理中心柜台咨询。'
  );
}

/**
 * The government platform has vouched for `idNumber`: every unverified individual login of that number is closed,
 * in one transaction: its sessions revoked, its password, SMS sign-in and recovery made unusable (the account text
 * renamed `closed:<id>:<number>`, the password hash and phone cleared, pending recovery tickets spent), a flexible
 * account its setup opened leaves the centre's records while no money has moved, and the closure is recorded in
 * `identity_takeover`. Then each closed login's phone is told by SMS (a failed notice is logged, it undoes nothing).
 * Returns how many logins were closed.
 */
export async function takeOverIdNumber(
  db: Db,
  sms: SmsGateway,
  idNumber: string,
  at: Date,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number> {
  const closed = await db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string; phone: string }>(
      `select id::text as id, phone from app_user
        where login_type = 1 and account = $1 and not identity_verified and closed_at is null
        for update`,
      [idNumber],
    );
    for (const row of rows) {
      await tx.query(
        `update app_user set account = 'closed:' || id || ':' || account, password_hash = '!closed', phone = '', closed_at = $2
          where id = $1`,
        [row.id, at],
      );
      await tx.query('update user_session set revoked_at = $2 where user_id = $1 and revoked_at is null', [row.id, at]);
      await tx.query('update pwd_recover_ticket set used_at = $2 where user_id = $1 and used_at is null', [row.id, at]);
      // The account number a self-made flexible setup opened is not the citizen's while nothing has been paid in
      // (no entry in the journal, issue 20); with money moved it stays on the records for the counter to settle.
      const unpaid = await tx.query<{ grzh: string }>(
        `delete from depositor_record d
          using user_account a, person_info p
          where a.user_id = $1 and p.account_id = a.id and d.zjhm = p.zjhm and d.grzh = p.grzh
            and d.kind = 'lhjy'
            and not exists (select 1 from journal_entry j where j.account_no = d.grzh)
            and exists (select 1 from flexible_setup f where f.account_id = a.id)
          returning d.grzh`,
        [row.id],
      );
      if (unpaid.length > 0) {
        await tx.query('delete from personal_account where grzh = any($1::text[])', [unpaid.map((u) => u.grzh)]);
      }
      await tx.query('insert into identity_takeover (closed_user, id_number, phone, closed_at) values ($1, $2, $3, $4)', [
        row.id,
        idNumber,
        row.phone,
        at,
      ]);
    }
    return rows;
  });
  for (const { phone } of closed) {
    if (!phone) continue;
    try {
      if (!sms.notify) throw new Error('SMS gateway has no notify()');
      await sms.notify(phone, takeoverNotice(idNumber));
    } catch (error) {
      log?.warn({ err: error }, '未核验账号已关闭，但通知短信未能发出');
    }
  }
  return closed.length;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A citizen the platform vouched for. */
export interface VerifiedCitizen {
  idNumber: string;
  name: string;
}

/** Issues a ticket to register as `citizen` (15 minutes, single use); only its hash is kept. */
export async function issueIdentityTicket(db: Queryable, citizen: VerifiedCitizen, at: Date): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await db.query('delete from gov_identity_ticket where expires_at < $1', [new Date(at.getTime() - 24 * 60 * 60_000)]);
  await db.query('insert into gov_identity_ticket (ticket_hash, id_number, name, expires_at) values ($1, $2, $3, $4)', [
    sha256(ticket),
    citizen.idNumber,
    citizen.name,
    new Date(at.getTime() + IDENTITY_TICKET_TTL_MS),
  ]);
  return ticket;
}

/** The citizen of a live (unused, unexpired) ticket, or null. Reading does not spend it. */
export async function readIdentityTicket(db: Queryable, ticket: string, at: Date): Promise<VerifiedCitizen | null> {
  const [row] = await db.query<{ id_number: string; name: string }>(
    'select id_number, name from gov_identity_ticket where ticket_hash = $1 and used_at is null and expires_at > $2',
    [sha256(ticket), at],
  );
  return row ? { idNumber: row.id_number, name: row.name } : null;
}

/** Spends a live ticket (in the registration's transaction); the citizen, or null when it is not live any more. */
export async function spendIdentityTicket(db: Queryable, ticket: string, at: Date): Promise<VerifiedCitizen | null> {
  const [row] = await db.query<{ id_number: string; name: string }>(
    `update gov_identity_ticket set used_at = $2 where ticket_hash = $1 and used_at is null and expires_at > $2
     returning id_number, name`,
    [sha256(ticket), at],
  );
  return row ? { idNumber: row.id_number, name: row.name } : null;
}
