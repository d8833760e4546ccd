import type { LoginType } from '@gjj-hall/sdk';
import {
  checkRecoverPasswordCode,
  fetchRecoverPhone,
  recoverPassword,
  sendLoginSmsCode,
  sendRecoverPasswordCode,
  sendUpdatePasswordCode,
  updatePasswordByPhone,
} from '@gjj-hall/sdk/auth';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { client } from '../../../shared/services';

// The SMS and password calls of the hall, SM2-encrypted with the centre's key (this chunk carries sm-crypto).
const crypto = { encrypt: sm2Encrypt };

/** Sends a sign-in code to a phone. */
export const sendLoginCode = (loginType: LoginType, phone: string) => sendLoginSmsCode(client, { loginType, phone }, crypto);

/** Sends a password-change code to the signed-in login's phone (the masked phone shown goes along to be checked). */
export const sendChangeCode = (phone: string) => sendUpdatePasswordCode(client, { phone }, crypto);

/** Changes the password; resolves with the server's message. */
export const changePassword = (input: { phone: string; code: string; password: string }) => updatePasswordByPhone(client, input, crypto);

/** The masked phone on file of a login that recovers its password. */
export const recoverPhone = (loginType: LoginType, account: string) => fetchRecoverPhone(client, { loginType, account }, crypto);

/** Sends a recovery code to the phone on file. */
export const sendRecoverCode = (loginType: LoginType, account: string) => sendRecoverPasswordCode(client, { loginType, account }, crypto);

/** Checks the recovery code; resolves with the ticket that sets the new password. */
export const checkRecoverCode = (loginType: LoginType, account: string, code: string) =>
  checkRecoverPasswordCode(client, { loginType, account, code }, crypto);

/** Sets the new password with the ticket; resolves with the server's message. */
export const setRecoveredPassword = (ticket: string, password: string) => recoverPassword(client, { ticket, password }, crypto);
