import { describe, expect, it, vi } from 'vitest';
import { BusinessError, HttpError } from '../client/errors';
import { generateSm2KeyPair, sm2Decrypt, sm2Encrypt } from '../crypto/sm2';
import { fakeCentre, ok } from '../test-support/fake-centre';
import {
  AUTH_PATHS,
  accountLogin,
  fetchCaptcha,
  fetchMenuEnable,
  fetchMenuIcons,
  fetchPublicKey,
  fetchPublicMenu,
  fetchUserInfo,
  logoutSession,
} from './api';
import {
  SHELL_PATHS,
  checkBusinessAccess,
  fetchConfigVersion,
  fetchDictionary,
  fetchInfoCheck,
  fetchInterestStatement,
  fetchNotices,
  fetchServiceSwitch,
  fetchSysConfig,
} from './shell-api';

const status = (code: number, msg: string) => ({ status: code, body: { code, msg, data: null } });

describe('accountLogin', () => {
  it('SM2-encrypts account and password with the centre key, sends the captcha as typed, as a login-style call', async () => {
    const { publicKey, privateKey } = generateSm2KeyPair();
    let body: Record<string, unknown> = {};
    let query = '';
    const { client } = fakeCentre({
      [AUTH_PATHS.publicKey]: ok(publicKey),
      [AUTH_PATHS.accountLogin]: (url, init) => {
        body = JSON.parse(String(init.body)) as Record<string, unknown>;
        query = url.search;
        return { status: 200, body: ok({ token: 'a'.repeat(64), loginType: 2 }), headers: { token: 'a'.repeat(64) } };
      },
    });
    const result = await accountLogin(
      client,
      { loginType: 2, username: '100200300001', password: 'Gjj@2026', code: 'a3F9', uuid: 'u-1' },
      { encrypt: sm2Encrypt },
    );
    expect(result).toEqual({ token: 'a'.repeat(64), loginType: 2 });
    expect(query).toBe('?grant_type=password&scope=server');
    expect(body.loginType).toBe(2);
    expect(body.code).toBe('a3F9');
    expect(body.uuid).toBe('u-1');
    expect(String(body.username)).toMatch(/^04[0-9a-f]+$/);
    expect(sm2Decrypt(String(body.username), privateKey)).toBe('100200300001');
    expect(sm2Decrypt(String(body.password), privateKey)).toBe('Gjj@2026');
  });

  it('uses a given public key without fetching one', async () => {
    const encrypt = vi.fn((text: string, key: string) => `04${key}:${text}`);
    const centre = fakeCentre({ [AUTH_PATHS.accountLogin]: ok({ token: 't' }) });
    const result = await accountLogin(centre.client, { loginType: 1, username: 'u', password: 'p', code: 'c', uuid: 'x' }, { encrypt, publicKey: 'K' });
    expect(result).toEqual({ token: 't', loginType: 1 });
    expect(encrypt.mock.calls).toEqual([['u', 'K'], ['p', 'K']]);
    expect(centre.calls.some((c) => c.includes('getPubleKey'))).toBe(false);
  });

  it('rejects with the server message, without calling onError (the form shows it) unless asked', async () => {
    const onError = vi.fn();
    const input = { loginType: 1 as const, username: 'u', password: 'p', code: 'c', uuid: 'x' };
    for (const [code, msg] of [
      [428, '验证码错误，请重新输入'],
      [426, '用户名不存在或密码错误'],
      [429, '密码连续输错 5 次，账号已锁定，请于 2026-11-22 15:30 后再试'],
    ] as const) {
      const { client } = fakeCentre({ [AUTH_PATHS.accountLogin]: status(code, msg) }, { onError });
      const error = await accountLogin(client, input, { encrypt: (t) => t, publicKey: 'K' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(code);
      expect((error as HttpError).message).toBe(msg);
    }
    expect(onError).not.toHaveBeenCalled();
    const { client } = fakeCentre({ [AUTH_PATHS.accountLogin]: status(426, '用户名不存在或密码错误') }, { onError });
    await expect(accountLogin(client, input, { encrypt: (t) => t, publicKey: 'K', silent: false })).rejects.toThrow();
    expect(onError).toHaveBeenCalledOnce();
  });
});

describe('the other auth calls', () => {
  it('fetchPublicKey and fetchCaptcha read the data', async () => {
    const { client } = fakeCentre({
      [AUTH_PATHS.publicKey]: ok(`04${'a'.repeat(128)}`),
      [AUTH_PATHS.captcha]: ok({ uuid: 'u', img: 'data:image/png;base64,AA' }),
    });
    expect(await fetchPublicKey(client)).toHaveLength(130);
    expect(await fetchCaptcha(client)).toEqual({ uuid: 'u', img: 'data:image/png;base64,AA' });
  });

  it('fetchUserInfo gives an object even when the data is missing', async () => {
    const { client } = fakeCentre({ [AUTH_PATHS.userInfo]: ok(null) });
    expect(await fetchUserInfo(client)).toEqual({});
  });

  it('logoutSession posts the logout with the token and never rejects', async () => {
    const centre = fakeCentre({ [AUTH_PATHS.logout]: ok(null) });
    centre.stores.session.setToken('t');
    await logoutSession(centre.client);
    expect(centre.calls).toEqual(['POST /api/auth/v1/auth/token/logout']);
    const offline = fakeCentre({ [AUTH_PATHS.logout]: status(401, '登录已过期，请重新登录') });
    await expect(logoutSession(offline.client)).resolves.toBeUndefined();
  });

  it('fetchMenuIcons is silent and gives [] on failure; fetchPublicMenu reads needLogin strictly', async () => {
    const onError = vi.fn();
    const { client } = fakeCentre(
      {
        [AUTH_PATHS.menuIcons]: status(500, 'x'),
        [AUTH_PATHS.publicMenu]: ok([
          { title: '中心简介', path: '/introToCenter', needLogin: false },
          { title: '常用下载', path: '/commonDownload', needLogin: true },
          { title: '合作楼盘', path: '/cooperation', needLogin: 'yes' },
        ]),
      },
      { onError },
    );
    expect(await fetchMenuIcons(client)).toEqual([]);
    expect(onError).not.toHaveBeenCalled();
    expect((await fetchPublicMenu(client)).map((i) => i.needLogin)).toEqual([false, true, false]);
  });

  it('fetchMenuEnable joins the ids', async () => {
    const centre = fakeCentre({ [AUTH_PATHS.menuEnable]: ok([{ id: 11, enable: 0, bz: '系统升级' }]) });
    expect(await fetchMenuEnable(centre.client, [11, '12'])).toEqual([{ id: 11, enable: 0, bz: '系统升级' }]);
    expect(centre.calls).toEqual(['GET /api/auth/v1/menu/getMenuEnable?ids=11%2C12']);
  });
});

describe('the shell calls', () => {
  it('version, switch and configuration are silent and read as null / [] when they fail', async () => {
    const onError = vi.fn();
    const { client } = fakeCentre(
      {
        [SHELL_PATHS.configVersion]: status(500, 'x'),
        [SHELL_PATHS.serviceSwitch]: status(500, 'x'),
        [SHELL_PATHS.sysConfig]: status(500, 'x'),
      },
      { onError },
    );
    expect(await fetchConfigVersion(client)).toBeNull();
    expect(await fetchServiceSwitch(client)).toBeNull();
    expect(await fetchSysConfig(client)).toEqual([]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('the switch reads as text', async () => {
    const { client } = fakeCentre({ [SHELL_PATHS.serviceSwitch]: ok({ qdzt: 0 }) });
    expect(await fetchServiceSwitch(client)).toBe('0');
  });

  it('fetchDictionary gives an object; fetchNotices keeps the published ones when asked', async () => {
    const { client } = fakeCentre({
      [SHELL_PATHS.dictionary]: ok({ ZJLX: [{ value: '01', title: '身份证', enable: 1 }] }),
      [SHELL_PATHS.notices]: ok([
        { id: 1, tgmc: 'a', tgnr: '<p>a</p>', startsj: '2026-01-01', fbzt: '1' },
        { id: 2, tgmc: 'b', tgnr: '', startsj: '2026-01-02', fbzt: 0 },
        { id: 3, tgmc: 'c', tgnr: '', startsj: '2026-01-03', fbzt: 1 },
      ]),
    });
    expect(Object.keys(await fetchDictionary(client))).toEqual(['ZJLX']);
    expect((await fetchNotices(client)).map((n) => n.id)).toEqual([1, 2, 3]);
    expect((await fetchNotices(client, { publishedOnly: true })).map((n) => n.id)).toEqual([1, 3]);
  });

  it('the checks after sign-in read their data', async () => {
    const { client } = fakeCentre({
      [SHELL_PATHS.infoCheck]: ok({ status: '3', type: 'gr' }),
      [SHELL_PATHS.interestStatement]: ok({ confirmed: 'true', year: 2026 }),
    });
    expect(await fetchInfoCheck(client)).toEqual({ status: 3, type: 'gr' });
    expect(await fetchInterestStatement(client)).toEqual({ confirmed: false, year: 2026 });
  });

  it('checkBusinessAccess resolves when allowed and hands a 403 to onForbidden', async () => {
    const onForbidden = vi.fn();
    const centre = fakeCentre(
      {
        [SHELL_PATHS.businessAccess]: (url) =>
          url.searchParams.get('path') === '/grwt/tq'
            ? status(403, '当前操作没有权限，请联系管理员授权')
            : ok({ allowed: true }),
      },
      { onForbidden },
    );
    expect(await checkBusinessAccess(centre.client, '/grwt/zhxx')).toBe(true);
    await expect(checkBusinessAccess(centre.client, '/grwt/tq')).rejects.toBeInstanceOf(HttpError);
    expect(onForbidden).toHaveBeenCalledOnce();
    expect(centre.calls[0]).toBe('GET /api/izfgjj-zhfw/v1/ywbl/check?path=%2Fgrwt%2Fzhxx');
  });

  it('a business failure of a check rejects with a BusinessError', async () => {
    const { client } = fakeCentre({ [SHELL_PATHS.infoCheck]: { code: 500, msg: '服务异常', data: null } });
    await expect(fetchInfoCheck(client)).rejects.toBeInstanceOf(BusinessError);
  });
});
