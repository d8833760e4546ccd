import { describe, expect, it } from 'vitest';
import { BusinessError, HttpError } from '../client/errors';
import { generateSm2KeyPair, sm2Decrypt, sm2Encrypt } from '../crypto/sm2';
import { fakeCentre, ok } from '../test-support/fake-centre';
import {
  UNIT_MESSAGES,
  UNIT_PATHS,
  loadUnitPhone,
  sendUnitDepositCode,
  sendUnitSmsCode,
  setUnitPassword,
  submitUnitDeposit,
} from './register-unit';

/** The form-encoded body of a request, as an object. */
const formOf = (init: RequestInit) => {
  const headers = new Headers(init.headers);
  expect(headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
  return Object.fromEntries(new URLSearchParams(String(init.body)));
};

describe('unit calls', () => {
  it('load the phone and send the code form-encoded, to the deposit-unit or other-category paths', async () => {
    const seen: Array<[string, Record<string, string>]> = [];
    const record = (data: unknown) => (url: URL, init: RequestInit) => {
      seen.push([url.pathname, formOf(init)]);
      return { status: 200, body: ok(data) };
    };
    const { client } = fakeCentre({
      [UNIT_PATHS.loadPhone]: record({ dwmc: '示范市第一建筑工程有限公司', jbrsjhm: '153****0001' }),
      [UNIT_PATHS.sendSms]: record(null),
      [UNIT_PATHS.qtLoadPhone]: record({ dwmc: '示范市安居房地产开发有限公司', jbrsjhm: '153****0004' }),
      [UNIT_PATHS.qtSendSms]: record(null),
    });
    expect(await loadUnitPhone(client, { category: 'jcdw', dwzh: '100200300101', purpose: 'register' })).toEqual({
      dwmc: '示范市第一建筑工程有限公司',
      jbrsjhm: '153****0001',
    });
    const captcha = { uuid: '0b1f8a52-0e5d-4c7b-9d8e-3f2a1b0c9d8e', code: 'a3F9' };
    await sendUnitSmsCode(client, { category: 'jcdw', dwzh: '100200300101', captcha });
    expect((await loadUnitPhone(client, { category: 'qtdw', dwzh: '900100200103' }, { captcha })).jbrsjhm).toBe('153****0004');
    await sendUnitSmsCode(client, { category: 'qtdw', dwzh: '900100200103', captcha });
    expect(seen).toEqual([
      [UNIT_PATHS.loadPhone, { dwzh: '100200300101', yt: 'register' }],
      [UNIT_PATHS.sendSms, { dwzh: '100200300101', yt: 'setPwd', ...captcha }],
      [UNIT_PATHS.qtLoadPhone, { dwzh: '900100200103', ...captcha }],
      [UNIT_PATHS.qtSendSms, { dwzh: '900100200103', ...captcha }],
    ]);
  });

  it('encrypt the handler ID (upper-cased) and the password, and pick the call by page', async () => {
    const { publicKey, privateKey } = generateSm2KeyPair();
    const bodies: Record<string, Record<string, string>> = {};
    const answer = (msg: string) => (url: URL, init: RequestInit) => {
      bodies[url.pathname] = formOf(init);
      return { status: 200, body: { code: 0, msg, data: null } };
    };
    const { client } = fakeCentre({
      [UNIT_PATHS.register]: answer(UNIT_MESSAGES.registered),
      [UNIT_PATHS.setLoginPwd]: answer(UNIT_MESSAGES.passwordSet),
      [UNIT_PATHS.qtSetLoginPwd]: answer(UNIT_MESSAGES.passwordSet),
    });
    const input = { dwzh: '900100200103', jbrxm: '周敏', jbrzjhm: '37010619900212206x', password: 'Estate#2027', dxyzm: '123456' };
    expect(await setUnitPassword(client, { ...input, category: 'jcdw', purpose: 'register' }, { encrypt: sm2Encrypt, publicKey })).toBe(UNIT_MESSAGES.registered);
    await setUnitPassword(client, { ...input, category: 'jcdw' }, { encrypt: sm2Encrypt, publicKey });
    await setUnitPassword(client, { ...input, category: 'qtdw' }, { encrypt: sm2Encrypt, publicKey });
    expect(Object.keys(bodies)).toEqual([UNIT_PATHS.register, UNIT_PATHS.setLoginPwd, UNIT_PATHS.qtSetLoginPwd]);
    const sent = bodies[UNIT_PATHS.qtSetLoginPwd]!;
    expect(sent.jbrzjhm).toMatch(/^04[0-9a-f]+$/);
    expect(sm2Decrypt(sent.jbrzjhm!, privateKey)).toBe('37010619900212206X');
    expect(sm2Decrypt(sent.password!, privateKey)).toBe('Estate#2027');
    expect(sent).toMatchObject({ dwzh: '900100200103', jbrxm: '周敏', dxyzm: '123456' });
  });

  it('reject with the server message, and stay silent', async () => {
    let shown = '';
    const { client } = fakeCentre(
      {
        [UNIT_PATHS.loadPhone]: { status: 409, body: { code: 409, msg: UNIT_MESSAGES.alreadyRegistered, data: null } },
        [UNIT_PATHS.depositSendSms]: ok(null),
        [UNIT_PATHS.depositAdd]: { status: 200, body: { code: 428, msg: '验证码错误，请重新输入', data: null } },
      },
      { onError: (message: string) => void (shown = message) },
    );
    const refused = loadUnitPhone(client, { category: 'jcdw', dwzh: '100200300001', purpose: 'register' });
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toThrow(UNIT_MESSAGES.alreadyRegistered);
    await sendUnitDepositCode(client, '15300150005', { uuid: '0b1f8a52-0e5d-4c7b-9d8e-3f2a1b0c9d8e', code: 'a3F9' });
    const submitted = submitUnitDeposit(
      client,
      { dwmc: 'x', tyshxydm: '91370100ma3j5l2r70', dwdz: 'x', yzbm: '250101', fddbr: 'x', jbrxm: 'x', jbrzjhm: '370107198304303079', jbrsjhm: '15300150005', dxyzm: '000000', jcqsny: '2026-12', dwjcbl: '12', zgrs: '35' },
      { encrypt: (t) => `04${t}`, publicKey: '04' },
    );
    await expect(submitted).rejects.toBeInstanceOf(BusinessError);
    expect(shown).toBe('');
  });

  it('submit a deposit registration with the credit code upper-cased and answer its reference number', async () => {
    let body: Record<string, string> = {};
    const { client } = fakeCentre({
      [UNIT_PATHS.depositAdd]: (_url: URL, init: RequestInit) => {
        body = formOf(init);
        return { status: 200, body: { code: 0, msg: UNIT_MESSAGES.depositSubmitted, data: { sqbh: 'DJ20261124000001', dwmc: '示范市云帆软件有限公司' } } };
      },
    });
    const result = await submitUnitDeposit(
      client,
      { dwmc: '示范市云帆软件有限公司', tyshxydm: '91370100ma3j5l2r70', dwdz: '创新路 88 号', yzbm: '250101', fddbr: '李云帆', jbrxm: '何静', jbrzjhm: '370107198304303079', jbrsjhm: '15300150005', dxyzm: '123456', jcqsny: '2026-12', dwjcbl: '12', zgrs: '35' },
      { encrypt: (t) => `04:${t}`, publicKey: '04' },
    );
    expect(result).toEqual({ sqbh: 'DJ20261124000001', dwmc: '示范市云帆软件有限公司', message: UNIT_MESSAGES.depositSubmitted });
    expect(body.tyshxydm).toBe('91370100MA3J5L2R70');
    expect(body.jbrzjhm).toBe('04:370107198304303079');
    expect(body.dwdz).toBe('创新路 88 号');
  });
});
