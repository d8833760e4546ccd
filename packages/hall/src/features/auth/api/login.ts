import type { LoginType } from '@gjj-hall/sdk';
import { accountLogin, fetchCaptcha, smsCodeLogin, type AccountLoginInput, type Captcha } from '@gjj-hall/sdk/auth';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { client } from '../../../shared/services';
import { completeSignIn } from './complete-sign-in';

/** A new picture captcha (single use). */
export function loadCaptcha(): Promise<Captcha> {
  return fetchCaptcha(client);
}

/**
 * Signs in with account and password: SM2-encrypted with the centre's key (the only chunk that carries sm-crypto),
 * then the common tail of every sign-in (`completeSignIn`: token, prompts due, the welcome 2 s later).
 */
export async function signIn(input: AccountLoginInput): Promise<void> {
  completeSignIn(await accountLogin(client, input, { encrypt: sm2Encrypt }));
}

/** Signs in with a phone and the SMS code sent to it (phone and code SM2-encrypted); the same tail as {@link signIn}. */
export async function signInBySms(input: { loginType: LoginType; phone: string; code: string }): Promise<void> {
  completeSignIn(await smsCodeLogin(client, input, { encrypt: sm2Encrypt }));
}
