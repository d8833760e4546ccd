import {
  REGISTER_PERSON_PATHS,
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
import { DEFAULT_FLEXIBLE_BOUNDS, type FlexibleBounds } from '../register-person-form';

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
/** The centre's bounds and rounding unit for the flexible setup (public; the defaults until it answers or when it fails). */
export async function fetchFlexibleBounds(): Promise<FlexibleBounds> {
  try {
    const { data } = await client.get<FlexibleBounds>(REGISTER_PERSON_PATHS.flexibleParams, { silent: true });
    return data ?? DEFAULT_FLEXIBLE_BOUNDS;
  } catch {
    return DEFAULT_FLEXIBLE_BOUNDS;
  }
}
/** Registers an out-of-area loan person. */
export const submitRemoteLoanRegister = (input: RemoteLoanRegisterInput): Promise<RegisterResult> =>
  registerRemoteLoanPerson(client, input, options);
