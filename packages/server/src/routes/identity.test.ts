import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_PERSON_PATHS as P } from '@gjj-hall/sdk/auth';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { ROLES } from '../seed/menus';
import { hashPassword } from '../auth/password';
import { IDENTITY_NOTICE, UNVERIFIED_MESSAGE } from '../auth/identity';
import { smsSettled } from '../auth/sms-code';
import { captcha, freshIp, login, publicKey, signIn } from '../test-support/login';
import { govCode, redeemGovCode, verifiedIdentity } from '../test-support/gov';
import { IDENTITY_MISMATCH_MESSAGE, IDENTITY_REQUIRED_MESSAGE } from './register-person';
import { SSO_MESSAGES } from './sso';

// Issue 18, item 18: anyone could claim someone else's ID number through 异地贷款人员注册 or 灵活就业人员开户, and keep
// the login when the real citizen later came from the government platform. docs/security/identity-sso.md.

let db: Db;
let app: FastifyInstance;
let key: string;
let clock = Date.parse('2026-11-24T09:00:00+08:00');
const MINUTE = 60_000;
const PASSWORD = 'Newpass2026';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date(clock) });
  key = await publicKey(app);
});
afterAll(() => app.close());

// Citizens of the simulated platform with no login at the centre (seed steps 4 and 9).
const ZHAO = { xingming: '赵六', zjhm: '110105198803151232' };
const FENG = { xingming: '冯雪', zjhm: '370783199001010045' };
const CHU = { xingming: '褚伟', zjhm: '420106198907203155' };
const SQUATTER_PHONE = '13100130901';

const enc = (value: string) => sm2Encrypt(value, key);
const post = (url: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: freshIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
/** What the dev outbox holds for `phone`: codes (kind sms) or notices (kind notice, issue 18's SMS without a code). */
const outbox = async (phone: string, kind: 'sms' | 'notice' = 'sms') =>
  (await app.inject({ url: `/dev/outbox?kind=${kind}&to=${phone}` })).json<{ data: Array<{ code: string }> }>().data.map((m) => m.code);
/** Sends a registration code to `sjhm` (the 异地贷款 flow's send) and reads it from the outbox. */
async function registrationCode(person: { xingming: string; zjhm: string }, sjhm: string): Promise<string> {
  clock += 2 * MINUTE;
  const sent = await post(P.sendRemoteLoanCode, { xingming: person.xingming, zjhm: enc(person.zjhm), sjhm, ...(await captcha(app)) });
  if (sent.statusCode !== 200) throw new Error(`验证码发送失败：${sent.body}`);
  await smsSettled();
  return (await outbox(sjhm))[0] ?? '';
}
const remoteLoanFields = (person: { xingming: string; zjhm: string }, sjhm: string, dxyzm: string) => ({
  xingming: person.xingming,
  zjhm: enc(person.zjhm),
  sjhm,
  dxyzm,
  password: enc(PASSWORD),
  jcdcs: '武汉市',
  jczx: '武汉住房公积金管理中心',
  ydgrzh: '420100778899',
});

/**
 * A login as 异地贷款人员注册 made it before this change, for someone else's ID number: the squatter's own phone and
 * password, nothing proving who they are (migration 017 marks such logins 'self').
 */
async function squat(person: { xingming: string; zjhm: string }, phone: string, kind: 'remote' | 'flexible' = 'remote'): Promise<string> {
  return db.transaction(async (tx) => {
    const [user] = await tx.query<{ id: string }>(
      `insert into app_user (login_type, account, phone, display_name, password_hash, identity_source)
       values (1, $1, $2, $3, $4, 'self') returning id::text as id`,
      [person.zjhm, phone, person.xingming, await hashPassword(PASSWORD)],
    );
    const flexible = kind === 'flexible';
    const [account] = await tx.query<{ id: string }>(
      `insert into user_account (user_id, account, account_type, nik_name, roles, is_primary, sort)
       values ($1, $2, $3, $4, $5, true, 0) returning id::text as id`,
      [user!.id, person.zjhm, flexible ? '灵活就业缴存账户' : '异地贷款职工', person.xingming, [flexible ? ROLES.flexible : ROLES.remoteLoan]],
    );
    const grzh = flexible ? '209900000001' : '';
    await tx.query(
      `insert into person_info (account_id, xingming, zjhm, grzh, grzhzt, grzhye, dwmc, sjhm) values ($1, $2, $3, $4, '01', 0, '', $5)`,
      [account!.id, person.xingming, person.zjhm, grzh, phone],
    );
    if (flexible) {
      await tx.query(`insert into depositor_record (xingming, zjhm, sjhm, grzh, grzhzt, grzhye, dwmc, kind) values ($1, $2, $3, $4, '01', 0, '', 'lhjy')`, [
        person.xingming,
        person.zjhm,
        phone,
        grzh,
      ]);
      await tx.query(
        `insert into flexible_setup (account_id, jcjs, jcbl, hjszd, txdz, yzbm, created_at) values ($1, 6000, 12, '示范市', '示范市某路 1 号', '', now())`,
        [account!.id],
      );
    } else {
      await tx.query(
        `insert into remote_loan_person (account_id, jcdcs, jczx, ydgrzh, dwmc, created_at) values ($1, '武汉市', '武汉住房公积金管理中心', '420100000000', '', now())`,
        [account!.id],
      );
    }
    return user!.id;
  });
}

/** Signs the squatter in with their own password; the session token. */
async function signInSquatter(account: string): Promise<string> {
  const res = await login(app, account, { password: PASSWORD });
  expect(res.statusCode).toBe(200);
  return String(res.headers.token);
}
const userInfo = (token: string) => app.inject({ url: '/api/auth/v1/getUserInfo', headers: { token } });
const businessCheck = (token: string) => app.inject({ url: '/api/izfgjj-zhfw/v1/ywbl/check?path=/grwt/dkzxsq', headers: { token } });

describe('registering without a verified identity (a name and an ID number prove nothing)', () => {
  it('异地贷款人员注册 and 灵活就业人员开户 with someone else’s ID number, the registrant’s own phone and code: refused, no login made', async () => {
    const code = await registrationCode(ZHAO, SQUATTER_PHONE);
    const remote = await post(P.remoteLoanRegister, remoteLoanFields(ZHAO, SQUATTER_PHONE, code));
    expect(remote.statusCode).toBe(400);
    expect(remote.json()).toMatchObject({ msg: IDENTITY_REQUIRED_MESSAGE });
    const flexible = await post(P.flexibleSetup, {
      ...remoteLoanFields(ZHAO, SQUATTER_PHONE, code),
      jcjs: '6000',
      jcbl: '12',
      hjszd: '示范市历下区',
      txdz: '示范市历下区泉城路 88 号',
    });
    expect(flexible.statusCode).toBe(400);
    expect(flexible.json()).toMatchObject({ msg: IDENTITY_REQUIRED_MESSAGE });
    expect(await db.query('select 1 from app_user where account = $1', [ZHAO.zjhm])).toEqual([]);
  });

  it('the squatter’s own verified identity does not register someone else, nor under another name: refused, no login made', async () => {
    const own = await verifiedIdentity(app, CHU.zjhm);
    expect(own).toMatchObject({ xingming: CHU.xingming, zjhm: CHU.zjhm, ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const code = await registrationCode(ZHAO, SQUATTER_PHONE);
    const res = await post(P.remoteLoanRegister, { ...remoteLoanFields(ZHAO, SQUATTER_PHONE, code), identityTicket: own.ticket });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ msg: IDENTITY_MISMATCH_MESSAGE });
    // A name that is not the one the platform vouched for is refused the same way.
    const renamed = await post(P.remoteLoanRegister, { ...remoteLoanFields({ ...CHU, xingming: '褚二' }, SQUATTER_PHONE, code), identityTicket: own.ticket });
    expect(renamed.json()).toMatchObject({ code: 403, msg: IDENTITY_MISMATCH_MESSAGE });
    expect(await db.query('select 1 from app_user where account in ($1, $2)', [ZHAO.zjhm, CHU.zjhm])).toEqual([]);
  });

  it('a verified identity registers once: the ticket is spent by the registration', async () => {
    const { ticket } = await verifiedIdentity(app, CHU.zjhm);
    const phone = '13100130902';
    const first = await post(P.remoteLoanRegister, { ...remoteLoanFields(CHU, phone, await registrationCode(CHU, phone)), identityTicket: ticket });
    expect(first.statusCode).toBe(200);
    const [row] = await db.query<{ identity_source: string; identity_verified: boolean }>(
      'select identity_source, identity_verified from app_user where account = $1',
      [CHU.zjhm],
    );
    expect(row).toEqual({ identity_source: 'gov', identity_verified: true });
    // Already registered: the platform's sign-in now signs the citizen in, and no second ticket is issued.
    const again = await redeemGovCode(app, 'identity', await govCode(app, CHU.zjhm));
    expect(again.json()).toMatchObject({ code: 409, msg: '该证件号码已注册，请直接登录；忘记密码可通过“忘记密码”找回' });
    expect((await redeemGovCode(app, 'login', await govCode(app, CHU.zjhm))).statusCode).toBe(200);
  });
});

describe('an unverified login (registered without proof before this change)', () => {
  it('signs in and reads its own information, but every business call answers 403 with what to do', async () => {
    await squat(FENG, '13100130903');
    const token = await signInSquatter(FENG.zjhm);
    const info = (await userInfo(token)).json<{ data: { identityVerified: boolean; account: string } }>().data;
    // The hall shows the notice on the home page.
    expect(info).toMatchObject({ account: FENG.zjhm, identityVerified: false, identityNotice: IDENTITY_NOTICE });
    expect(IDENTITY_NOTICE).toMatch(/^身份未核验：.*请退出后选择“政务服务网登录”完成实名核验/);
    expect((await app.inject({ url: '/api/izfgjj-zhfw/v1/grxx/loginGrxx', headers: { token } })).statusCode).toBe(200);
    const business = await businessCheck(token);
    expect(business.statusCode).toBe(403);
    expect(business.json()).toMatchObject({ code: 403, msg: UNVERIFIED_MESSAGE });

    // A verified login passes the same gate; no session at all is 401.
    const zhang = await signIn(app, '110101199003072316');
    expect((await userInfo(zhang)).json()).toMatchObject({ data: { identityVerified: true, identityNotice: '' } });
    expect((await businessCheck(zhang)).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/izfgjj-zhfw/v1/ywbl/check?path=/grwt/dkzxsq' })).statusCode).toBe(401);
  });

  it('the seeded 蒋青 is one (seed step 9)', async () => {
    const token = await signIn(app, '370102199403152213');
    expect((await userInfo(token)).json()).toMatchObject({ data: { identityVerified: false, nikName: '蒋青' } });
    expect((await businessCheck(token)).json()).toMatchObject({ code: 403, msg: UNVERIFIED_MESSAGE });
  });
});

describe('the claim from the issue, end to end: the platform’s verified identity takes the ID number over', () => {
  it('the squatter’s login is closed (sessions, password, recovery), its phone told; the citizen gets a verified login of their own', async () => {
    const squatterId = await squat(ZHAO, SQUATTER_PHONE);
    const squatterToken = await signInSquatter(ZHAO.zjhm);
    expect((await userInfo(squatterToken)).statusCode).toBe(200);
    const sentBefore = (await outbox(SQUATTER_PHONE, 'notice')).length;

    // The real 赵六 comes from the government platform: never into the squatter's login.
    const signedIn = await redeemGovCode(app, 'login', await govCode(app, ZHAO.zjhm));
    expect(signedIn.statusCode).toBe(417);
    expect(signedIn.json()).toMatchObject({ msg: SSO_MESSAGES.noAccount });
    expect(signedIn.headers.token).toBeUndefined();

    // The squatter's session is revoked, its password and SMS sign-in lead nowhere, and its phone was told.
    expect((await userInfo(squatterToken)).statusCode).toBe(401);
    expect((await login(app, ZHAO.zjhm, { password: PASSWORD })).statusCode).toBe(426);
    const [closed] = await db.query<{ account: string; phone: string; closed_at: Date | null; password_hash: string }>(
      'select account, phone, closed_at, password_hash from app_user where id = $1',
      [squatterId],
    );
    expect(closed).toMatchObject({ account: `closed:${squatterId}:${ZHAO.zjhm}`, phone: '', password_hash: '!closed' });
    expect(closed?.closed_at).not.toBeNull();
    expect(await db.query('select 1 from app_user where phone = $1', [SQUATTER_PHONE])).toEqual([]);
    await smsSettled();
    const notices = await outbox(SQUATTER_PHONE, 'notice');
    expect(notices.length).toBe(sentBefore + 1);
    expect(notices[0]).toContain('110***********1232');
    expect(notices[0]).toContain('此账号已关闭');

    // The citizen registers through the verified identity and gets a login of their own.
    const identity = await verifiedIdentity(app, ZHAO.zjhm);
    expect(identity).toMatchObject({ xingming: '赵六', zjhm: ZHAO.zjhm });
    const phone = '13100130904';
    const registered = await post(P.remoteLoanRegister, { ...remoteLoanFields(ZHAO, phone, await registrationCode(ZHAO, phone)), identityTicket: identity.ticket });
    expect(registered.statusCode).toBe(200);
    const verified = await redeemGovCode(app, 'login', await govCode(app, ZHAO.zjhm));
    expect(verified.statusCode).toBe(200);
    const token = String(verified.headers.token);
    expect((await userInfo(token)).json()).toMatchObject({ data: { account: ZHAO.zjhm, identityVerified: true, loginMethod: '500' } });
    expect((await businessCheck(token)).statusCode).toBe(200);
    const [citizen] = await db.query<{ id: string }>('select id::text as id from app_user where account = $1', [ZHAO.zjhm]);
    expect(citizen?.id).not.toBe(squatterId);
    const [record] = await db.query<{ verified_user: string; phone: string }>(
      'select verified_user::text as verified_user, phone from identity_takeover where closed_user = $1',
      [squatterId],
    );
    expect(record).toEqual({ verified_user: citizen?.id, phone: SQUATTER_PHONE });
  });

  it('a self-made flexible setup: the account number it opened leaves the records (nothing paid in), and the citizen gets a verified identity to set up with', async () => {
    // The seeded unverified 蒋青 (a platform citizen too), given the account a self-made flexible setup opened.
    const jiang = { xingming: '蒋青', zjhm: '370102199403152213' };
    const [user] = await db.query<{ id: string }>('select id::text as id from app_user where account = $1', [jiang.zjhm]);
    const [account] = await db.query<{ id: string }>('select id::text as id from user_account where user_id = $1', [user!.id]);
    await db.query(`update person_info set grzh = '209900000002' where account_id = $1`, [account!.id]);
    await db.query(`insert into depositor_record (xingming, zjhm, sjhm, grzh, grzhzt, grzhye, dwmc, kind) values ($1, $2, '13100130301', '209900000002', '01', 0, '', 'lhjy')`, [
      jiang.xingming,
      jiang.zjhm,
    ]);
    await db.query(
      `insert into flexible_setup (account_id, jcjs, jcbl, hjszd, txdz, yzbm, created_at) values ($1, 6000, 12, '示范市', '示范市某路 1 号', '', now())`,
      [account!.id],
    );

    const identity = await verifiedIdentity(app, jiang.zjhm);
    expect(identity).toMatchObject({ xingming: '蒋青', zjhm: jiang.zjhm });
    expect(await db.query('select 1 from depositor_record where zjhm = $1', [jiang.zjhm])).toEqual([]);
    await smsSettled();
    expect(await outbox('13100130301', 'notice')).toEqual([expect.stringContaining('此账号已关闭')]);
  });
});
