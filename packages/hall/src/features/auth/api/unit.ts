import {
  sendUnitDepositCode,
  sendUnitSmsCode,
  setUnitPassword,
  submitUnitDeposit,
  type CaptchaAnswer,
  type UnitDepositInput,
  type UnitDepositResult,
  type UnitLookup,
  type UnitPasswordInput,
} from '@gjj-hall/sdk/auth';
import { DEFAULT_SMS_CODE_LENGTH } from '@gjj-hall/sdk';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { client, stores } from '../../../shared/services';

// The unit registration and password calls (docs/api-unit.md) over the hall's client, with SM2 for the handler's ID
// number and the password. Silent: the pages show the server's message where it belongs.

/** Sends the code to the handler's phone on file, with the picture captcha answered (the same answer for any unit account). */
export function sendUnitCode(lookup: UnitLookup, captcha: CaptchaAnswer): Promise<unknown> {
  return sendUnitSmsCode(client, { ...lookup, captcha });
}

/** Registers the unit's login or sets its new password; resolves with the server's message. */
export function submitUnitPassword(input: UnitPasswordInput): Promise<string> {
  return setUnitPassword(client, input, { encrypt: sm2Encrypt });
}

/** Sends the deposit registration code to the phone as typed, with the picture captcha answered. */
export function sendDepositCode(phone: string, captcha: CaptchaAnswer): Promise<unknown> {
  return sendUnitDepositCode(client, phone, captcha);
}

/** Submits the deposit registration; resolves with its reference number. */
export function submitDeposit(input: UnitDepositInput): Promise<UnitDepositResult> {
  return submitUnitDeposit(client, input, { encrypt: sm2Encrypt });
}

/** The configured new-password pattern (XT_MMZZ) and SMS code length (XT_DXYZMCD, 6 when none). */
export function unitFormConfig(): { passwordPattern: string; codeLength: number } {
  const length = Number(stores.config.configValue('XT_DXYZMCD'));
  return {
    passwordPattern: stores.config.configValue('XT_MMZZ'),
    codeLength: Number.isInteger(length) && length >= 4 && length <= 8 ? length : DEFAULT_SMS_CODE_LENGTH,
  };
}
