import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { captcha, freshIp, publicKey, signIn } from '../../test-support/login';
import { CHANGES_DEMO_LOGIN } from '../../seed/changes';
import { DEMO_PASSWORD } from '../../seed/demo';
import { CENTRE_KEY_HEADER } from '../../applications/centre';
import { REVOKED_REASONS } from '../../auth/session';
import { businessOf } from '../registry';
import { EDUCATION_LEVELS, GJ0302_FIELD_TABLE } from './gj0302';
import { PHONE_TAKEN_MESSAGE, PHONE_UNPROVEN_MESSAGE } from './gj0313';
import { PHONE_CHANGE_MESSAGES } from './routes';
import { submitWithMaterials } from '../../test-support/materials';

// GJ0302 and GJ0313 of issue 24 (docs/api-personal.md › 信息变更与手机号码变更): each rule row, the completion in the
// records, the phone change's proof and what the other sessions hear. One in-memory database for the file.
let db: Db;
let app: FastifyInstance;
const KEY = 'test-centre-key-0123456789abcdef';
let clock = new Date('2026-11-26T02:00:00Z');
const ZHFW = '/api/izfgjj-zhfw/v1';

const FENG = CHANGES_DEMO_LOGIN;
const ZHANG = { account: '110101199003072316', phone: '13800138000' };
const QIAN = { account: '110105199208153027', phone: '13300130002' };
const SUN = { account: '110105198503014033', phone: '13300130003' };
const LI_MEI = '320106198506124022';
const SPOUSE_ID = '110105198803037034';

let feng: string;
let qian: string;
let sun: string;
let unit: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock, centreApiKey: KEY, devRoutes: true });
  feng = await signIn(app, FENG.account);
  qian = await signIn(app, QIAN.account);
  sun = await signIn(app, SUN.account);
  unit = await signIn(app, '100200300001', 2);
});
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers of many calls, read field by field
type Body = { code: number; msg: string; data: any };
const body = (res: LightMyRequestResponse): Body => res.json<Body>();
const get = (token: string, url: string) => app.inject({ url: `${ZHFW}/${url}`, headers: { token } });
const post = (token: string, url: string, payload: object) => app.inject({ method: 'POST', url: `${ZHFW}/${url}`, headers: { token }, payload, remoteAddress: freshIp() });
// As the wizard submits: a draft, its required materials uploaded (issue 31 item 3), then the submission.
const submit = (token: string, ywlx: string, payload: Record<string, unknown>) => submitWithMaterials(app, token, ywlx, payload, { remoteAddress: freshIp() });
const centre = (ywbh: string, action: string) =>
  app.inject({ method: 'POST', url: `/api/centre/v1/applications/${ywbh}/${action}`, headers: { [CENTRE_KEY_HEADER]: KEY }, payload: { operator: '王经办' } });
const lastCode = async (phone: string): Promise<string> =>
  body(await app.inject({ url: `/dev/outbox?kind=sms&to=${phone}` })).data[0]?.code ?? '';
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

describe('GJ0302 个人账户信息变更: the field table (who completes each field)', () => {
  const gj0302 = businessOf('GJ0302')!;
  it.each(GJ0302_FIELD_TABLE.map((row) => [row.field, row.handling] as const))('%s: %s', async (field, handling) => {
    const decision = await gj0302.automatic!.decide({ q: db, applicant: {} as never, payload: { [field]: '1' } });
    expect(decision).toBe(handling === 'once' ? 'complete' : null);
  });
});

describe('GJ0302 rules, row by row', () => {
  it.each([
    ['something-changes', {}, '请至少填写一项要变更的信息'],
    ['something-differs', { txdz: '示范市历下区泉城路 8 号', yzbm: '250011' }, '您填写的信息与现有登记信息相同，无需变更'],
    ['spouse-id-valid', { hyzk: '20', poxm: '王配偶', pozjhm: '110105198803037035' }, '配偶证件号码不正确，请核对出生日期和最后一位校验码'],
    ['spouse-not-self', { hyzk: '20', poxm: '王配偶', pozjhm: FENG.account }, '配偶证件号码不能与本人证件号码相同'],
    ['spouse-only-married', { poxm: '王配偶', pozjhm: SPOUSE_ID }, '婚姻状况不是“已婚”时不能填写配偶信息'],
    ['spouse-complete', { hyzk: '20', poxm: '王配偶' }, '请同时填写配偶姓名和配偶证件号码'],
    ['schema: education from the list', { xl: '本科' }, '学历的取值不正确，请从列表中选择'],
    ['schema: spouse name', { hyzk: '20', poxm: '王', pozjhm: SPOUSE_ID }, '配偶姓名应为 2 至 15 个汉字或字母'],
  ])('%s', async (_row, payload, msg) => {
    const res = await submit(feng, 'GJ0302', payload);
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toBe(msg);
  });

  it('not-flexible: a flexible-employment account changes its information through GJ0802 instead', async () => {
    const li = await signIn(app, LI_MEI);
    expect(body(await submit(li, 'GJ0302', { txdz: '某地' }))).toMatchObject({ code: 400, msg: '灵活就业人员的个人信息请通过“灵活就业人员信息变更”办理' });
  });

  it('the personal menu sends each role to its own change page (spec 2.2): GJ0302 and GJ0313 for 个人, GJ0802 for 灵活就业', async () => {
    const roles = async (path: string) =>
      (await db.query<{ role: string }>('select r.role from menu m join menu_role r on r.menu_id = m.id where m.path = $1 order by r.role', [path])).map((r) => r.role);
    expect(await roles('/grwt/zhxx/zhxxbg/grzhxxbg')).toEqual(['grjczgry']);
    expect(await roles('/grwt/zhxx/zhxxbg/sjhbg')).toEqual(['grjczgry']);
    expect(await roles('/grwt/zhxx/lhjyryyw/lhjyryxxbg')).toEqual(['lhjyjczgry']);
  });

  it('offers the education list of GB/T 4658 in words', () => {
    expect(EDUCATION_LEVELS).toContain('大学本科');
    expect(EDUCATION_LEVELS).toHaveLength(11);
  });
});

describe('GJ0302 completion', () => {
  it('starts from the current details (grzhxxbg/current), ID numbers masked; only for an individual', async () => {
    expect(body(await get(feng, 'grzhxxbg/current')).data).toEqual({
      xingming: '冯信息',
      zjhm: '110***********6027',
      txdz: '示范市历下区泉城路 8 号',
      yzbm: '250011',
      hyzk: '10',
      poxm: '',
      pozjhm: '',
      gzdh: '0531-86001234',
      dzyx: '',
      zy: '',
      xl: '',
    });
    expect((await get(unit, 'grzhxxbg/current')).statusCode).toBe(403);
    expect((await app.inject({ url: `${ZHFW}/grzhxxbg/current` })).statusCode).toBe(401);
  });

  it('completes address, marital status, spouse, occupation and education at once, and the information is then complete', async () => {
    const res = await submit(feng, 'GJ0302', { txdz: '示范市市中区经七路 100 号', hyzk: '20', poxm: '王配偶', pozjhm: SPOUSE_ID.toLowerCase(), zy: '工程师', xl: '大学本科' });
    expect(body(res).data).toMatchObject({ zt: '03', ztmc: '已办结' });
    const now = body(await get(feng, 'grzhxxbg/current')).data;
    expect(now).toMatchObject({ txdz: '示范市市中区经七路 100 号', hyzk: '20', poxm: '王配偶', pozjhm: '110***********7034', zy: '工程师', xl: '大学本科', yzbm: '250011' });
    const [check] = await db.query<{ status: number }>(`select c.status from info_check c join person_info p on p.account_id = c.account_id where p.grzh = $1`, [FENG.grzh]);
    expect(check?.status).toBe(0);
  });

  it('clears the spouse when the status is no longer married', async () => {
    expect(body(await submit(feng, 'GJ0302', { hyzk: '40' })).data.zt).toBe('03');
    expect(body(await get(feng, 'grzhxxbg/current')).data).toMatchObject({ hyzk: '40', poxm: '', pozjhm: '' });
  });

  it('sends a name change to the centre; the records change only when the centre completes it', async () => {
    const { ywbh, zt } = body(await submit(feng, 'GJ0302', { xingming: '冯新名' })).data;
    expect(zt).toBe('01');
    expect(body(await get(feng, 'grzhxxbg/current')).data.xingming).toBe('冯信息');
    await centre(ywbh, 'accept');
    expect(body(await centre(ywbh, 'complete')).data.zt).toBe('03');
    expect(body(await get(feng, 'grzhxxbg/current')).data.xingming).toBe('冯新名');
    const [account] = await db.query<{ xingming: string }>('select xingming from personal_account where grzh = $1', [FENG.grzh]);
    expect(account?.xingming).toBe('冯新名');
  });

  it('answers another login’s application number with 403 and nothing else', async () => {
    const { ywbh } = body(await submit(feng, 'GJ0302', { dzyx: 'feng@example.com' })).data;
    const res = await get(qian, `ywsq/detail?ywbh=${ywbh}`);
    expect(res.statusCode).toBe(403);
    expect(JSON.stringify(body(res))).not.toContain('feng');
  });
});

describe('GJ0313 个人手机号码变更: codes to both numbers, the proof, the change and the other sessions', () => {
  const sendOld = async (token: string, withCaptcha = true) => post(token, 'sjhbg/sendOldCode', withCaptcha ? await captcha(app) : {});
  const sendNew = async (token: string, sjhm: string) => post(token, 'sjhbg/sendNewCode', { sjhm, ...(await captcha(app)) });

  it('needs the picture captcha for each send', async () => {
    expect(body(await sendOld(qian, false))).toMatchObject({ code: 428, msg: '请输入图形验证码' });
    expect(body(await post(qian, 'sjhbg/sendNewCode', { sjhm: '13300131111', uuid: '00000000-0000-0000-0000-000000000000', code: 'abcd' }))).toMatchObject({ code: 428 });
  });

  it('refuses the same number, and another login’s number without saying whose', async () => {
    expect(body(await sendNew(qian, QIAN.phone))).toMatchObject({ code: 400, msg: PHONE_CHANGE_MESSAGES.same });
    const taken = body(await sendNew(qian, ZHANG.phone));
    expect(taken).toMatchObject({ code: 400, msg: PHONE_TAKEN_MESSAGE });
    expect(taken.msg).not.toContain('张');
    expect(await lastCode(ZHANG.phone)).toBe('');
  });

  it('is throttled like every SMS of the server: one a minute per number', async () => {
    expect(body(await sendNew(qian, '13300131112')).code).toBe(0);
    expect(body(await sendNew(qian, '13300131112'))).toMatchObject({ code: 429, msg: '请求过于频繁，请稍后再试' });
  });

  it('phone-free: refuses another login’s number on submission too (a proof made before it was taken does not help)', async () => {
    await db.query(
      `insert into phone_change_check (user_id, account_id, new_phone, mode, verified_at, expires_at, keep_session)
       select u.id, a.id, $2, 'old', $3, $4, '' from app_user u join user_account a on a.user_id = u.id where u.account = $1`,
      [SUN.account, ZHANG.phone, clock, new Date(clock.getTime() + 600_000)],
    );
    expect(body(await submit(sun, 'GJ0313', { sjhm: ZHANG.phone }))).toMatchObject({ code: 400, msg: PHONE_TAKEN_MESSAGE });
  });

  it('phone-proven: refuses a submission without a proof of both numbers', async () => {
    expect(body(await submit(sun, 'GJ0313', { sjhm: '13300131113' }))).toMatchObject({ code: 400, msg: PHONE_UNPROVEN_MESSAGE });
  });

  it('old number in use: codes to the old and the new number, then the change; the other session hears why at its next call', async () => {
    later(120_000);
    const other = await signIn(app, QIAN.account);
    expect(body(await sendOld(qian)).code).toBe(0);
    const oldCode = await lastCode(QIAN.phone);
    expect(body(await sendNew(qian, '13300131114')).code).toBe(0);
    const newCode = await lastCode('13300131114');
    expect(body(await post(qian, 'sjhbg/verify', { mode: 'old', sjhm: '13300131114', oldCode, newCode: newCode === '000000' ? '111111' : '000000' }))).toMatchObject({
      code: 428,
      msg: '验证码错误，请重新输入',
    });
    // The old number's code was spent by that try (docs: a wrong second code costs the first); a new one.
    later(61_000);
    expect(body(await sendOld(qian)).code).toBe(0);
    const verified = body(await post(qian, 'sjhbg/verify', { mode: 'old', sjhm: '13300131114', oldCode: await lastCode(QIAN.phone), newCode }));
    expect(verified).toMatchObject({ code: 0, msg: PHONE_CHANGE_MESSAGES.verified });
    const done = body(await submit(qian, 'GJ0313', { sjhm: '13300131114' }));
    expect(done.data).toMatchObject({ zt: '03' });
    const [user] = await db.query<{ phone: string }>('select phone from app_user where account = $1', [QIAN.account]);
    expect(user?.phone).toBe('13300131114');
    // The session that made the change goes on; the other is told why.
    expect((await get(qian, 'sjhbg/current')).statusCode).toBe(200);
    expect(body(await get(qian, 'sjhbg/current')).data.sjhm).toBe('133****1114');
    const told = await get(other, 'sjhbg/current');
    expect(told.statusCode).toBe(401);
    expect(body(told).msg).toBe(REVOKED_REASONS.phoneChanged);
    // The proof is spent: a second application for the same number needs a new one.
    expect(body(await submit(qian, 'GJ0313', { sjhm: '13300131114' })).code).toBe(400);
  });

  it('old number out of use: the login password instead; a wrong password spends the new number’s code', async () => {
    const key = await publicKey(app);
    expect(body(await sendNew(sun, '13300131115')).code).toBe(0);
    const newCode = await lastCode('13300131115');
    expect(body(await post(sun, 'sjhbg/verify', { mode: 'password', sjhm: '13300131115', newCode, pwdDec: sm2Encrypt('Wrong@2026', key) }))).toMatchObject({
      code: 400,
      msg: PHONE_CHANGE_MESSAGES.wrongPassword,
    });
    expect(body(await post(sun, 'sjhbg/verify', { mode: 'password', sjhm: '13300131115', newCode, pwdDec: sm2Encrypt(DEMO_PASSWORD, key) }))).toMatchObject({
      code: 428,
      msg: '验证码已失效，请重新获取',
    });
    later(61_000);
    expect(body(await sendNew(sun, '13300131115')).code).toBe(0);
    const again = await lastCode('13300131115');
    expect(body(await post(sun, 'sjhbg/verify', { mode: 'password', sjhm: '13300131115', newCode: again, pwdDec: sm2Encrypt(DEMO_PASSWORD, key) })).code).toBe(0);
    // The proof lasts ten minutes.
    later(11 * 60_000);
    expect(body(await submit(sun, 'GJ0313', { sjhm: '13300131115' }))).toMatchObject({ code: 400, msg: PHONE_UNPROVEN_MESSAGE });
  });

  it('20 wrong passwords sent at once with one code: one is judged, the others find the code spent (issue 31 item 5)', async () => {
    const key = await publicKey(app);
    later(61_000);
    expect(body(await sendNew(sun, '13300131116')).code).toBe(0);
    const newCode = await lastCode('13300131116');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(sun, 'sjhbg/verify', { mode: 'password', sjhm: '13300131116', newCode, pwdDec: sm2Encrypt(`Wrong@${i}`, key) })),
    );
    const codes = answers.map((r) => body(r).code);
    expect(codes.filter((c) => c === 400)).toHaveLength(1);
    expect(codes.filter((c) => c === 428)).toHaveLength(19);
  });

  it('is for individuals only', async () => {
    expect((await get(unit, 'sjhbg/current')).statusCode).toBe(403);
  });
});
