import type { GjjClient } from '../client/client';
import { fetchPublicKey, type CaptchaAnswer } from './api';

/**
 * Where the registration calls of individuals live (docs/api-person.md; spec 7.3 names them without paths).
 * All POST, form-encoded; ID numbers and passwords SM2-encrypted.
 *
 * @example
 * client.post(REGISTER_PERSON_PATHS.loadPhone, { xingming, zjhm: sm2Encrypt(id, key) }, { form: true })
 */
export const REGISTER_PERSON_PATHS = /* @__PURE__ */ Object.freeze({
  /** Load the phone on file by name and ID number (answer masked). */
  loadPhone: '/api/izfgjj-zhfw/v1/grzc/loadSjhm',
  /** Send the registration code to the phone on file. */
  sendRegisterCode: '/api/izfgjj-zhfw/v1/grzc/sendGrSms',
  /** Personal account register: xingming, zjhm, password, dxyzm (spec 3.9). */
  userRegister: '/api/izfgjj-zhfw/v1/grzc/userRegister',
  /** Send a code to the phone a flexible employee gives. */
  sendFlexibleCode: '/api/izfgjj-zhfw/v1/lhjy/sendSms',
  /** Flexible-employment setup (灵活就业人员开户). */
  flexibleSetup: '/api/izfgjj-zhfw/v1/lhjy/lhjyrysl',
  /** The centre's bounds and rounding unit for the setup's base and ratio (public, GET). */
  flexibleParams: '/api/izfgjj-zhfw/v1/lhjy/params',
  /** Send a code to the phone an out-of-area loan person gives. */
  sendRemoteLoanCode: '/api/izfgjj-zhfw/v1/yddk/sendSms',
  /** Out-of-area loan person registration (异地贷款人员注册). */
  remoteLoanRegister: '/api/izfgjj-zhfw/v1/yddk/yddkryzc',
} as const);

/**
 * The message of a new password that breaks the rule (spec 5.2's wording, which the demo's XT_MMZZ follows).
 *
 * @example
 * if (!isNewLoginPassword(value, pattern)) error = NEW_PASSWORD_MESSAGE
 */
// The same text as VALIDATE_MESSAGES.newPassword (a test checks), written out so this entry does not carry every message.
export const NEW_PASSWORD_MESSAGE = '请输入8-16位密码，至少包含字母、数字两种组合';

/** 8-16 printable characters with a letter and a digit (spec 5.2, 9), as `isNewPassword` of the validators. */
const NEW_PASSWORD = /^(?=[^]*[A-Za-z])(?=[^]*\d)[!-~]{8,16}$/;

/** Every new password is 8-16 characters long, whatever else the centre's pattern asks (issue 23: one rule, not two). */
const NEW_PASSWORD_LENGTH = /^[^]{8,16}$/;

/**
 * Whether a new password follows the centre's rule: 8-16 characters always, and the configured pattern (system
 * setting XT_MMZZ) when there is one that compiles, else letters and digits (spec 5.2, 9). Never throws.
 *
 * @example
 * isNewLoginPassword('abc12345')                // true
 * isNewLoginPassword('abc123')                  // false (too short)
 * isNewLoginPassword('12345678', '^\\d+$')      // true
 * isNewLoginPassword('123456', '^\\d{6}$')      // false (a pattern cannot lower the 8-16 length)
 */
export function isNewLoginPassword(value: unknown, pattern?: string): boolean {
  if (typeof value !== 'string' || !NEW_PASSWORD_LENGTH.test(value)) return false;
  if (pattern) {
    try {
      return new RegExp(pattern).test(value);
    } catch {
      // A broken setting must not break the form: the default rule applies.
    }
  }
  return NEW_PASSWORD.test(value);
}

/** Encrypts with the centre's key: `sm2Encrypt` of `@gjj-hall/sdk/crypto`, injected so this entry has no sm-crypto. */
type Encrypt = (plainText: string, publicKeyHex: string) => string;

/** Options of the registration calls. */
export interface RegisterCallOptions {
  encrypt: Encrypt;
  /** The centre's public key; fetched when not given. */
  publicKey?: string;
}

/** Who registers: name and ID number, in clear (the ID number is encrypted before it leaves). */
export interface PersonIdentity {
  xingming: string;
  zjhm: string;
}

/** /userRegister (spec 3.9): the person, the new password and the SMS code. */
export interface UserRegisterInput extends PersonIdentity {
  password: string;
  dxyzm: string;
}

/** /lhjyrysl: the person, their own phone, what they declare, the new password and the code. */
export interface FlexibleSetupInput extends UserRegisterInput {
  /**
   * The verified identity (`ssoIdentity`: POST zw/identity after the government platform's sign-in): the
   * server registers only the person the platform vouched for, with this very name and ID number (issue 18).
   */
  identityTicket: string;
  sjhm: string;
  /** Monthly contribution base, yuan. */
  jcjs: string;
  /** Contribution rate, percent, 5 to 12. */
  jcbl: string;
  /** Place of household registration. */
  hjszd: string;
  /** Postal address. */
  txdz: string;
  /** Postal code, optional. */
  yzbm?: string;
}

/** /yddkryzc: the person, their own phone, where their account is, the new password and the code. */
export interface RemoteLoanRegisterInput extends UserRegisterInput {
  /** The verified identity, as for {@link FlexibleSetupInput}. */
  identityTicket: string;
  sjhm: string;
  /** City where the provident fund account is. */
  jcdcs: string;
  /** The provident fund centre there. */
  jczx: string;
  /** The personal account number there. */
  ydgrzh: string;
  /** Employer there, optional. */
  dwmc?: string;
}

/** What a successful registration answers: the account to sign in with (the ID number), and a message. */
export interface RegisterResult {
  account: string;
  /** The personal account number opened (flexible setup only). */
  grzh?: string;
  message: string;
}

const FORM = { form: true, silent: true } as const;

/** Posts a registration with ID number and password sealed; the answer as a {@link RegisterResult}. */
async function register(client: GjjClient, path: string, input: UserRegisterInput, options: RegisterCallOptions): Promise<RegisterResult> {
  const answer = await client.post<{ account?: string; grzh?: string }>(path, await sealed(client, { ...input, xingming: input.xingming.trim() }, options), FORM);
  const result: RegisterResult = { account: String(answer.data?.account ?? ''), message: answer.msg ?? '' };
  if (answer.data?.grzh) result.grzh = String(answer.data.grzh);
  return result;
}

async function sealed<T extends { zjhm: string; password?: string }>(client: GjjClient, input: T, options: RegisterCallOptions): Promise<T> {
  const key = options.publicKey ?? (await fetchPublicKey(client));
  const out = { ...input, zjhm: options.encrypt(input.zjhm.trim().toUpperCase(), key) };
  if (input.password !== undefined) out.password = options.encrypt(input.password, key);
  return out;
}

/**
 * The phone on file for a depositor (POST grzc/loadSjhm).
 *
 * @deprecated The server shows no phone any more (it told who is on the centre's records, issue 18): this resolves
 * with '' for everyone. Send the code with {@link sendRegisterCode} and say it goes to the phone on file.
 * @example
 * import { sm2Encrypt } from '@gjj-hall/sdk/crypto'
 * const phone = await loadRegisterPhone(client, { xingming: '赵六', zjhm: '370102198805123015', captcha }, { encrypt: sm2Encrypt }) // ''
 */
export async function loadRegisterPhone(client: GjjClient, person: PersonIdentity & { captcha?: CaptchaAnswer }, options: RegisterCallOptions): Promise<string> {
  const body = await sealed(client, { xingming: person.xingming.trim(), zjhm: person.zjhm, ...person.captcha }, options);
  const { data } = await client.post<{ sjhm?: string }>(REGISTER_PERSON_PATHS.loadPhone, body, FORM);
  return String(data?.sjhm ?? '');
}

/**
 * Sends the registration code to the phone on file (POST grzc/sendGrSms, with the picture captcha). The answer is
 * the same for everyone (如您的姓名和证件号码与本中心登记的一致，验证码已发送至您的预留手机…): a person not on file
 * gets no code, one already registered a word to their phone instead. Resolves with the envelope, for
 * `sendCodeResult` and the send-code button; rejects silently (428 captcha, 429 too frequent, 503 SMS unavailable).
 *
 * @example
 * const answer = await sendRegisterCode(client, { xingming, zjhm, captcha: { uuid, code } }, { encrypt: sm2Encrypt })
 */
export async function sendRegisterCode(client: GjjClient, person: PersonIdentity & { captcha: CaptchaAnswer }, options: RegisterCallOptions): Promise<unknown> {
  const body = await sealed(client, { xingming: person.xingming.trim(), zjhm: person.zjhm, uuid: person.captcha.uuid, code: person.captcha.code }, options);
  return client.post(REGISTER_PERSON_PATHS.sendRegisterCode, body, FORM);
}

/**
 * Registers a depositor on file (POST grzc/userRegister: xingming, zjhm, password, dxyzm; spec 3.9). ID number
 * and password are SM2-encrypted. Rejects silently with the server's message (not on file, already registered,
 * wrong or expired code, a password that breaks the rule).
 *
 * @example
 * const { account } = await registerPerson(client,
 *   { xingming: '赵六', zjhm: '370102198805123015', password: 'Abc12345', dxyzm: '123456' }, { encrypt: sm2Encrypt })
 */
export async function registerPerson(client: GjjClient, input: UserRegisterInput, options: RegisterCallOptions): Promise<RegisterResult> {
  return register(client, REGISTER_PERSON_PATHS.userRegister, input, options);
}

/**
 * Sends a code to the phone a flexible employee (`'flexible'`) or an out-of-area loan person (`'remoteLoan'`) gives
 * (POST lhjy/sendSms or yddk/sendSms, with the picture captcha), whatever the ID number: a number registered or
 * holding an account here is refused at submission. Resolves with the envelope; rejects silently.
 *
 * @example
 * await sendOwnPhoneCode(client, 'flexible', { xingming, zjhm, sjhm: '13100130101', captcha: { uuid, code } }, { encrypt: sm2Encrypt })
 */
export async function sendOwnPhoneCode(
  client: GjjClient,
  flow: 'flexible' | 'remoteLoan',
  input: PersonIdentity & { sjhm: string; captcha: CaptchaAnswer },
  options: RegisterCallOptions,
): Promise<unknown> {
  const body = await sealed(
    client,
    { xingming: input.xingming.trim(), zjhm: input.zjhm, sjhm: input.sjhm.trim(), uuid: input.captcha.uuid, code: input.captcha.code },
    options,
  );
  const path = flow === 'flexible' ? REGISTER_PERSON_PATHS.sendFlexibleCode : REGISTER_PERSON_PATHS.sendRemoteLoanCode;
  return client.post(path, body, FORM);
}

/**
 * Sets up a flexible employee (POST lhjy/lhjyrysl): opens the personal account and the login (role lhjyjczgry).
 *
 * @example
 * const { grzh } = await setupFlexibleEmployment(client, { identityTicket, xingming, zjhm, sjhm, dxyzm, password,
 *   jcjs: '5000', jcbl: '12', hjszd: '示范市历下区', txdz: '示范市历下区泉城路 1 号' }, { encrypt: sm2Encrypt })
 */
export async function setupFlexibleEmployment(client: GjjClient, input: FlexibleSetupInput, options: RegisterCallOptions): Promise<RegisterResult> {
  return register(client, REGISTER_PERSON_PATHS.flexibleSetup, input, options);
}

/**
 * Registers an out-of-area loan person (POST yddk/yddkryzc): the login with the out-of-area role (yddkry).
 *
 * @example
 * await registerRemoteLoanPerson(client, { identityTicket, xingming, zjhm, sjhm, dxyzm, password,
 *   jcdcs: '深圳市', jczx: '深圳市住房公积金管理中心', ydgrzh: '440300123456' }, { encrypt: sm2Encrypt })
 */
export async function registerRemoteLoanPerson(client: GjjClient, input: RemoteLoanRegisterInput, options: RegisterCallOptions): Promise<RegisterResult> {
  return register(client, REGISTER_PERSON_PATHS.remoteLoanRegister, input, options);
}
