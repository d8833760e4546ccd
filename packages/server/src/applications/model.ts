import type { FastifyBaseLogger } from 'fastify';
import { sendMessage } from '../messages/messages';
import type { Db, Queryable } from '../db/db';
import { ApiError } from '../http/envelope';
import type { SmsGateway } from '../outbox/outbox';
import { centreDate, centreDateTime } from '../clock';
import type { Applicant, Business } from '../business/types';
import { businessOf } from '../business/registry';
import { promisedDate } from './calendar';
import { checkPayload } from './payload';
import { checkRestrictions, loginTypeRefusal } from './restrictions';
import { STATUS, findTransition, transitionRefusal, type Action, type ActorKind, type Status } from './status';
import { nextYwbh } from './ywbh';
import { DRAFT_YWBH_FIELD } from './draftbox';
import { requireDraftRoom, requireReservationRoom } from './quotas';
import { missingMaterials, missingMessage } from '../archive/materials';

/**
 * The applications spine (docs/api-applications.md): saving drafts, submitting, the centre's decisions and the
 * applicant's withdrawals all go through `transition`, which takes the status machine's table, writes an event row
 * and, on completion, the business's change of the records in the same transaction. An SMS tells the applicant of
 * every status change once it is committed.
 */

/** An application row as the spine reads it. */
export interface ApplicationRow {
  id: string;
  ywbh: string;
  ywlx: string;
  zt: Status;
  user_id: string;
  account_id: string;
  login: string;
  zh: string;
  payload: Record<string, unknown>;
  created_at: Date;
  submitted_at: Date | null;
  promised_date: string | null;
  time_limit_days: number;
  updated_at: Date;
}

const COLUMNS = `id::text as id, ywbh, ywlx, zt, user_id::text as user_id, account_id::text as account_id, login, zh, payload,
  created_at, submitted_at, to_char(promised_date, 'YYYY-MM-DD') as promised_date, time_limit_days, updated_at`;

/** How long a number reserved with id/getYthptYwbh stays the account's (a wizard left open for a week still submits). */
export const RESERVATION_TTL_MS = 30 * 86_400_000;

/** Who takes a transition. */
export interface Actor {
  kind: ActorKind;
  /** The login's account, the operator's id, or 'auto'. */
  id: string;
  name: string;
}

export const SYSTEM_ACTOR: Actor = { kind: 'system', id: 'auto', name: '系统自动办理' };

/** The answer for another login's, or an unknown, business number: the catalogue's 403, nothing else. */
export const notYours = (): ApiError => new ApiError(403);

/** Messages of the spine. */
export const APPLICATION_MESSAGES = {
  unknownType: '不支持的业务类型',
  reasonsRequired: (label: string) => `请填写${label}原因`,
  notFound: '业务不存在',
  /** Submission without a required material (issue 31 item 3): the collector's `cjtj` words. */
  missingMaterials: missingMessage,
  /** A placeholder business (registry flag `placeholder`) until its module exists (issue 31 item 9). */
  notOpen: (ywmc: string) => `“${ywmc}”暂未开通网上办理，请到住房公积金管理中心柜台办理`,
  /** The centre cannot complete a placeholder: its completion would change nothing. */
  notOpenComplete: (ywmc: string) => `“${ywmc}”暂未开通网上办理，不能在网上办结，请退回或不予受理`,
} as const;

export interface ApplicationsDeps {
  db: Db;
  sms: SmsGateway;
  now: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export interface TransitionInput {
  note?: string;
  reasons?: readonly string[];
  /** The new payload (resubmit). */
  payload?: Record<string, unknown>;
}

/** The business of a code, or a 400 for an unknown one. */
export function requireBusiness(ywlx: string): Business {
  const business = businessOf(ywlx);
  if (!business) throw new ApiError(400, APPLICATION_MESSAGES.unknownType);
  return business;
}

/**
 * The business of a code that is open for online applications: 409 for a placeholder (issue 31 item 9), so a draft,
 * a number, a submission or a resubmission of a business without its module is refused by the registry's flag.
 */
export function requireOpenBusiness(ywlx: string): Business {
  const business = requireBusiness(ywlx);
  if (business.placeholder) throw new ApiError(409, APPLICATION_MESSAGES.notOpen(business.ywmc));
  return business;
}

/** The application of `ywbh` if it belongs to the applicant's account; 403 otherwise (unknown numbers too). */
export async function ownApplication(q: Queryable, ywbh: string, applicant: Applicant, lock = false): Promise<ApplicationRow> {
  const [row] = await q.query<ApplicationRow>(`select ${COLUMNS} from application where ywbh = $1${lock ? ' for update' : ''}`, [ywbh]);
  if (!row || row.account_id !== applicant.accountId) throw notYours();
  return row;
}

/** The application of `ywbh` for the centre; 404 when there is none. */
export async function centreApplication(q: Queryable, ywbh: string, lock = false): Promise<ApplicationRow> {
  const [row] = await q.query<ApplicationRow>(`select ${COLUMNS} from application where ywbh = $1${lock ? ' for update' : ''}`, [ywbh]);
  if (!row) throw new ApiError(404, APPLICATION_MESSAGES.notFound);
  return row;
}

async function insertEvent(q: Queryable, applicationId: string, at: Date, from: Status | null, to: Status, actor: Actor, input: TransitionInput): Promise<void> {
  await q.query(
    `insert into application_event (application_id, at, from_zt, zt, actor_kind, actor, actor_name, note, reasons)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [applicationId, at, from, to, actor.kind, actor.id, actor.name, input.note ?? '', [...(input.reasons ?? [])]],
  );
}

const phoneOf = async (q: Queryable, userId: string): Promise<string> =>
  (await q.query<{ phone: string }>('select phone from app_user where id = $1', [userId]))[0]?.phone ?? '';

/** The SMS text of a status change. */
export function statusSms(app: { ywbh: string; ywlx: string; promisedDate?: string | null }, zt: Status, reasons: readonly string[] = []): string {
  const ywmc = businessOf(app.ywlx)?.ywmc ?? app.ywlx;
  const head = `【住房公积金】您的“${ywmc}”（业务编号 ${app.ywbh}）`;
  const why = reasons.length ? `，原因：${reasons.join('；')}` : '';
  switch (zt) {
    case '01':
      return `${head}已提交，承诺办结日期 ${app.promisedDate ?? ''}。可在网上业务大厅“我的业务”查看进度。`;
    case '02':
      return `${head}已受理，中心正在办理。`;
    case '03':
      return `${head}已办结。`;
    case '04':
      return `${head}已退回${why}。请登录网上业务大厅修改后重新提交。`;
    case '05':
      return `${head}不予受理${why}。如有疑问请致电 12329。`;
    case '06':
      return `${head}已撤回。`;
    default:
      return `${head}已保存为草稿。`;
  }
}

const STATUS_TITLES: Partial<Record<Status, string>> = { '01': '已提交', '02': '已受理', '03': '已办结', '04': '已退回', '05': '不予受理', '06': '已撤回' };

/** The message of a status change: its SMS text without the 【住房公积金】 signature, titled by business and status. */
function statusMessage(app: { ywbh: string; ywlx: string; user_id: string }, zt: Status, sms: string) {
  const ywmc = businessOf(app.ywlx)?.ywmc ?? app.ywlx;
  return {
    userId: app.user_id,
    category: 'ywbl' as const,
    title: `${ywmc}${STATUS_TITLES[zt] ?? '状态已更新'}`,
    body: sms.replace(/^【住房公积金】/, ''),
  };
}

/** The applications spine over one database and SMS gateway. */
export function createApplications(deps: ApplicationsDeps) {
  const { db, sms, now } = deps;

  /** Tells the applicant's login of each committed change; a failed SMS is logged and undoes nothing. */
  async function notify(
    app: { ywbh: string; ywlx: string; user_id: string },
    changes: ReadonlyArray<{ zt: Status; reasons?: readonly string[]; promisedDate?: string | null }>,
    phone?: string,
  ): Promise<void> {
    // The same words in the login's messages (/sysMsg/msgHome), whether or not an SMS can be sent.
    for (const change of changes) {
      try {
        await sendMessage(db, statusMessage(app, change.zt, statusSms({ ...app, promisedDate: change.promisedDate ?? null }, change.zt, change.reasons)), now());
      } catch (error) {
        deps.log?.warn({ err: error, ywbh: app.ywbh }, '业务状态消息写入失败');
      }
    }
    const to = phone ?? (await phoneOf(db, app.user_id));
    if (!to) return;
    for (const change of changes) {
      try {
        await sms.notify(to, statusSms({ ...app, promisedDate: change.promisedDate ?? null }, change.zt, change.reasons));
      } catch (error) {
        deps.log?.warn({ err: error, ywbh: app.ywbh }, '业务状态短信发送失败');
      }
    }
  }

  /**
   * Checks the form the applicant sends on submit and resubmit: the schema (400), then the business's rules (400 with
   * the row's message, or a bare 403 for a row about whose record it is).
   */
  async function checkForm(applicant: Applicant, business: Business, payload: unknown, ywbh?: string): Promise<void> {
    checkPayload(business, payload);
    for (const rule of business.rules) {
      const ctx = { q: db, applicant, payload: payload as Record<string, unknown>, now: now(), ...(ywbh ? { ywbh } : {}) };
      if (!(await rule.holds(ctx))) throw rule.status === 403 ? notYours() : new ApiError(400, rule.message ? await rule.message(ctx) : rule.msg);
    }
  }

  /**
   * The restrictions (409), inside the transaction that submits, with the applicant's account row locked: two
   * submissions at once (a double click, two instances) are checked one after the other, so "one withdrawal at a
   * time" holds on PostgreSQL too.
   */
  /**
   * The required materials of the answers being submitted, against the application's files (issue 31 item 3): 400
   * naming every missing one in the collector's words (`cjtj`, the same function), inside the submitting transaction
   * after the application row is locked, so a file deleted at the same moment waits for the status or is refused.
   */
  async function checkMaterials(tx: Queryable, applicationId: string | null, ywlx: string, payload: Record<string, unknown>): Promise<void> {
    const missing = await missingMaterials(tx, { id: applicationId, ywlx, payload });
    if (missing.length) throw new ApiError(400, APPLICATION_MESSAGES.missingMaterials(missing));
  }

  async function checkStops(tx: Queryable, applicant: Applicant, business: Business, ywbh?: string): Promise<void> {
    await tx.query('select 1 from user_account where id = $1 for update', [applicant.accountId]);
    const stops = await checkRestrictions({ q: tx, applicant, business, now: now(), ...(ywbh ? { ywbh } : {}) });
    if (stops[0]) throw new ApiError(409, stops[0].msg);
  }

  /**
   * Applies `actions` in order to one application, in one transaction: each must be allowed by the table from the
   * status the previous one left, and `complete` runs the business's change of the records in the same transaction.
   * Throwing anywhere leaves the application as it was. Then one SMS per change.
   */
  async function transition(
    find: (tx: Queryable) => Promise<ApplicationRow>,
    actions: readonly Action[],
    actor: Actor,
    input: TransitionInput = {},
  ): Promise<ApplicationRow> {
    const at = now();
    const changes: Array<{ zt: Status; reasons?: readonly string[]; promisedDate?: string | null }> = [];
    let phone = '';
    const result = await db.transaction(async (tx) => {
      const app = await find(tx);
      // The phone before completion: a phone change is told to the number it replaces (whoever holds it should know).
      phone = await phoneOf(tx, app.user_id);
      const business = requireBusiness(app.ywlx);
      let zt = app.zt;
      let payload = app.payload;
      let submittedAt = app.submitted_at;
      let promised = app.promised_date;
      for (const action of actions) {
        const t = findTransition(action, zt);
        if (!t) throw new ApiError(409, transitionRefusal(action, zt));
        if (!t.by.includes(actor.kind)) throw new ApiError(403);
        const reasons = (input.reasons ?? []).map((r) => r.trim()).filter(Boolean);
        if (t.needsReasons && reasons.length === 0) throw new ApiError(400, APPLICATION_MESSAGES.reasonsRequired(t.label));
        if (action === 'submit' || action === 'resubmit') {
          if (input.payload) payload = input.payload;
          submittedAt = at;
          promised = await promisedDate(tx, centreDate(at), business.timeLimitDays);
        }
        if (action === 'complete') {
          if (business.placeholder) throw new ApiError(409, APPLICATION_MESSAGES.notOpenComplete(business.ywmc));
          await business.complete({
            tx,
            at,
            application: { id: app.id, ywbh: app.ywbh, ywlx: app.ywlx, userId: app.user_id, accountId: app.account_id, zh: app.zh, payload },
          });
        }
        await insertEvent(tx, app.id, at, zt, t.to, actor, { ...input, reasons: t.needsReasons ? reasons : [] });
        zt = t.to;
        changes.push({ zt, ...(t.needsReasons ? { reasons } : {}), promisedDate: promised });
      }
      const [row] = await tx.query<ApplicationRow>(
        `update application set zt = $2, payload = $3, submitted_at = $4, promised_date = $5, updated_at = $6 where id = $1
         returning ${COLUMNS}`,
        [app.id, zt, JSON.stringify(payload), submittedAt, promised, at],
      );
      return row!;
    });
    await notify(result, changes, phone);
    return result;
  }

  /** Runs the type's automatic rule after a submission; a failure leaves the application for the centre. */
  async function runAutomatic(app: ApplicationRow, applicant: Applicant): Promise<ApplicationRow> {
    const business = requireBusiness(app.ywlx);
    if (!business.automatic) return app;
    const decision = await business.automatic.decide({ q: db, applicant, payload: app.payload, now: now() });
    if (!decision) return app;
    try {
      return await transition((tx) => ownApplication(tx, app.ywbh, applicant, true), decision === 'complete' ? ['accept', 'complete'] : ['accept'], SYSTEM_ACTOR, {
        note: business.automatic.description,
      });
    } catch (error) {
      deps.log?.error({ err: error, ywbh: app.ywbh }, '自动办理失败，留待中心人工办理');
      return app;
    }
  }

  /** A new application row (draft or submitted) under a fresh or reserved number, with its first event. */
  async function insertApplication(tx: Queryable, applicant: Applicant, business: Business, ywbh: string | undefined, zt: Status, payload: unknown, at: Date, actor: Actor) {
    let number = ywbh;
    if (number) {
      const spent = await tx.query(
        'delete from ywbh_reservation where ywbh = $1 and account_id = $2 and ywlx = $3 and reserved_at >= $4 returning 1',
        [number, applicant.accountId, business.ywlx, new Date(at.getTime() - RESERVATION_TTL_MS)],
      );
      if (spent.length === 0) throw notYours();
    } else {
      number = await nextYwbh(tx, business.ywlx, at);
    }
    const promised = zt === '01' ? await promisedDate(tx, centreDate(at), business.timeLimitDays) : null;
    const [row] = await tx.query<ApplicationRow>(
      `insert into application (ywbh, ywlx, zt, user_id, account_id, login, zh, payload, created_at, submitted_at, promised_date, time_limit_days, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $9)
       returning ${COLUMNS}`,
      [number, business.ywlx, zt, applicant.userId, applicant.accountId, applicant.login, applicant.zh, JSON.stringify(payload), at, zt === '01' ? at : null, promised, business.timeLimitDays],
    );
    await insertEvent(tx, row!.id, at, null, zt, actor, {});
    return row!;
  }

  /** A draft or a number only for a business the login may apply for (issue 31 item 7): 403 with the restriction's words. */
  const requireLoginType = (applicant: Applicant, business: Business): void => {
    const refusal = loginTypeRefusal(business, applicant.loginType);
    if (refusal) throw new ApiError(403, refusal);
  };

  const applicantActor = (applicant: Applicant, name: string): Actor => ({ kind: 'applicant', id: applicant.login, name });

  return {
    transition,
    notify,

    /** Reserves a business number for `ywlx` (id/getYthptYwbh). */
    async reserve(applicant: Applicant, ywlx: string): Promise<string> {
      const business = requireBusiness(ywlx);
      requireLoginType(applicant, business);
      requireOpenBusiness(ywlx);
      return db.transaction(async (tx) => {
        const at = now();
        // The account's row locked: two reservations at once cannot both pass the quota.
        await tx.query('select 1 from user_account where id = $1 for update', [applicant.accountId]);
        await requireReservationRoom(tx, applicant.accountId, new Date(at.getTime() - RESERVATION_TTL_MS));
        const ywbh = await nextYwbh(tx, business.ywlx, at);
        await tx.query('insert into ywbh_reservation (ywbh, ywlx, account_id, reserved_at) values ($1, $2, $3, $4)', [ywbh, ywlx, applicant.accountId, at]);
        // Numbers reserved long ago and never used go (at most a thousand a call, oldest first, through the index).
        await tx.query(
          `delete from ywbh_reservation where ywbh in (select ywbh from ywbh_reservation where reserved_at < $1 order by reserved_at limit 1000)`,
          [new Date(at.getTime() - RESERVATION_TTL_MS)],
        );
        return ywbh;
      });
    },

    /**
     * Saves a draft: the applicant's own draft (zt 00) of `ywbh` again; without a number (or with a reserved one), the
     * login's draft of the type if it has one (one per login, account and type), else a new one.
     */
    async saveDraft(applicant: Applicant, applicantName: string, ywlx: string, ywbh: string | undefined, payload: Record<string, unknown>): Promise<ApplicationRow> {
      const business = requireBusiness(ywlx);
      requireLoginType(applicant, business);
      requireOpenBusiness(ywlx);
      return db.transaction(async (tx) => {
        const at = now();
        if (ywbh) {
          const [existing] = await tx.query<{ id: string; account_id: string; zt: Status; ywlx: string }>(
            'select id::text as id, account_id::text as account_id, zt, ywlx from application where ywbh = $1 for update',
            [ywbh],
          );
          if (existing) {
            if (existing.account_id !== applicant.accountId) throw notYours();
            if (existing.ywlx !== ywlx) throw new ApiError(400, '业务编号与业务类型不符');
            if (existing.zt !== '00') throw new ApiError(409, `业务当前状态为“${STATUS[existing.zt]}”，不能保存为草稿`);
            const [row] = await tx.query<ApplicationRow>(`update application set payload = $2, updated_at = $3 where id = $1 returning ${COLUMNS}`, [
              existing.id,
              JSON.stringify(payload),
              at,
            ]);
            return row!;
          }
        }
        await tx.query('select 1 from user_account where id = $1 for update', [applicant.accountId]);
        // One draft per login, account and type (issue 31 item 7; the draftbox keeps one working copy the same way):
        // the login's draft of the type, read under the account's lock, takes the new answers and keeps its number and
        // files. A reserved number given here stays reserved. Migration 125's unique index holds it on any instance.
        const [own] = await tx.query<{ id: string }>(
          `select id::text as id from application where user_id = $1 and account_id = $2 and ywlx = $3 and zt = '00' for update`,
          [applicant.userId, applicant.accountId, business.ywlx],
        );
        if (own) {
          const [row] = await tx.query<ApplicationRow>(`update application set payload = $2, updated_at = $3 where id = $1 returning ${COLUMNS}`, [own.id, JSON.stringify(payload), at]);
          return row!;
        }
        await requireDraftRoom(tx, applicant.accountId);
        return insertApplication(tx, applicant, business, ywbh, '00', payload, at, applicantActor(applicant, applicantName));
      });
    },

    /** Submits: a new application, a reserved number, or the applicant's own draft. Then the automatic rule. */
    async submit(applicant: Applicant, applicantName: string, ywlx: string, ywbh: string | undefined, payload: Record<string, unknown>): Promise<ApplicationRow> {
      const business = requireOpenBusiness(ywlx);
      if (ywbh) {
        // The number must be the applicant's own draft or reservation before anything about the payload is said.
        const [existing] = await db.query<{ account_id: string; zt: Status; ywlx: string }>(
          'select account_id::text as account_id, zt, ywlx from application where ywbh = $1',
          [ywbh],
        );
        if (existing && existing.account_id !== applicant.accountId) throw notYours();
        if (existing && existing.ywlx !== ywlx) throw new ApiError(400, '业务编号与业务类型不符');
        if (existing && existing.zt !== '00') throw new ApiError(409, transitionRefusal('submit', existing.zt));
        if (!existing) {
          const reserved = await db.query('select 1 from ywbh_reservation where ywbh = $1 and account_id = $2 and reserved_at >= $3', [
            ywbh,
            applicant.accountId,
            new Date(now().getTime() - RESERVATION_TTL_MS),
          ]);
          if (reserved.length === 0) throw notYours();
        }
      }
      await checkForm(applicant, business, payload, ywbh);
      const actor = applicantActor(applicant, applicantName);
      let app: ApplicationRow;
      const [draft] = ywbh ? await db.query<{ id: string }>('select id::text as id from application where ywbh = $1', [ywbh]) : [];
      if (draft) {
        app = await transition(
          async (tx) => {
            const row = await ownApplication(tx, ywbh!, applicant, true);
            if (row.ywlx !== ywlx) throw new ApiError(400, '业务编号与业务类型不符');
            await checkStops(tx, applicant, business, row.ywbh);
            await checkMaterials(tx, row.id, ywlx, payload);
            await business.hold?.({ tx, applicant, ywbh: row.ywbh, payload, now: now() });
            return row;
          },
          ['submit'],
          actor,
          { payload },
        );
      } else {
        app = await db.transaction(async (tx) => {
          await checkStops(tx, applicant, business);
          // A new application has no files yet: any required material is missing.
          await checkMaterials(tx, null, ywlx, payload);
          const row = await insertApplication(tx, applicant, business, ywbh, '01', payload, now(), actor);
          await business.hold?.({ tx, applicant, ywbh: row.ywbh, payload, now: now() });
          return row;
        });
        await notify(app, [{ zt: '01', promisedDate: app.promised_date }]);
      }
      return runAutomatic(app, applicant);
    },

    /** The applicant corrects a returned application and submits it again. */
    async resubmit(applicant: Applicant, applicantName: string, ywbh: string, payload: Record<string, unknown>): Promise<ApplicationRow> {
      const current = await ownApplication(db, ywbh, applicant);
      const business = requireOpenBusiness(current.ywlx);
      if (current.zt !== '04') throw new ApiError(409, transitionRefusal('resubmit', current.zt));
      await checkForm(applicant, business, payload, ywbh);
      const app = await transition(
        async (tx) => {
          const row = await ownApplication(tx, ywbh, applicant, true);
          await checkStops(tx, applicant, business, ywbh);
          await checkMaterials(tx, row.id, row.ywlx, payload);
          await business.hold?.({ tx, applicant, ywbh, payload, now: now() });
          return row;
        },
        ['resubmit'],
        applicantActor(applicant, applicantName),
        { payload },
      );
      return runAutomatic(app, applicant);
    },

    /** The applicant withdraws an application the centre has not accepted. */
    async withdraw(applicant: Applicant, applicantName: string, ywbh: string): Promise<ApplicationRow> {
      return transition((tx) => ownApplication(tx, ywbh, applicant, true), ['withdraw'], applicantActor(applicant, applicantName));
    },

    /** The applicant deletes a draft (zt 00); its events go with it. */
    async deleteDraft(applicant: Applicant, ywbh: string): Promise<void> {
      await db.transaction(async (tx) => {
        const app = await ownApplication(tx, ywbh, applicant, true);
        if (app.zt !== '00') throw new ApiError(409, `业务当前状态为“${STATUS[app.zt]}”，只有草稿可以删除`);
        await tx.query('delete from application where id = $1', [app.id]);
        // A wizard draft that made this application forgets its number (its 重新填写 then has nothing to discard).
        await tx.query(`update draftbox set payload = payload - $2 where account_id = $1 and payload ->> $2 = $3`, [app.account_id, DRAFT_YWBH_FIELD, ywbh]);
      });
    },

    /** A decision of the centre on `ywbh`: accept, complete, return or reject. */
    async decide(ywbh: string, action: 'accept' | 'complete' | 'return' | 'reject', operator: string, input: TransitionInput): Promise<ApplicationRow> {
      return transition((tx) => centreApplication(tx, ywbh, true), [action], { kind: 'centre', id: operator, name: operator }, input);
    },
  };
}

export type Applications = ReturnType<typeof createApplications>;

/** The events of an application, oldest first, for the detail views. */
export async function eventsOf(q: Queryable, applicationId: string) {
  const rows = await q.query<{ at: Date; zt: Status; actor_kind: ActorKind; actor_name: string; note: string; reasons: string[] }>(
    'select at, zt, actor_kind, actor_name, note, reasons from application_event where application_id = $1 order by id',
    [applicationId],
  );
  return rows.map((r) => ({
    at: centreDateTime(new Date(r.at)),
    zt: r.zt,
    ztmc: STATUS[r.zt],
    actor: r.actor_kind,
    actorName: r.actor_name,
    note: r.note,
    reasons: r.reasons,
  }));
}
