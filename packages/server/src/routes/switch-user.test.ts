import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { NOT_OWN_ACCOUNT_MESSAGE } from './switch-user';

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db });
});
afterAll(() => app.close());

const ZHANG = '110101199003072316';
interface Info {
  id: string;
  roles: string[];
  menuList: Array<{ children?: Array<{ path: string }> }>;
  otherInfo: Array<{ id: string; accountType: string }>;
}
const userInfo = async (token: string) => (await app.inject({ url: '/api/auth/v1/getUserInfo', headers: { token } })).json<{ data: Info }>().data;
const switchTo = (token: string | undefined, toUserId: string) =>
  app.inject({ url: `/api/auth/v1/switchUser?toUserId=${encodeURIComponent(toUserId)}`, headers: token ? { token } : {} });
const grzh = async (token: string) =>
  (await app.inject({ url: '/api/izfgjj-zhfw/v1/grxx/loginGrxx', headers: { token } })).json<{ data: { grzh: string } }>().data.grzh;

describe('GET switchUser', () => {
  it("moves the session to the login's other account: roles, menus and account information follow", async () => {
    const token = await signIn(app, ZHANG);
    const before = await userInfo(token);
    expect(before.roles).toEqual(['grjczgry']);
    expect(await grzh(token)).toBe('201000000101');
    const other = before.otherInfo.find((a) => a.id !== before.id)!;
    expect(other.accountType).toBe('灵活就业缴存账户');

    const res = await switchTo(token, other.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { id: other.id, changed: true } });
    const after = await userInfo(token);
    expect(after.id).toBe(other.id);
    expect(after.roles).toEqual(['lhjyjczgry']);
    expect(JSON.stringify(after.menuList)).toContain('/grwt/zhxx/lhjyryyw');
    expect(JSON.stringify(before.menuList)).not.toContain('/grwt/zhxx/lhjyryyw');
    expect(await grzh(token)).toBe('201000000188');

    // Another sign-in of the same login still lands on the primary account: the switch is the session's.
    const second = await signIn(app, ZHANG);
    expect((await userInfo(second)).id).toBe(before.id);
  });

  it('changes nothing when asked for the current account', async () => {
    const token = await signIn(app, ZHANG);
    const { id } = await userInfo(token);
    const res = await switchTo(token, id);
    expect(res.json()).toMatchObject({ code: 0, data: { id, changed: false } });
    expect((await userInfo(token)).id).toBe(id);
  });

  it("refuses another login's account (403, clear message) and leaves the session where it was", async () => {
    const token = await signIn(app, ZHANG);
    const { id } = await userInfo(token);
    const unitToken = await signIn(app, '100200300001', 2);
    const unitId = (await userInfo(unitToken)).id;
    const res = await switchTo(token, unitId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, msg: NOT_OWN_ACCOUNT_MESSAGE });
    expect((await switchTo(token, '999999')).statusCode).toBe(403);
    expect((await userInfo(token)).id).toBe(id);
  });

  it('needs a session, and a well-formed id', async () => {
    expect((await switchTo(undefined, '1')).statusCode).toBe(401);
    const token = await signIn(app, ZHANG);
    const bad = await switchTo(token, '1 or 1=1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ msg: '账户编号格式不正确' });
    const missing = await app.inject({ url: '/api/auth/v1/switchUser', headers: { token } });
    expect(missing.json()).toMatchObject({ msg: '请选择要切换的账户' });
  });
});
