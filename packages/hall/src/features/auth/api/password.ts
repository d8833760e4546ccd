import type { LoginType } from '@gjj-hall/sdk';
import {
  checkRecoverPasswordCode,
  recoverPassword,
  sendLoginSmsCode,
  sendRecoverPasswordCode,
  sendUpdatePasswordCode,
  updatePasswordByPhone,
  type CaptchaAnswer,
} from '@gjj-hall/sdk/auth';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { client } from '../../../shared/services';

// The SMS and password calls of the hall, SM2-encrypted with the centre's key (this chunk carries sm-crypto).
const crypto = { encrypt: sm2Encrypt };

/** Sends a sign-in code to a phone, with the picture captcha answered. */
export const sendLoginCode = (loginType: LoginType, phone: string, captcha: CaptchaAnswer) =>
  sendLoginSmsCode(client, { loginType, phone, captcha }, crypto);

/** Sends a password-change code to the signed-in login's phone (the masked phone shown goes along to be checked). */
export const sendChangeCode = (phone: string) => sendUpdatePasswordCode(client, { phone }, crypto);

/** Changes the password; resolves with the server's message. */
export const changePassword = (input: { phone: string; code: string; password: string }) => updatePasswordByPhone(client, input, crypto);

/** Sends a recovery code to the phone on file, with the picture captcha answered (the same answer for any account). */
export const sendRecoverCode = (loginType: LoginType, account: string, captcha: CaptchaAnswer) =>
  sendRecoverPasswordCode(client, { loginType, account, captcha }, crypto);

/** Checks the recovery code; resolves with the ticket that sets the new password. */
export const checkRecoverCode = (loginType: LoginType, account: string, code: string) =>
  checkRecoverPasswordCode(client, { loginType, account, code }, crypto);

/** Sets the new password with the ticket; resolves with the server's message. */
export const setRecoveredPassword = (ticket: string, password: string) => recoverPassword(client, { ticket, password }, crypto);
