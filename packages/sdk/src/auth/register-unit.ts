import type { GjjClient } from '../client/client';
import { fetchPublicKey, type CaptchaAnswer } from './api';

/**
 * The unit registration and unit password calls (docs/api-unit.md; spec 7.3 "send unit SMS", "load phone by dwzh",
 * "unit login password set" and their other-category twins; paths are ours). All POST, form-encoded.
 *
 * @example
 * client.post(UNIT_PATHS.loadPhone, { dwzh: '100200300101', yt: 'register' }, { form: true })
 */
export const UNIT_PATHS = /* @__PURE__ */ Object.freeze({
  loadPhone: '/api/izfgjj-zhfw/v1/dwzc/loadPhone',
  sendSms: '/api/izfgjj-zhfw/v1/dwzc/sendSms',
  register: '/api/izfgjj-zhfw/v1/dwzc/register',
  setLoginPwd: '/api/izfgjj-zhfw/v1/dwzc/setLoginPwd',
  qtLoadPhone: '/api/izfgjj-zhfw/v1/qtdw/loadPhone',
  qtSendSms: '/api/izfgjj-zhfw/v1/qtdw/sendSms',
  qtSetLoginPwd: '/api/izfgjj-zhfw/v1/qtdw/setLoginPwd',
  depositSendSms: '/api/izfgjj-zhfw/v1/dwjcdj/sendSms',
  depositAdd: '/api/izfgjj-zhfw/v1/dwjcdj/add',
} as const);

/**
 * The messages of the unit flows that the spec does not word (ours), shared by the hall and the server so both
 * say the same. The spec's own (5.4) are in `VALIDATE_MESSAGES` of `@gjj-hall/sdk/validate`.
 *
 * @example
 * UNIT_MESSAGES.alreadyRegistered // '该单位已开通网上业务大厅，请直接登录；忘记密码请通过“单位设置登录密码”重新设置'
 */
export const UNIT_MESSAGES = /* @__PURE__ */ Object.freeze({
  dwzhEmpty: '请输入单位账号',
  dwzh: '单位账号为6-20位数字或字母',
  unknownUnit: '未找到该单位账号，请核对后重新输入',
  notDepositUnit: '该账号为开发商等其他类单位账号，请通过“其他单位设置登录密码”办理',
  notOtherUnit: '该账号为缴存单位账号，请通过“单位注册”或“单位设置登录密码”办理',
  closed: '该单位账户已销户，不能办理网上业务，请到中心柜台咨询',
  alreadyRegistered: '该单位已开通网上业务大厅，请直接登录；忘记密码请通过“单位设置登录密码”重新设置',
  notRegistered: '该单位尚未开通网上业务大厅，请先通过“单位注册”开通',
  otherNotRegistered: '该单位尚未开通网上业务大厅账号，请到中心柜台办理开通',
  handlerMismatch: '经办人姓名或证件号码与中心登记的信息不一致，请核对后重新获取验证码提交；经办人已变更的请到中心柜台办理经办人变更',
  jbrxmEmpty: '请输入经办人姓名',
  loadPhoneFirst: '请先输入单位账号并读取经办人手机号码',
  registered: '注册成功，请使用单位账号和登录密码登录',
  passwordSet: '密码设置成功，请使用新密码登录',
  dwmcEmpty: '请输入单位名称',
  dwmc: '单位名称为2-60个字符',
  dwdzEmpty: '请输入单位地址',
  dwdz: '单位地址为5-60个字符',
  yzbmEmpty: '请输入邮政编码',
  fddbrEmpty: '请输入法定代表人姓名',
  jcqsnyEmpty: '请选择缴存起始年月',
  jcqsny: '缴存起始年月格式应为 YYYY-MM',
  jcqsnyRange: '缴存起始年月应在本月前后 12 个月之内',
  dwjcblEmpty: '请选择单位缴存比例',
  dwjcbl: '单位缴存比例应为 5% 至 12% 的整数',
  zgrsEmpty: '请输入职工人数',
  zgrs: '职工人数应为正整数',
  depositOpened: '该单位已在中心开立住房公积金单位账户，无需重复登记；请通过“单位注册”开通网上业务大厅后办理业务',
  depositPending: '该单位的缴存登记申请正在审核中，请勿重复提交；审核结果将以短信通知经办人',
  depositSubmitted: '缴存登记申请已提交，请等待中心审核',
} as const);

/** Deposit units (登录类型 2) or other-category units (开发商, 登录类型 3). */
export type UnitCategory = 'jcdw' | 'qtdw';

/** What a unit password page needs to find the unit and its handler's phone. */
export interface UnitLookup {
  category: UnitCategory;
  dwzh: string;
  /** Deposit units only: registering (/dwRegister) or setting the password of an existing login (/setLoginPwd). */
  purpose?: 'register' | 'setPwd';
}

/** The unit as the centre has it: its name and the handler's phone, masked. */
export interface UnitPhone {
  dwmc: string;
  jbrsjhm: string;
}

/** What the user typed on a unit password page, in clear (spec 3.9 "unit password set"). */
export interface UnitPasswordInput extends UnitLookup {
  jbrxm: string;
  jbrzjhm: string;
  password: string;
  dxyzm: string;
}

/** How the credentials are encrypted (pass `sm2Encrypt` of `@gjj-hall/sdk/crypto`) and whether the call is silent. */
export interface EncryptOptions {
  encrypt: (plainText: string, publicKeyHex: string) => string;
  /** The centre's public key; fetched when not given. */
  publicKey?: string;
  /** @default true: the page shows the failure itself. */
  silent?: boolean;
}

const paths = (category: UnitCategory) =>
  category === 'qtdw'
    ? { load: UNIT_PATHS.qtLoadPhone, send: UNIT_PATHS.qtSendSms, set: UNIT_PATHS.qtSetLoginPwd }
    : { load: UNIT_PATHS.loadPhone, send: UNIT_PATHS.sendSms, set: UNIT_PATHS.setLoginPwd };

const lookupBody = ({ category, dwzh, purpose }: UnitLookup) =>
  category === 'jcdw' ? { dwzh, yt: purpose ?? 'setPwd' } : { dwzh };

/**
 * Loads the unit's name and its handler's phone by unit account ("load phone by dwzh").
 *
 * @deprecated The server shows neither any more (they told which unit accounts exist, issue 18): this resolves with
 * empty strings for every account. Send the code with {@link sendUnitSmsCode} and say it goes to the handler's phone.
 * @example
 * const { dwmc, jbrsjhm } = await loadUnitPhone(client, { category: 'jcdw', dwzh: '100200300101', purpose: 'register' }, { captcha }) // '', ''
 */
export async function loadUnitPhone(client: GjjClient, lookup: UnitLookup, options: { silent?: boolean; captcha?: CaptchaAnswer } = {}): Promise<UnitPhone> {
  const { data } = await client.post<UnitPhone>(paths(lookup.category).load, { ...lookupBody(lookup), ...options.captcha }, {
    form: true,
    silent: options.silent ?? true,
  });
  return { dwmc: String(data?.dwmc ?? ''), jbrsjhm: String(data?.jbrsjhm ?? '') };
}

/**
 * Sends an SMS code to the handler's phone on file ("send unit SMS (dwzh)", with the picture captcha). The answer is
 * the same for every unit account (如该单位账号已在本中心登记，验证码已发送至中心登记的经办人手机号码…); when the unit
 * cannot take this step (unknown, other category, closed, registered already or not yet), no code goes out and the
 * handler is told why by SMS. Resolves with the envelope, so a send-code button can show its `msg`.
 *
 * @example
 * await sendUnitSmsCode(client, { category: 'qtdw', dwzh: '900100200103', captcha: { uuid, code } })
 */
export function sendUnitSmsCode(client: GjjClient, lookup: UnitLookup & { captcha: CaptchaAnswer }) {
  return client.post<null>(paths(lookup.category).send, { ...lookupBody(lookup), uuid: lookup.captcha.uuid, code: lookup.captcha.code }, { form: true, silent: true });
}

/**
 * Registers a deposit unit's hall login (/dwRegister) or sets a unit's new password (/setLoginPwd, and
 * /setQtLoginPwd for `category: 'qtdw'`). The handler's ID number and the password are SM2-encrypted before they
 * leave. Resolves with the server's message.
 *
 * @example
 * import { sm2Encrypt } from '@gjj-hall/sdk/crypto'
 * await setUnitPassword(client,
 *   { category: 'jcdw', purpose: 'register', dwzh: '100200300101', jbrxm: '王建国', jbrzjhm: '370103197909053033', password: 'Unit@2027', dxyzm: '123456' },
 *   { encrypt: sm2Encrypt })
 */
export async function setUnitPassword(client: GjjClient, input: UnitPasswordInput, options: EncryptOptions): Promise<string> {
  const publicKey = options.publicKey ?? (await fetchPublicKey(client));
  const path = input.category === 'jcdw' && input.purpose === 'register' ? UNIT_PATHS.register : paths(input.category).set;
  const { msg } = await client.post(
    path,
    {
      dwzh: input.dwzh,
      jbrxm: input.jbrxm,
      jbrzjhm: options.encrypt(input.jbrzjhm.toUpperCase(), publicKey),
      password: options.encrypt(input.password, publicKey),
      dxyzm: input.dxyzm,
    },
    { form: true, silent: options.silent ?? true },
  );
  return msg ?? '';
}

/** The unit deposit registration form (/UnitDeposit), in clear. Numbers as typed. */
export interface UnitDepositInput {
  /** 单位名称 */
  dwmc: string;
  /** 统一社会信用代码 */
  tyshxydm: string;
  /** 单位地址 */
  dwdz: string;
  /** 邮政编码 */
  yzbm: string;
  /** 法定代表人 */
  fddbr: string;
  /** 经办人姓名 */
  jbrxm: string;
  /** 经办人身份证号码 (encrypted before it leaves) */
  jbrzjhm: string;
  /** 经办人手机号码 */
  jbrsjhm: string;
  /** 短信验证码 */
  dxyzm: string;
  /** 缴存起始年月, YYYY-MM */
  jcqsny: string;
  /** 单位缴存比例 (%), 5 to 12 */
  dwjcbl: string;
  /** 职工人数 */
  zgrs: string;
}

/** The answer to a deposit registration: the reference number the applicant quotes. */
export interface UnitDepositResult {
  sqbh: string;
  dwmc: string;
  message: string;
}

/**
 * Sends the code of a deposit registration to the handler's phone as typed (with the picture captcha).
 *
 * @example
 * await sendUnitDepositCode(client, '15300150005', { uuid, code: 'a3F9' })
 */
export function sendUnitDepositCode(client: GjjClient, jbrsjhm: string, captcha: CaptchaAnswer) {
  return client.post<null>(UNIT_PATHS.depositSendSms, { jbrsjhm, uuid: captcha.uuid, code: captcha.code }, { form: true, silent: true });
}

/**
 * Submits a unit deposit registration (/UnitDeposit): a pending application the centre reviews. The handler's ID
 * number is SM2-encrypted. A credit code already opened, or with an application pending, is refused (409) with a
 * message that says what to do.
 *
 * @example
 * const { sqbh } = await submitUnitDeposit(client, form, { encrypt: sm2Encrypt })
 * // sqbh: 'DJ20261124000001'
 */
export async function submitUnitDeposit(client: GjjClient, input: UnitDepositInput, options: EncryptOptions): Promise<UnitDepositResult> {
  const publicKey = options.publicKey ?? (await fetchPublicKey(client));
  const { data, msg } = await client.post<{ sqbh: string; dwmc: string }>(
    UNIT_PATHS.depositAdd,
    { ...input, tyshxydm: input.tyshxydm.toUpperCase(), jbrzjhm: options.encrypt(input.jbrzjhm.toUpperCase(), publicKey) },
    { form: true, silent: options.silent ?? true },
  );
  return { sqbh: String(data?.sqbh ?? ''), dwmc: String(data?.dwmc ?? ''), message: msg ?? '' };
}
