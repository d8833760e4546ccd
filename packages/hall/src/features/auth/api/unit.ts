import {
  loadUnitPhone,
  sendUnitDepositCode,
  sendUnitSmsCode,
  setUnitPassword,
  submitUnitDeposit,
  type UnitDepositInput,
  type UnitDepositResult,
  type UnitLookup,
  type UnitPasswordInput,
  type UnitPhone,
} from '@gjj-hall/sdk/auth';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { client, stores } from '../../../shared/services';

// The unit registration and password calls (docs/api-unit.md) over the hall's client, with SM2 for the handler's ID
// number and the password. Silent: the pages show the server's message where it belongs.

/** The unit's name and its handler's phone (masked), by unit account. */
export function unitPhone(lookup: UnitLookup): Promise<UnitPhone> {
  return loadUnitPhone(client, lookup);
}

/** Sends the code to the handler's phone on file. */
export function sendUnitCode(lookup: UnitLookup): Promise<unknown> {
  return sendUnitSmsCode(client, lookup);
}

/** Registers the unit's login or sets its new password; resolves with the server's message. */
export function submitUnitPassword(input: UnitPasswordInput): Promise<string> {
  return setUnitPassword(client, input, { encrypt: sm2Encrypt });
}

/** Sends the deposit registration code to the phone as typed. */
export function sendDepositCode(phone: string): Promise<unknown> {
  return sendUnitDepositCode(client, phone);
}

/** Submits the deposit registration; resolves with its reference number. */
export function submitDeposit(input: UnitDepositInput): Promise<UnitDepositResult> {
  return submitUnitDeposit(client, input, { encrypt: sm2Encrypt });
}

/** The configured new-password pattern (XT_MMZZ) and SMS code length (XT_DXYZMCD, 4 when none). */
export function unitFormConfig(): { passwordPattern: string; codeLength: number } {
  const length = Number(stores.config.configValue('XT_DXYZMCD'));
  return {
    passwordPattern: stores.config.configValue('XT_MMZZ'),
    codeLength: Number.isInteger(length) && length >= 4 && length <= 8 ? length : 4,
  };
}
