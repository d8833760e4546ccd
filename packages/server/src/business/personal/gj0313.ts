import { revokeOtherSessions, type REVOKED_REASONS } from '../../auth/session';
import type { Queryable } from '../../db/db';
import { defineBusiness } from '../types';

/**
 * GJ0313 个人手机号码变更 (a code of our choosing, next to GJ0302 in the personal account series; spec 2.4 names
 * only the unit's batch change GJ0311): the depositor's phone on the centre's records and the login's phone (SMS
 * sign-in, notices) become the new number. Completes at once.
 */

export interface Gj0313Payload {
  sjhm: string;
}

/**
 * The phone-change parameters (configuration; docs/api-personal.md): how long a proof of both numbers stays good for
 * the submission, the SMS purposes of the two codes, and why the other sessions end.
 */
export const PHONE_CHANGE_PARAMS = {
  /** A proof (codes to the old and new number, or the password and the new number's code) is good this long. */
  proofTtlMs: 10 * 60_000,
  oldPurpose: 'phoneOld',
  newPurpose: 'phoneNew',
  sessionReason: 'phoneChanged' as keyof typeof REVOKED_REASONS,
} as const;

/** Said when the new number is another login's phone: never whose. */
export const PHONE_TAKEN_MESSAGE = '该手机号码已被其他登录账号绑定，不能变更为此号码。如该号码确为您本人使用，请携带本人身份证件到住房公积金管理中心柜台办理';
/** Said when the submission comes without a live proof of both numbers. */
export const PHONE_UNPROVEN_MESSAGE = '请先完成原手机号码（或登录密码）和新手机号码的短信验证；验证 10 分钟内有效，过期请重新验证';

/** Whether `phone` is the phone of a login of the same type other than `userId` (SMS sign-in would be ambiguous). */
export async function phoneTaken(q: Queryable, userId: string, phone: string): Promise<boolean> {
  const rows = await q.query('select 1 from app_user where login_type = 1 and phone = $1 and id <> $2 limit 1', [phone, userId]);
  return rows.length > 0;
}

/** The live proof of `userId` for `phone`, if any (the newest). */
export async function liveProof(q: Queryable, userId: string, phone: string, at: Date, lock = false) {
  const [row] = await q.query<{ id: string; keep_session: string }>(
    `select id::text as id, keep_session from phone_change_check
      where user_id = $1 and new_phone = $2 and used_at is null and expires_at > $3
      order by expires_at desc limit 1${lock ? ' for update' : ''}`,
    [userId, phone, at],
  );
  return row;
}

export const gj0313 = defineBusiness<Gj0313Payload>({
  ywlx: 'GJ0313',
  ywmc: '个人手机号码变更',
  area: 'personal',
  loginTypes: [1],
  timeLimitDays: 1,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['sjhm'],
    properties: {
      sjhm: {
        type: 'string',
        pattern: '^1[3-9]\\d{9}$',
        description: '新手机号码',
        'x-msg': '请输入正确的 11 位手机号码',
        'x-required-msg': '请输入新手机号码',
      },
    },
  },
  rules: [
    {
      name: 'phone-differs',
      description: '新手机号码与账户现有手机号码不同',
      msg: '新手机号码与原手机号码相同，无需变更',
      async holds({ q, applicant, payload }) {
        const [row] = await q.query<{ sjhm: string }>('select sjhm from person_info where account_id = $1', [applicant.accountId]);
        return row?.sjhm !== payload.sjhm;
      },
    },
    {
      name: 'phone-free',
      description: '新手机号码不是其他个人登录账号的手机号码（短信登录和找回密码按号码找账号）',
      msg: PHONE_TAKEN_MESSAGE,
      holds: async ({ q, applicant, payload }) => !(await phoneTaken(q, applicant.userId, payload.sjhm)),
    },
    {
      name: 'phone-proven',
      description: '10 分钟内已验证：原手机号码的短信验证码（原号码已停用时为登录密码），以及新手机号码的短信验证码（sjhbg/verify）',
      msg: PHONE_UNPROVEN_MESSAGE,
      param: 'PHONE_CHANGE_PARAMS.proofTtlMs',
      holds: async ({ q, applicant, payload, now }) => Boolean(await liveProof(q, applicant.userId, payload.sjhm, now ?? new Date())),
    },
  ],
  guide: {
    blqd: '网上业务大厅、住房公积金管理中心各服务网点柜台',
    fwdx: '本中心住房公积金缴存职工',
    bjsj: '提交后即时办结',
    xzdy: '缴存职工的手机号码发生变化时，变更住房公积金账户登记的手机号码和网上业务大厅的登录手机号码。',
    slyj: '本中心住房公积金归集管理办法',
    sltj: '1. 个人住房公积金账户状态正常；2. 新号码为本人实名登记的手机号码。',
    sqcl: '无需材料。原手机号码仍在使用的，验证原号码的短信验证码；原号码已停用的，验证登录密码。新手机号码均须验证短信验证码。',
    bllc: '1. 阅读办理须知并同意；2. 验证原手机号码（或登录密码）和新手机号码；3. 核对信息并提交；4. 即时办结，结果以短信通知原手机号码。',
    bljg: '账户登记的手机号码和短信登录、找回密码所用的号码变为新号码；本账号在其他设备上的登录需重新登录。',
    bz: '变更后，短信验证码和业务通知将发往新号码。',
  },
  materials: [],
  notice:
    '一、本业务变更您住房公积金账户登记的手机号码，以及网上业务大厅短信登录所用的号码。\n' +
    '二、请确认新号码为您本人实名登记、正在使用的号码。\n' +
    '三、原手机号码仍在使用的，须验证发往原号码的短信验证码；原号码已停用的，须输入登录密码。新号码须验证短信验证码。\n' +
    '四、提交后即时办结，办理结果将以短信通知原手机号码；本账号在其他设备上的登录将失效，需重新登录。',
  automatic: {
    description: '即时办结',
    decide: () => 'complete',
  },
  async complete({ tx, at, application }) {
    const phone = application.payload.sjhm;
    const [person] = await tx.query<{ zjhm: string }>('select zjhm from person_info where account_id = $1', [application.accountId]);
    if (!person) throw new Error(`账户 ${application.accountId} 没有个人信息`);
    // The proof is spent with the change; without one (expired since the submission) nothing changes.
    const proof = await liveProof(tx, application.userId, phone, at, true);
    if (!proof) throw new Error(PHONE_UNPROVEN_MESSAGE);
    await tx.query('update phone_change_check set used_at = $2, ywbh = $3 where id = $1', [proof.id, at, application.ywbh]);
    // Every account of the person, the centre's record and the login: one phone for one person.
    await tx.query('update person_info set sjhm = $2 where zjhm = $1', [person.zjhm, phone]);
    await tx.query('update depositor_record set sjhm = $2 where zjhm = $1', [person.zjhm, phone]);
    // The contact phone on the person's accounts follows (the one a unit keeps, GJ0311).
    await tx.query('update personal_account set sjhm = $2 where zjhm = $1', [person.zjhm, phone]);
    await tx.query('update app_user set phone = $2 where id = $1 and login_type = 1', [application.userId, phone]);
    // The other sessions of the login hear why at their next request; the one that proved both numbers goes on.
    await revokeOtherSessions(tx, application.userId, proof.keep_session, PHONE_CHANGE_PARAMS.sessionReason, at);
  },
});
