import type { FastifyInstance } from 'fastify';
import { sm2Decrypt, type Sm2KeyPair } from '@gjj-hall/sdk/crypto';
import { maskPhone } from '@gjj-hall/sdk/format';
import { isCreditCode, isIdCard, VALIDATE_MESSAGES as M } from '@gjj-hall/sdk/validate';
import { isNewLoginPassword, UNIT_MESSAGES as U, UNIT_PATHS } from '@gjj-hall/sdk/auth';
import type { Db } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { decryptedText } from '../http/validation';
import { configuredPasswordPattern, hashPassword } from '../auth/password';
import { createRateLimiter, limitByAddress, type RateLimiter } from '../auth/rate-limit';
import { revokeSessionsOf } from '../auth/session';
import { CAPTCHA_FIELDS, requireCaptcha, type CaptchaInput } from '../auth/require-captcha';
import { queueSms, runAfterReply, sendAfterReply, sendSmsCode, SMS_CODE_INVALID_MESSAGE, useSmsCode, type SmsPurpose } from '../auth/sms-code';
import { centreDate } from '../clock';
import { ROLES } from '../seed/menus';
import { UNIT_ACCOUNT_STATUS } from '../records/kinds';
import { DECRYPT_FAILED_MESSAGE } from './auth';
import { okAnswer } from '../http/answers';

const tags = ['单位注册与密码'] as const;

/** The one answer of dwzc/sendSms and qtdw/sendSms, whatever the unit account (issue 18, item 3). */
export const UNIT_CODE_SENT_MESSAGE = '如该单位账号已在本中心登记，验证码已发送至中心登记的经办人手机号码，请注意查收';
/** What dwzc/loadPhone and qtdw/loadPhone answer now that they show neither the unit nor the phone. */
export const UNIT_PHONE_HIDDEN_MESSAGE = '为保护单位信息，不再显示单位名称和经办人手机号码；验证码将发送至中心登记的经办人手机号码';
/** The text of an SMS to a handler's phone instead of a code (why the code cannot be sent, and what to do). */
export const unitNotice = (why: string) => `【住房公积金网上业务大厅】${why}如非本人操作，请忽略本短信。`;

const envelope = (data: Record<string, unknown>) => okAnswer(data);

// Field schemas, each with the spec 5.4 wording where it gives one.
const dwzh = {
  type: 'string',
  pattern: '^[0-9A-Za-z]{6,20}$',
  description: '单位账号',
  'x-msg': U.dwzh,
  'x-required-msg': U.dwzhEmpty,
} as const;
const personName = (empty: string) =>
  ({ type: 'string', pattern: '^[A-Za-z\\u3400-\\u4dbf\\u4e00-\\u9fff]{2,15}$', description: '姓名', 'x-msg': M.name, 'x-required-msg': empty }) as const;
const cipher = (label: string, empty: string) =>
  ({ type: 'string', pattern: '^04[0-9a-fA-F]{192,2000}$', description: label, 'x-msg': DECRYPT_FAILED_MESSAGE, 'x-required-msg': empty }) as const;
const smsCode = { type: 'string', pattern: '^\\d{4,8}$', description: '短信验证码', 'x-msg': M.captcha, 'x-required-msg': M.captchaEmpty } as const;
const mobile = { type: 'string', pattern: '^1[3-9]\\d{9}$', description: '手机号码', 'x-msg': M.mobile, 'x-required-msg': M.mobileEmpty } as const;

const passwordBody = {
  type: 'object',
  required: ['dwzh', 'jbrxm', 'jbrzjhm', 'password', 'dxyzm'],
  properties: {
    dwzh,
    jbrxm: personName(U.jbrxmEmpty),
    jbrzjhm: cipher('经办人证件号码', M.idCardEmpty),
    password: cipher('登录密码', M.passwordEmpty),
    dxyzm: smsCode,
  },
} as const;

interface PasswordBody {
  dwzh: string;
  jbrxm: string;
  jbrzjhm: string;
  password: string;
  dxyzm: string;
}

interface DepositBody {
  dwmc: string;
  tyshxydm: string;
  dwdz: string;
  yzbm: string;
  fddbr: string;
  jbrxm: string;
  jbrzjhm: string;
  jbrsjhm: string;
  dxyzm: string;
  jcqsny: string;
  dwjcbl: string;
  zgrs: string;
}

interface UnitRecord {
  dwzh: string;
  dwmc: string;
  category: 'jcdw' | 'qtdw';
  jbrxm: string;
  jbrzjhm: string;
  jbrsjhm: string;
  dwzhzt: string;
  group_bh: string;
  user_id: string | null;
}

/** Which unit records a page serves: deposit units (登录类型 2) or other-category units (开发商, 登录类型 3). */
type Category = UnitRecord['category'];

export interface UnitRouteOptions {
  db: Db;
  now: () => Date;
  keys: Sm2KeyPair;
  /** Calls allowed per client address and minute, for each group (phone look-ups, codes, submissions). @default 20 */
  rateLimit?: number;
}

function decrypt(text: string, keys: Sm2KeyPair): string {
  return decryptedText(() => sm2Decrypt(text, keys.privateKey), DECRYPT_FAILED_MESSAGE);
}

/** Month number (year × 12 + month − 1) of `YYYY-MM`. */
const monthIndex = (ym: string) => Number(ym.slice(0, 4)) * 12 + Number(ym.slice(5, 7)) - 1;

/**
 * Registration and unit passwords (issue 6): /dwRegister, /setLoginPwd, /setQtLoginPwd and /UnitDeposit. Bodies are
 * form-encoded as the spec says (JSON is accepted too); ID numbers and passwords arrive SM2-encrypted.
 */
export function unitRegisterRoutes(app: FastifyInstance, options: UnitRouteOptions): void {
  void app.register(async (scope) => {
    // Form bodies (spec 7.3: "all POST, form-encoded") for this scope only; every value is a string.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    routes(scope, options);
  });
}

function routes(app: FastifyInstance, { db, now, keys, rateLimit = 20 }: UnitRouteOptions): void {
  const lookups = createRateLimiter(db, 'unit-register-lookup', rateLimit, 60_000);
  const submissions = createRateLimiter(db, 'unit-register-submit', rateLimit, 60_000);
  const limit = (limiter: RateLimiter) => limitByAddress(limiter, now);

  async function find(account: string): Promise<UnitRecord | undefined> {
    const [row] = await db.query<UnitRecord>(
      `select r.dwzh, r.dwmc, r.category, r.jbrxm, r.jbrzjhm, r.jbrsjhm, r.dwzhzt, r.group_bh, u.id::text as user_id
         from unit_record r left join app_user u on u.account = r.dwzh
        where r.dwzh = $1`,
      [account],
    );
    return row;
  }

  /**
   * Why `row` cannot take this step of a page of `category` (registering: no login yet; setting a password: one),
   * in the words of the unit messages; '' when it can. Told only to the handler's phone on file.
   */
  function refusal(row: UnitRecord, category: Category, wantsLogin: boolean): string {
    if (row.category !== category) return category === 'jcdw' ? U.notDepositUnit : U.notOtherUnit;
    if (row.dwzhzt === UNIT_ACCOUNT_STATUS.closed) return U.closed;
    if (wantsLogin && !row.user_id) return row.category === 'jcdw' ? U.notRegistered : U.otherNotRegistered;
    if (!wantsLogin && row.user_id) return U.alreadyRegistered;
    return '';
  }

  /**
   * The unit of a submission if it can take this step, else null; looked up the same way whatever the account, and
   * followed by the code check, which refuses null with the answer of a wrong code.
   */
  async function eligible(account: string, category: Category, wantsLogin: boolean): Promise<UnitRecord | null> {
    const row = await find(account);
    return row && !refusal(row, category, wantsLogin) ? row : null;
  }

  /** The handler's name and ID number as the centre has them; the ID's letter X in either case. */
  function checkHandler(row: UnitRecord, name: string, idNumber: string) {
    if (row.jbrxm !== name || row.jbrzjhm.toUpperCase() !== idNumber.toUpperCase()) throw new ApiError(400, U.handlerMismatch);
  }

  function checkIdAndPassword(idNumber: string, password: string) {
    if (!isIdCard(idNumber)) throw new ApiError(400, M.idCard);
    return passwordChecked(password);
  }

  async function passwordChecked(password: string) {
    const pattern = await configuredPasswordPattern(db);
    // 8-16 characters always, and the configured pattern (XT_MMZZ) or 5.2's letters and digits, with 5.2's wording.
    if (password === '') throw new ApiError(400, M.passwordEmpty);
    if (!isNewLoginPassword(password, pattern)) throw new ApiError(400, M.newPassword);
  }

  type LookupBody = { dwzh: string; yt?: string } & CaptchaInput;
  const lookupBody = {
    type: 'object',
    required: ['dwzh'],
    properties: { dwzh, yt: { type: 'string', enum: ['register', 'setPwd'], description: '用途', 'x-msg': '用途不正确' }, ...CAPTCHA_FIELDS },
  } as const;

  const loadPhoneRoute = (path: string, summary: string) =>
    app.post<{ Body: LookupBody }>(
      path,
      {
        onRequest: limit(lookups),
        schema: {
          summary,
          tags,
          body: lookupBody,
          response: envelope({ type: 'object', properties: { dwmc: { type: 'string' }, jbrsjhm: { type: 'string' } } }),
        },
      },
      async (request) => {
        await requireCaptcha(db, request.body, now());
        return ok({ dwmc: '', jbrsjhm: '' }, UNIT_PHONE_HIDDEN_MESSAGE);
      },
    );

  const sendSmsRoute = (path: string, category: Category, summary: string) =>
    app.post<{ Body: LookupBody }>(
      path,
      {
        onRequest: limit(lookups),
        // The code goes out after the reply: the reply is the same, and as quick, whatever the unit account.
        onResponse: runAfterReply,
        schema: { summary, tags, body: lookupBody, response: envelope({ type: 'null' }) },
      },
      async (request) => {
        const at = now();
        await requireCaptcha(db, request.body, at);
        const registering = category === 'jcdw' && request.body.yt === 'register';
        const purpose: SmsPurpose = category === 'qtdw' ? 'otherUnitPassword' : registering ? 'register' : 'unitPassword';
        const row = await find(request.body.dwzh);
        // A unit that cannot take this step: its handler is told why by SMS, instead of whoever typed the account.
        const why = row ? refusal(row, category, !registering) : '';
        const message = row ? (why ? { phone: row.jbrsjhm, notice: unitNotice(why) } : { phone: row.jbrsjhm }) : null;
        sendAfterReply(request, await queueSms(db, app, { subject: `dwzh:${request.body.dwzh}`, client: request.ip, purpose, at }, message));
        return ok(null, UNIT_CODE_SENT_MESSAGE);
      },
    );

  loadPhoneRoute(UNIT_PATHS.loadPhone, '已停用：不再显示单位名称和经办人手机号码（先过图形验证码；答复与单位账号无关）');
  sendSmsRoute(UNIT_PATHS.sendSms, 'jcdw', '先过图形验证码，向单位经办人手机号码发送验证码（yt：register 注册，setPwd 设置密码；答复与单位账号无关）');
  loadPhoneRoute(UNIT_PATHS.qtLoadPhone, '其他类单位：已停用，同上');
  sendSmsRoute(UNIT_PATHS.qtSendSms, 'qtdw', '其他类单位：先过图形验证码，向经办人手机号码发送验证码（答复与单位账号无关）');

  app.post<{ Body: PasswordBody }>(
    UNIT_PATHS.register,
    {
      onRequest: limit(submissions),
      schema: {
        summary: '单位注册：核对经办人并设置登录密码，开通单位登录',
        tags,
        body: passwordBody,
        response: envelope({ type: 'object', properties: { dwzh: { type: 'string' }, dwmc: { type: 'string' } } }),
      },
    },
    async (request) => {
      const body = request.body;
      const at = now();
      const idNumber = decrypt(body.jbrzjhm, keys).trim();
      const password = decrypt(body.password, keys);
      await checkIdAndPassword(idNumber, password);
      const row = await eligible(body.dwzh, 'jcdw', false);
      // The code first, one refusal for an unknown unit and a wrong code: only the holder of the handler's phone
      // learns more (whether the name and ID match).
      await useSmsCode(db, { phone: row?.jbrsjhm ?? null, purpose: 'register', code: body.dxyzm, at, uniform: true });
      if (!row) throw new ApiError(428, SMS_CODE_INVALID_MESSAGE);
      checkHandler(row, body.jbrxm, idNumber);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const [user] = await tx.query<{ id: string }>(
          `insert into app_user (login_type, account, phone, display_name, password_hash)
           values (2, $1, $2, $3, $4) on conflict (account) do nothing returning id::text as id`,
          [row.dwzh, row.jbrsjhm, row.dwmc, passwordHash],
        );
        if (!user) throw new ApiError(409, U.alreadyRegistered);
        const [account] = await tx.query<{ id: string }>(
          `insert into user_account (user_id, account, account_type, nik_name, company_name, roles, group_bh, is_primary)
           values ($1, $2, '单位缴存账户', $3, $4, $5, $6, true) returning id::text as id`,
          [user.id, row.dwzh, row.jbrxm, row.dwmc, [ROLES.unit], row.group_bh],
        );
        await tx.query('insert into unit_info (account_id, dwmc, dwzh, dwzhzt, jbrxm, jbrsjhm) values ($1, $2, $3, $4, $5, $6)', [
          account!.id,
          row.dwmc,
          row.dwzh,
          row.dwzhzt,
          row.jbrxm,
          row.jbrsjhm,
        ]);
        await tx.query(`insert into info_check (account_id, status, type) values ($1, 0, 'dw')`, [account!.id]);
      });
      return ok({ dwzh: row.dwzh, dwmc: row.dwmc }, U.registered);
    },
  );

  const setPasswordRoute = (path: string, category: Category, summary: string) =>
    app.post<{ Body: PasswordBody }>(
      path,
      { onRequest: limit(submissions), schema: { summary, tags, body: passwordBody, response: envelope({ type: 'null' }) } },
      async (request) => {
        const body = request.body;
        const at = now();
        const idNumber = decrypt(body.jbrzjhm, keys).trim();
        const password = decrypt(body.password, keys);
        await checkIdAndPassword(idNumber, password);
        const row = await eligible(body.dwzh, category, true);
        const purpose = category === 'qtdw' ? 'otherUnitPassword' : 'unitPassword';
        await useSmsCode(db, { phone: row?.jbrsjhm ?? null, purpose, code: body.dxyzm, at, uniform: true });
        if (!row) throw new ApiError(428, SMS_CODE_INVALID_MESSAGE);
        checkHandler(row, body.jbrxm, idNumber);
        const passwordHash = await hashPassword(password);
        await db.transaction(async (tx) => {
          await tx.query('update app_user set password_hash = $2 where id = $1', [row.user_id, passwordHash]);
          // A new password ends the old sessions and lifts a lock of forgotten-password attempts.
          await revokeSessionsOf(tx, row.user_id!, at);
          await tx.query('delete from login_lock where account = $1', [row.dwzh]);
        });
        return ok(null, U.passwordSet);
      },
    );

  setPasswordRoute(UNIT_PATHS.setLoginPwd, 'jcdw', '单位设置登录密码：核对经办人后设置新密码');
  setPasswordRoute(UNIT_PATHS.qtSetLoginPwd, 'qtdw', '其他类单位设置登录密码：核对经办人后设置新密码');

  app.post<{ Body: { jbrsjhm: string } & CaptchaInput }>(
    UNIT_PATHS.depositSendSms,
    {
      onRequest: limit(lookups),
      schema: {
        summary: '单位缴存登记：先过图形验证码，向经办人手机号码发送验证码',
        tags,
        body: { type: 'object', required: ['jbrsjhm'], properties: { jbrsjhm: mobile, ...CAPTCHA_FIELDS } },
        response: envelope({ type: 'null' }),
      },
    },
    async (request) => {
      const at = now();
      await requireCaptcha(db, request.body, at);
      await sendSmsCode(db, app, { phone: request.body.jbrsjhm, purpose: 'unitDeposit', client: request.ip, at });
      return ok(null, `验证码已发送至 ${maskPhone(request.body.jbrsjhm)}`);
    },
  );

  app.post<{ Body: DepositBody }>(
    UNIT_PATHS.depositAdd,
    {
      onRequest: limit(submissions),
      schema: {
        summary: '单位缴存登记：提交开户申请，中心审核',
        tags,
        body: {
          type: 'object',
          required: ['dwmc', 'tyshxydm', 'dwdz', 'yzbm', 'fddbr', 'jbrxm', 'jbrzjhm', 'jbrsjhm', 'dxyzm', 'jcqsny', 'dwjcbl', 'zgrs'],
          properties: {
            dwmc: { type: 'string', minLength: 2, maxLength: 60, description: '单位名称', 'x-msg': U.dwmc, 'x-required-msg': U.dwmcEmpty },
            tyshxydm: { type: 'string', pattern: '^[0-9A-Z]{18}$', description: '统一社会信用代码', 'x-msg': M.creditCode, 'x-required-msg': M.creditCodeEmpty },
            dwdz: { type: 'string', minLength: 5, maxLength: 60, description: '单位地址', 'x-msg': U.dwdz, 'x-required-msg': U.dwdzEmpty },
            yzbm: { type: 'string', pattern: '^[1-9]\\d{5}$', description: '邮政编码', 'x-msg': M.postalCode, 'x-required-msg': U.yzbmEmpty },
            fddbr: personName(U.fddbrEmpty),
            jbrxm: personName(U.jbrxmEmpty),
            jbrzjhm: cipher('经办人证件号码', M.idCardEmpty),
            jbrsjhm: mobile,
            dxyzm: smsCode,
            jcqsny: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: '缴存起始年月', 'x-msg': U.jcqsny, 'x-required-msg': U.jcqsnyEmpty },
            dwjcbl: { type: 'string', pattern: '^(5|6|7|8|9|10|11|12)$', description: '单位缴存比例', 'x-msg': U.dwjcbl, 'x-required-msg': U.dwjcblEmpty },
            zgrs: { type: 'string', pattern: '^[1-9]\\d{0,5}$', description: '职工人数', 'x-msg': U.zgrs, 'x-required-msg': U.zgrsEmpty },
          },
        },
        response: envelope({ type: 'object', properties: { sqbh: { type: 'string' }, dwmc: { type: 'string' } } }),
      },
    },
    async (request) => {
      const body = request.body;
      const at = now();
      if (!isCreditCode(body.tyshxydm)) throw new ApiError(400, M.creditCode);
      const idNumber = decrypt(body.jbrzjhm, keys).trim().toUpperCase();
      if (!isIdCard(idNumber)) throw new ApiError(400, M.idCard);
      const today = centreDate(at);
      const offset = monthIndex(body.jcqsny) - monthIndex(today.slice(0, 7));
      if (offset < -12 || offset > 12) throw new ApiError(400, U.jcqsnyRange);

      // The code first: whether a credit code has an account or an application here is told only to a phone's holder.
      await useSmsCode(db, { phone: body.jbrsjhm, purpose: 'unitDeposit', code: body.dxyzm, at });
      const [opened] = await db.query('select 1 from unit_record where tyshxydm = $1', [body.tyshxydm]);
      if (opened) throw new ApiError(409, U.depositOpened);
      const [pending] = await db.query('select 1 from unit_deposit_application where tyshxydm = $1 and status = 0', [body.tyshxydm]);
      if (pending) throw new ApiError(409, U.depositPending);

      const [row] = await db.transaction(async (tx) => {
        const [next] = await tx.query<{ id: string }>(`select nextval('unit_deposit_application_id_seq')::text as id`);
        const sqbh = `DJ${today.replace(/-/g, '')}${next!.id.padStart(6, '0')}`;
        // Two submissions racing for one credit code: the partial unique index refuses the second.
        return tx.query<{ sqbh: string }>(
          `insert into unit_deposit_application
             (id, sqbh, dwmc, tyshxydm, dwdz, yzbm, fddbr, jbrxm, jbrzjhm, jbrsjhm, jcqsny, dwjcbl, zgrs, created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
           on conflict do nothing returning sqbh`,
          [next!.id, sqbh, body.dwmc, body.tyshxydm, body.dwdz, body.yzbm, body.fddbr, body.jbrxm, idNumber, body.jbrsjhm, body.jcqsny, Number(body.dwjcbl), Number(body.zgrs), at],
        );
      });
      if (!row) throw new ApiError(409, U.depositPending);
      return ok({ sqbh: row.sqbh, dwmc: body.dwmc }, U.depositSubmitted);
    },
  );
}
