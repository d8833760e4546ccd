import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import type { ApiError } from '../http/envelope';
import { prepareDatabase } from '../start';
import { sendSmsCode, SMS_CODE_EXPIRED_MESSAGE, SMS_CODE_WRONG_MESSAGE, SMS_TOO_FREQUENT_MESSAGE, useSmsCode } from './sms-code';

let db: Db;
const sent: Array<{ phone: string; code: string }> = [];
const sms = { send: async (phone: string, code: string) => void sent.push({ phone, code }) };
const T0 = Date.parse('2026-11-24T10:00:00+08:00');
const at = (ms: number) => new Date(T0 + ms);
const lastCode = () => sent.at(-1)?.code ?? '';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
});
afterAll(() => db.close());

const failure = async (p: Promise<unknown>) => {
  const e = (await p.then(() => null, (error: unknown) => error)) as ApiError | null;
  return e && { status: e.statusCode, msg: e.message };
};

describe('SMS codes', () => {
  it('are as long as the configuration says (XT_DXYZMCD), digits only, and work once', async () => {
    const phone = '13800000001';
    await sendSmsCode(db, sms, { phone, purpose: 'login', at: at(0) });
    expect(lastCode()).toMatch(/^\d{6}$/);
    const code = lastCode();
    expect(await failure(useSmsCode(db, { phone, purpose: 'login', code, at: at(1000) }))).toBeNull();
    expect(await failure(useSmsCode(db, { phone, purpose: 'login', code, at: at(2000) }))).toEqual({ status: 428, msg: SMS_CODE_EXPIRED_MESSAGE });
  });

  it('fall back to 4 digits without a configured length', async () => {
    await db.query(`update sys_config set enable = 0 where key = 'XT_DXYZMCD'`);
    try {
      await sendSmsCode(db, sms, { phone: '13800000002', purpose: 'login', at: at(0) });
      expect(lastCode()).toMatch(/^\d{4}$/);
    } finally {
      await db.query(`update sys_config set enable = 1 where key = 'XT_DXYZMCD'`);
    }
  });

  it('expire after 5 minutes and serve only their own phone and purpose', async () => {
    const phone = '13800000003';
    await sendSmsCode(db, sms, { phone, purpose: 'recover', at: at(0) });
    const code = lastCode();
    expect(await failure(useSmsCode(db, { phone, purpose: 'login', code, at: at(1000) }))).toEqual({ status: 428, msg: SMS_CODE_EXPIRED_MESSAGE });
    expect(await failure(useSmsCode(db, { phone: '13800000004', purpose: 'recover', code, at: at(1000) }))).toEqual({ status: 428, msg: SMS_CODE_EXPIRED_MESSAGE });
    expect(await failure(useSmsCode(db, { phone, purpose: 'recover', code, at: at(5 * 60_000 + 1) }))).toEqual({ status: 428, msg: SMS_CODE_EXPIRED_MESSAGE });
  });

  it('answer a wrong code with its message, and are given up after five wrong tries', async () => {
    const phone = '13800000005';
    await sendSmsCode(db, sms, { phone, purpose: 'login', at: at(0) });
    const code = lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect(await failure(useSmsCode(db, { phone, purpose: 'login', code: wrong, at: at(1000) }))).toEqual({ status: 428, msg: SMS_CODE_WRONG_MESSAGE });
    }
    expect(await failure(useSmsCode(db, { phone, purpose: 'login', code, at: at(2000) }))).toEqual({ status: 428, msg: SMS_CODE_EXPIRED_MESSAGE });
  });

  it('go to one phone once a minute and five times an hour at most; a new code replaces the old one', async () => {
    const phone = '13800000006';
    await sendSmsCode(db, sms, { phone, purpose: 'login', at: at(0) });
    const first = lastCode();
    expect(await failure(sendSmsCode(db, sms, { phone, purpose: 'login', at: at(59_000) }))).toEqual({ status: 429, msg: SMS_TOO_FREQUENT_MESSAGE });
    for (let i = 1; i <= 4; i += 1) await sendSmsCode(db, sms, { phone, purpose: 'login', at: at(i * 61_000) });
    expect(await failure(useSmsCode(db, { phone, purpose: 'login', code: first, at: at(5 * 61_000) }))).not.toBeNull();
    expect(await failure(sendSmsCode(db, sms, { phone, purpose: 'login', at: at(5 * 61_000) }))).toEqual({ status: 429, msg: SMS_TOO_FREQUENT_MESSAGE });
    // An hour after the first, the window has room again.
    await sendSmsCode(db, sms, { phone, purpose: 'login', at: at(3_600_001) });
    expect(await failure(useSmsCode(db, { phone, purpose: 'login', code: lastCode(), at: at(3_600_002) }))).toBeNull();
  });
});
