import {
  registerPerson,
  registerRemoteLoanPerson,
  sendOwnPhoneCode,
  sendRegisterCode,
  setupFlexibleEmployment,
  type CaptchaAnswer,
  type FlexibleSetupInput,
  type PersonIdentity,
  type RegisterResult,
  type RemoteLoanRegisterInput,
  type UserRegisterInput,
} from '@gjj-hall/sdk/auth';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { client } from '../../../shared/services';

// The registration calls of docs/api-person.md over the hall's client: ID numbers and passwords SM2-encrypted here
// (this chunk carries sm-crypto, as the login page's does). Every call is silent: the forms show the messages.
const options = { encrypt: sm2Encrypt };

/** Sends the registration code to the phone on file, with the picture captcha answered. */
export const sendPersonCode = (person: PersonIdentity & { captcha: CaptchaAnswer }): Promise<unknown> => sendRegisterCode(client, person, options);
/** Registers a depositor on file. */
export const submitUserRegister = (input: UserRegisterInput): Promise<RegisterResult> => registerPerson(client, input, options);
/** Sends a code to the phone a flexible employee or an out-of-area loan person gives, with the picture captcha answered. */
export const sendOwnCode = (flow: 'flexible' | 'remoteLoan', input: PersonIdentity & { sjhm: string; captcha: CaptchaAnswer }): Promise<unknown> =>
  sendOwnPhoneCode(client, flow, input, options);
/** Sets up a flexible employee. */
export const submitFlexibleSetup = (input: FlexibleSetupInput): Promise<RegisterResult> => setupFlexibleEmployment(client, input, options);
/** Registers an out-of-area loan person. */
export const submitRemoteLoanRegister = (input: RemoteLoanRegisterInput): Promise<RegisterResult> =>
  registerRemoteLoanPerson(client, input, options);
