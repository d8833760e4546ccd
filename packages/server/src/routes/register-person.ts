import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isNewLoginPassword, NEW_PASSWORD_MESSAGE, REGISTER_PERSON_PATHS } from '@gjj-hall/sdk/auth';
import { sm2Decrypt, type Sm2KeyPair } from '@gjj-hall/sdk/crypto';
import { maskPhone } from '@gjj-hall/sdk/format';
import { isIdCard, isMobile, VALIDATE_MESSAGES } from '@gjj-hall/sdk/validate';
import type { Db, Queryable } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { decryptedText } from '../http/validation';
import { configuredPasswordPattern, hashPassword } from '../auth/password';
import { createRateLimiter, limitByAddress } from '../auth/rate-limit';
import { readIdentityTicket, spendIdentityTicket } from '../auth/identity';
import { CAPTCHA_FIELDS, requireCaptcha, type CaptchaInput } from '../auth/require-captcha';
import { queueSms, runAfterReply, sendAfterReply, sendSmsCode, SMS_CODE_INVALID_MESSAGE, smsCodeLength, useSmsCode } from '../auth/sms-code';
import { ROLES } from '../seed/menus';
import { openAccount } from '../records/accounts';
import { yuanToFen } from '../records/money';
import { boundProblem, monthlyDeposit, readParameters } from '../params/centre';
import { centreDate } from '../clock';
import { okAnswer } from '../http/answers';

/**
 * Registration of individuals (spec 1, 2.1, 3.9, 7.3; docs/api-person.md): /userRegister for depositors on the
 * centre's records, /lhjyrysl for a flexible-employment setup, /yddkryzc for out-of-area loan people. ID numbers and
 * passwords arrive SM2-encrypted; bodies are form-encoded (spec 7.3) or JSON.
 */

export const NOT_ON_FILE_MESSAGE = '未查询到您的公积金缴存信息，请核对姓名和证件号码；尚未开户的，请先由单位为您开户或到柜台办理';
export const ALREADY_REGISTERED_MESSAGE = '该证件号码已注册，请直接登录；忘记密码可通过“忘记密码”找回';
export const HAS_LOCAL_ACCOUNT_MESSAGE = '您在本中心已有住房公积金个人账户，请通过“个人注册”开通网上业务大厅账号';
export const ID_DECRYPT_FAILED_MESSAGE = '注册信息解密失败，请刷新页面后重试';
/** 灵活就业人员开户 and 异地贷款人员注册 without a verified identity (issue 18): a name and an ID number prove nothing. */
export const IDENTITY_REQUIRED_MESSAGE = '请先通过政务服务网核验本人身份后再办理；仅凭姓名和证件号码不能注册';
/** A verified identity that has expired, was used, or is someone else's than the name and ID number given. */
export const IDENTITY_MISMATCH_MESSAGE = '身份核验已失效或与填写的姓名、证件号码不一致，请重新通过政务服务网核验本人身份';
/** The one answer of grzc/sendGrSms, whoever the name and ID number are (issue 18, item 3). */
export const REGISTER_CODE_SENT_MESSAGE = '如您的姓名和证件号码与本中心登记的一致，验证码已发送至您的预留手机，请注意查收';
/** What grzc/loadSjhm answers now that it shows no phone (it would tell who is on the centre's records). */
export const PHONE_HIDDEN_MESSAGE = '为保护您的信息，不再显示预留手机号码；验证码将发送至您在本中心预留的手机号码';
/** Sent to the phone on file instead of a code when that ID number already has a login. */
export const ALREADY_REGISTERED_NOTICE =
  '【住房公积金网上业务大厅】您的证件号码已注册网上业务大厅，请直接登录；忘记密码可通过“忘记密码”找回。如非本人操作，请忽略本短信。';

const tags = ['个人注册'] as const;

const envelope = (data: Record<string, unknown>) => okAnswer(data);

// Field schemas with the spec 5.4 messages; what cannot be checked before decrypting is checked after.
const cipher = (description: string, required: string) =>
  ({ type: 'string', minLength: 1, maxLength: 2048, pattern: '^04[0-9a-fA-F]+$', description, 'x-msg': ID_DECRYPT_FAILED_MESSAGE, 'x-required-msg': required }) as const;
const FIELDS = {
  ...CAPTCHA_FIELDS,
  xingming: {
    type: 'string',
    pattern: '^[A-Za-z\\u3400-\\u4dbf\\u4e00-\\u9fff]{2,15}$',
    description: '姓名',
    'x-msg': VALIDATE_MESSAGES.name,
    'x-required-msg': VALIDATE_MESSAGES.nameEmpty,
  },
  zjhm: cipher('证件号码', VALIDATE_MESSAGES.idCardEmpty),
  password: cipher('登录密码', VALIDATE_MESSAGES.passwordEmpty),
  sjhm: {
    type: 'string',
    pattern: '^1[3-9]\\d{9}$',
    description: '手机号码',
    'x-msg': VALIDATE_MESSAGES.mobile,
    'x-required-msg': VALIDATE_MESSAGES.mobileEmpty,
  },
  dxyzm: {
    type: 'string',
    pattern: '^\\d{4,8}$',
    description: '短信验证码',
    'x-msg': VALIDATE_MESSAGES.captcha,
    'x-required-msg': VALIDATE_MESSAGES.captchaEmpty,
  },
  jcjs: {
    type: 'string',
    pattern: '^\\d{1,6}(\\.\\d{1,2})?$',
    description: '月缴存基数',
    'x-msg': '月缴存基数须为数字，最多两位小数',
    'x-required-msg': '请输入月缴存基数',
  },
  // The bounds are the centre's parameters (ratioMin, ratioMax), checked in the handler: the schema only asks for a whole percent.
  jcbl: { type: 'string', pattern: '^(100|[1-9]\\d?)$', description: '缴存比例（%，整数；范围见 lhjy/params）', 'x-msg': '缴存比例须为整数', 'x-required-msg': '请选择缴存比例' },
  hjszd: { type: 'string', minLength: 2, maxLength: 30, description: '户籍所在地', 'x-msg': '户籍所在地为 2 至 30 个字', 'x-required-msg': '请输入户籍所在地' },
  txdz: { type: 'string', minLength: 5, maxLength: 30, description: '通讯地址', 'x-msg': '通讯地址为 5 至 30 个字', 'x-required-msg': '请输入通讯地址' },
  yzbm: { type: 'string', pattern: '^([1-9]\\d{5})?$', description: '邮政编码', 'x-msg': VALIDATE_MESSAGES.postalCode },
  jcdcs: { type: 'string', minLength: 2, maxLength: 15, description: '缴存地城市', 'x-msg': '缴存地城市为 2 至 15 个字', 'x-required-msg': '请输入公积金缴存地城市' },
  jczx: { type: 'string', minLength: 4, maxLength: 30, description: '缴存地公积金中心', 'x-msg': '缴存地公积金中心名称为 4 至 30 个字', 'x-required-msg': '请输入缴存地住房公积金管理中心' },
  ydgrzh: { type: 'string', pattern: '^[A-Za-z0-9]{6,20}$', description: '缴存地个人账号', 'x-msg': '个人公积金账号为 6 至 20 位字母或数字', 'x-required-msg': '请输入缴存地个人公积金账号' },
  dwmc: { type: 'string', maxLength: 60, description: '工作单位', 'x-msg': '工作单位名称不能超过 60 个字' },
  identityTicket: {
    type: 'string',
    pattern: '^[A-Za-z0-9_-]{43}$',
    description: '身份核验凭证：政务服务网核验本人身份后由 zw/identity 签发，15 分钟内一次有效',
    'x-msg': IDENTITY_MISMATCH_MESSAGE,
    'x-required-msg': IDENTITY_REQUIRED_MESSAGE,
  },
} as const;

type Field = keyof typeof FIELDS;
const body = (required: Field[], optional: Field[] = []) => ({
  type: 'object',
  required,
  properties: Object.fromEntries([...required, ...optional].map((f) => [f, FIELDS[f]])),
});


interface PersonBody extends CaptchaInput {
  xingming: string;
  zjhm: string;
}
interface RegisterBody extends PersonBody {
  password: string;
  dxyzm: string;
}
interface PhoneBody extends PersonBody {
  sjhm: string;
}
interface FlexibleBody extends RegisterBody {
  sjhm: string;
  identityTicket: string;
  jcjs: string;
  jcbl: string;
  hjszd: string;
  txdz: string;
  yzbm?: string;
}
interface RemoteBody extends RegisterBody {
  sjhm: string;
  identityTicket: string;
  jcdcs: string;
  jczx: string;
  ydgrzh: string;
  dwmc?: string;
}

interface DepositorRecord {
  xingming: string;
  zjhm: string;
  sjhm: string;
  grzh: string;
  grzhzt: string;
  grzhye: string;
  dwmc: string;
  kind: 'gr' | 'lhjy';
}

export interface RegisterPersonOptions {
  db: Db;
  now: () => Date;
  keys: Sm2KeyPair;
  /** Calls of this part per client address and minute (looking up, sending, registering). @default 30 */
  rateLimit?: number;
}

/** The login an ID number has already (its name and phone), if any. */
async function registeredLogin(db: Queryable, zjhm: string): Promise<{ xingming: string; phone: string } | undefined> {
  const [row] = await db.query<{ xingming: string; phone: string }>(
    `select display_name as xingming, phone from app_user where account = $1
     union all select xingming, sjhm as phone from person_info where zjhm = $1 limit 1`,
    [zjhm],
  );
  return row;
}

/** Whether an open login holds the ID number (a login closed by the platform's verified identity does not). */
async function isRegistered(db: Queryable, zjhm: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from app_user where account = $1
     union all
     select 1 from person_info p join user_account a on a.id = p.account_id join app_user u on u.id = a.user_id
      where p.zjhm = $1 and u.closed_at is null
     limit 1`,
    [zjhm],
  );
  return rows.length > 0;
}

/** Creates the login, its one account, what grxx/loginGrxx answers and the completeness record. Returns the account id. */
async function createLogin(
  tx: Queryable,
  input: {
    zjhm: string;
    xingming: string;
    sjhm: string;
    passwordHash: string;
    accountType: string;
    role: string;
    grzh: string;
    grzhzt: string;
    grzhye: string;
    dwmc: string;
    /** How the person was shown to be who they say (migration 017): the centre's records, or the platform. */
    identitySource: 'records' | 'gov';
  },
): Promise<string> {
  // `on conflict do nothing`: two registrations racing for one ID number, the second finds no row.
  const [user] = await tx.query<{ id: string }>(
    `insert into app_user (login_type, account, phone, display_name, password_hash, identity_source) values (1, $1, $2, $3, $4, $5)
     on conflict (account) do nothing returning id::text as id`,
    [input.zjhm, input.sjhm, input.xingming, input.passwordHash, input.identitySource],
  );
  if (!user) throw new ApiError(409, ALREADY_REGISTERED_MESSAGE);
  const [account] = await tx.query<{ id: string }>(
    `insert into user_account (user_id, account, account_type, nik_name, roles, group_bh, is_primary, sort)
     values ($1, $2, $3, $4, $5, '0', true, 0) returning id::text as id`,
    [user.id, input.zjhm, input.accountType, input.xingming, [input.role]],
  );
  const accountId = account!.id;
  await tx.query(
    `insert into person_info (account_id, xingming, zjhm, grzh, grzhzt, grzhye, dwmc, sjhm) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [accountId, input.xingming, input.zjhm, input.grzh, input.grzhzt, input.grzhye, input.dwmc, input.sjhm],
  );
  await tx.query(`insert into info_check (account_id, status, type) values ($1, 0, 'gr')`, [accountId]);
  // The login that took over an ID number closed for lack of proof (docs/security/identity-sso.md), for the record.
  await tx.query('update identity_takeover set verified_user = $1 where id_number = $2 and verified_user is null', [user.id, input.zjhm]);
  return accountId;
}

/** The registration calls of individuals (docs/api-person.md). */
export function registerPersonRoutes(app: FastifyInstance, options: RegisterPersonOptions): void {
  const { db, now, keys } = options;
  const limiter = createRateLimiter(db, 'register-person', options.rateLimit ?? 30, 60_000);
  const limit = limitByAddress(limiter, now);

  const decrypt = (value: string): string => decryptedText(() => sm2Decrypt(value, keys.privateKey), ID_DECRYPT_FAILED_MESSAGE);
  /** The ID number, decrypted and checked (spec 5.4 messages). */
  const idNumber = (value: string): string => {
    const zjhm = decrypt(value).trim().toUpperCase();
    if (!zjhm) throw new ApiError(400, VALIDATE_MESSAGES.idCardEmpty);
    if (!isIdCard(zjhm) || zjhm.length !== 18) throw new ApiError(400, VALIDATE_MESSAGES.idCard);
    return zjhm;
  };
  /** The new password, decrypted and checked against XT_MMZZ; hashed. */
  const newPassword = async (value: string): Promise<string> => {
    const password = decrypt(value);
    if (!isNewLoginPassword(password, await configuredPasswordPattern(db))) throw new ApiError(400, NEW_PASSWORD_MESSAGE);
    return hashPassword(password);
  };
  const checkCodeLength = async (code: string) => {
    if (code.length !== (await smsCodeLength(db))) throw new ApiError(428, VALIDATE_MESSAGES.captcha);
  };

  /** The centre's record of an ID number, if any. */
  const onFile = async (zjhm: string): Promise<DepositorRecord | undefined> => {
    const [record] = await db.query<DepositorRecord>(
      'select xingming, zjhm, sjhm, grzh, grzhzt, grzhye::text as grzhye, dwmc, kind from depositor_record where zjhm = $1',
      [zjhm],
    );
    return record;
  };

  /** A new person (flexible setup, out-of-area loan): neither registered nor holding an account here. */
  const newcomer = async (input: PersonBody): Promise<string> => {
    const zjhm = idNumber(input.zjhm);
    if (await isRegistered(db, zjhm)) throw new ApiError(409, ALREADY_REGISTERED_MESSAGE);
    const held = await db.query('select 1 from depositor_record where zjhm = $1', [zjhm]);
    if (held.length) throw new ApiError(409, HAS_LOCAL_ACCOUNT_MESSAGE);
    return zjhm;
  };

  /**
   * A newcomer registers only as the person the government platform vouched for (issue 18): the ticket of
   * zw/identity, live and bound to this very name and ID number. Checked before the SMS code is spent; spent in the
   * registration's transaction (`spendTicket`).
   */
  const checkTicket = async (ticket: string, zjhm: string, xingming: string) => {
    const citizen = await readIdentityTicket(db, ticket, now());
    if (!citizen || citizen.idNumber !== zjhm || citizen.name !== xingming) throw new ApiError(403, IDENTITY_MISMATCH_MESSAGE);
  };
  const spendTicket = async (tx: Queryable, ticket: string, zjhm: string) => {
    const citizen = await spendIdentityTicket(tx, ticket, now());
    if (citizen?.idNumber !== zjhm) throw new ApiError(403, IDENTITY_MISMATCH_MESSAGE);
  };

  const p = REGISTER_PERSON_PATHS;
  // Form-encoded bodies (spec 7.3), for these routes only.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, raw, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(raw))));
    });

    scope.post<{ Body: PersonBody }>(
      p.loadPhone,
      {
        onRequest: limit,
        schema: {
          summary: '已停用：预留手机号码不再显示（先过图形验证码；答复与证件号码是否登记无关）',
          tags,
          body: body(['xingming', 'zjhm'], ['uuid', 'code']),
          response: envelope({ type: 'object', properties: { sjhm: { type: 'string' } } }),
        },
      },
      async (request) => {
        await requireCaptcha(db, request.body, now());
        idNumber(request.body.zjhm);
        return ok({ sjhm: '' }, PHONE_HIDDEN_MESSAGE);
      },
    );

    scope.post<{ Body: PersonBody }>(
      p.sendRegisterCode,
      {
        onRequest: limit,
        // The code goes out after the reply: the reply is the same, and as quick, whoever the person is.
        onResponse: runAfterReply,
        schema: {
          summary: '先过图形验证码，向预留手机号码发送注册验证码（答复与证件号码是否登记、是否已注册无关）',
          tags,
          body: body(['xingming', 'zjhm'], ['uuid', 'code']),
          response: envelope({ type: 'null' }),
        },
      },
      async (request) => {
        const at = now();
        await requireCaptcha(db, request.body, at);
        const { xingming } = request.body;
        const zjhm = idNumber(request.body.zjhm);
        const registered = await registeredLogin(db, zjhm);
        const record = await onFile(zjhm);
        // Registered under this name: a word to the login's phone that it is, instead of a code. On file under this
        // name and not registered: the code to the phone on file. Anything else: nothing.
        const message = registered
          ? registered.xingming === xingming && isMobile(registered.phone)
            ? { phone: registered.phone, notice: ALREADY_REGISTERED_NOTICE }
            : null
          : record && record.xingming === xingming
            ? { phone: record.sjhm }
            : null;
        sendAfterReply(request, await queueSms(db, app, { subject: `zjhm:${zjhm}`, client: request.ip, purpose: 'register', at }, message));
        return ok(null, REGISTER_CODE_SENT_MESSAGE);
      },
    );

    scope.post<{ Body: RegisterBody }>(
      p.userRegister,
      {
        onRequest: limit,
        schema: {
          summary: '个人账户注册（xingming, zjhm, password, dxyzm）',
          tags,
          body: body(['xingming', 'zjhm', 'password', 'dxyzm']),
          response: envelope({ type: 'object', properties: { account: { type: 'string' } } }),
        },
      },
      async (request) => {
        const input = request.body;
        const zjhm = idNumber(input.zjhm);
        const passwordHash = await newPassword(input.password);
        await checkCodeLength(input.dxyzm);
        const registered = await isRegistered(db, zjhm);
        const found = await onFile(zjhm);
        const record = found && found.xingming === input.xingming && !registered ? found : null;
        // The code first, with one refusal for every reason (not on file, another name, registered, wrong code): a
        // code went only to the phone on file, so only its holder can learn more.
        await useSmsCode(db, { phone: record?.sjhm ?? null, purpose: 'register', code: input.dxyzm, at: now(), uniform: true });
        if (!record) throw new ApiError(428, SMS_CODE_INVALID_MESSAGE);
        const flexible = record.kind === 'lhjy';
        await db.transaction((tx) =>
          createLogin(tx, {
            ...record,
            passwordHash,
            accountType: flexible ? '灵活就业缴存账户' : '个人缴存账户',
            role: flexible ? ROLES.flexible : ROLES.personal,
            // The code went to the phone on the centre's records.
            identitySource: 'records',
          }),
        );
        return ok({ account: record.zjhm }, '注册成功，请使用证件号码和密码登录');
      },
    );

    // Flexible employment and out-of-area loans: the code goes to the phone the person gives, whatever the ID number
    // (whether it is registered or held here is told only at submission, to the holder of that phone).
    const sendToOwnPhone = async (request: FastifyRequest<{ Body: PhoneBody }>) => {
      const at = now();
      await requireCaptcha(db, request.body, at);
      idNumber(request.body.zjhm);
      await sendSmsCode(db, app, { phone: request.body.sjhm, purpose: 'register', client: request.ip, at });
      return ok(null, `验证码已发送至 ${maskPhone(request.body.sjhm)}`);
    };
    const phoneSchema = {
      onRequest: limit,
      schema: { summary: '先过图形验证码，向本人手机号码发送验证码', tags, body: body(['xingming', 'zjhm', 'sjhm'], ['uuid', 'code']), response: envelope({ type: 'null' }) },
    };
    scope.post<{ Body: PhoneBody }>(p.sendFlexibleCode, phoneSchema, sendToOwnPhone);

    // The page's comfort checks read the same bounds the server enforces (issue 30): public, the same for everyone.
    const PARAM_NUMBER = { type: 'number' } as const;
    scope.get(
      p.flexibleParams,
      {
        schema: {
          summary: '灵活就业人员开户：中心规定的月缴存基数、缴存比例范围和月缴存额取整单位（中心参数表）',
          tags,
          response: envelope({
            type: 'object',
            required: ['baseMinYuan', 'baseMaxYuan', 'ratioMin', 'ratioMax', 'monthlyMaxYuan', 'roundingFen'],
            properties: {
              baseMinYuan: PARAM_NUMBER,
              baseMaxYuan: PARAM_NUMBER,
              ratioMin: PARAM_NUMBER,
              ratioMax: PARAM_NUMBER,
              monthlyMaxYuan: { type: 'number', description: '月缴存额上限（元），0 表示不设' },
              roundingFen: { type: 'number', enum: [100, 10, 1], description: '每一部分四舍五入到的单位（分）：100 元、10 角、1 分' },
            },
          }),
        },
      },
      async () => {
        const { baseMinYuan, baseMaxYuan, ratioMin, ratioMax, monthlyMaxYuan, roundingFen } = await readParameters(db);
        return ok({ baseMinYuan, baseMaxYuan, ratioMin, ratioMax, monthlyMaxYuan, roundingFen });
      },
    );
    scope.post<{ Body: PhoneBody }>(p.sendRemoteLoanCode, phoneSchema, sendToOwnPhone);

    scope.post<{ Body: FlexibleBody }>(
      p.flexibleSetup,
      {
        onRequest: limit,
        // A verified identity that is not the person typed in: 403.
        config: { errors: [403] },
        schema: {
          summary: '灵活就业人员开户：经政务服务网核验身份后，开立个人账户并注册登录',
          tags,
          body: body(['identityTicket', 'xingming', 'zjhm', 'sjhm', 'dxyzm', 'password', 'jcjs', 'jcbl', 'hjszd', 'txdz'], ['yzbm']),
          response: envelope({ type: 'object', properties: { account: { type: 'string' }, grzh: { type: 'string' } } }),
        },
      },
      async (request) => {
        const input = request.body;
        // The verified identity first: only the person the platform vouched for learns whether their ID number is
        // registered or holds an account here (issue 18, item 3).
        await checkTicket(input.identityTicket, idNumber(input.zjhm), input.xingming);
        const zjhm = await newcomer(input);
        // The bounds of the centre's parameter table, the same check the flexible businesses make.
        const params = await readParameters(db);
        const bound = boundProblem(params, input.jcjs, Number(input.jcbl));
        if (bound) throw new ApiError(400, bound);
        const passwordHash = await newPassword(input.password);
        await checkCodeLength(input.dxyzm);
        await useSmsCode(db, { phone: input.sjhm, purpose: 'register', code: input.dxyzm, at: now() });
        const grzh = await db.transaction(async (tx) => {
          await spendTicket(tx, input.identityTicket, zjhm);
          const [seq] = await tx.query<{ grzh: string }>(`select nextval('flexible_grzh_seq')::text as grzh`);
          const account = { zjhm, xingming: input.xingming, sjhm: input.sjhm, grzh: seq!.grzh, grzhzt: '01', grzhye: '0', dwmc: '' };
          const accountId = await createLogin(tx, {
            ...account,
            passwordHash,
            accountType: '灵活就业缴存账户',
            role: ROLES.flexible,
            identitySource: 'gov',
          });
          await tx.query(
            `insert into depositor_record (xingming, zjhm, sjhm, grzh, grzhzt, grzhye, dwmc, kind) values ($1, $2, $3, $4, '01', 0, '', 'lhjy')`,
            [account.xingming, zjhm, account.sjhm, account.grzh],
          );
          await tx.query(
            `insert into flexible_setup (account_id, jcjs, jcbl, hjszd, txdz, yzbm, created_at) values ($1, $2, $3, $4, $5, $6, $7)`,
            [accountId, input.jcjs, Number(input.jcbl), input.hjszd, input.txdz, input.yzbm ?? '', now()],
          );
          // The account itself, on the centre's records (issue 20): its status and balance are read from there. A
          // flexible employee pays both parts at the declared ratio, each rounded by the centre's one rule.
          const baseFen = yuanToFen(input.jcjs);
          const deposit = monthlyDeposit(baseFen, input.jcbl, input.jcbl, params.roundingFen);
          await openAccount(tx, {
            grzh: account.grzh,
            zjhm,
            xingming: input.xingming,
            kind: 'lhjy',
            khrq: centreDate(now()),
            jcjsFen: baseFen,
            dwjcbl: Number(input.jcbl),
            grjcbl: Number(input.jcbl),
            yjceFen: deposit.totalFen,
          });
          return account.grzh;
        });
        return ok({ account: zjhm, grzh }, `开户成功，您的个人公积金账号为 ${grzh}，请使用证件号码和密码登录`);
      },
    );

    scope.post<{ Body: RemoteBody }>(
      p.remoteLoanRegister,
      {
        onRequest: limit,
        // A verified identity that is not the person typed in: 403.
        config: { errors: [403] },
        schema: {
          summary: '异地贷款人员注册：经政务服务网核验身份后注册登录',
          tags,
          body: body(['identityTicket', 'xingming', 'zjhm', 'sjhm', 'dxyzm', 'password', 'jcdcs', 'jczx', 'ydgrzh'], ['dwmc']),
          response: envelope({ type: 'object', properties: { account: { type: 'string' } } }),
        },
      },
      async (request) => {
        const input = request.body;
        // The verified identity first: only the person the platform vouched for learns whether their ID number is
        // registered or holds an account here (issue 18, item 3).
        await checkTicket(input.identityTicket, idNumber(input.zjhm), input.xingming);
        const zjhm = await newcomer(input);
        const passwordHash = await newPassword(input.password);
        await checkCodeLength(input.dxyzm);
        await useSmsCode(db, { phone: input.sjhm, purpose: 'register', code: input.dxyzm, at: now() });
        await db.transaction(async (tx) => {
          await spendTicket(tx, input.identityTicket, zjhm);
          const accountId = await createLogin(tx, {
            zjhm,
            xingming: input.xingming,
            sjhm: input.sjhm,
            grzh: '',
            grzhzt: '',
            grzhye: '0',
            dwmc: input.dwmc ?? '',
            passwordHash,
            accountType: '异地贷款职工',
            role: ROLES.remoteLoan,
            identitySource: 'gov',
          });
          await tx.query(
            `insert into remote_loan_person (account_id, jcdcs, jczx, ydgrzh, dwmc, created_at) values ($1, $2, $3, $4, $5, $6)`,
            [accountId, input.jcdcs, input.jczx, input.ydgrzh, input.dwmc ?? '', now()],
          );
        });
        return ok({ account: zjhm }, '注册成功，请使用证件号码和密码登录');
      },
    );
  });
}
