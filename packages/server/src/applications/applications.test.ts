import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { httpStatusMessage } from '@gjj-hall/sdk';
import { buildApp } from '../app';
import type * as Registry from '../business/registry';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { UNVERIFIED_DEMO_LOGIN } from '../seed/identity';
import { UNVERIFIED_MESSAGE } from '../auth/identity';
import { CENTRE_KEY_HEADER } from './centre';
import { submitWithMaterials } from '../test-support/materials';

// The spine's own tests need businesses open online that wait for the centre, with a form of any fields: since issue 31
// item 9 placeholders refuse drafts and submissions, so the file registers its own (test-support/spine-businesses.ts,
// the same codes and names as before; this file runs in the server-isolated project for the mock).
vi.mock('../business/registry', async (importOriginal) => {
  const { withSpineBusinesses } = await import('../test-support/spine-businesses');
  return withSpineBusinesses(await importOriginal<typeof Registry>());
});

// One database for the file; the clock stands on Wednesday 30 September 2026, 10:00 in Shanghai, the day before
// the National Day holiday, so promised dates cross it.
let db: Db;
let app: FastifyInstance;
const KEY = 'test-centre-key-0123456789abcdef';
const clock = new Date('2026-09-30T02:00:00Z');

const ZHZH = '/api/izfgjj-zhfw/v1';
// Four individuals of the demo data, each a verified login with one personal account.
const ZHANG = { account: '110101199003072316', phone: '13800138000' };
const QIAN = { account: '110105199208153027', phone: '13300130002', grzh: '201000000402' };
const SUN = { account: '110105198503014033', phone: '13300130003', grzh: '201000000403' };
const LI = { account: '110105199506205040', phone: '13300130004', grzh: '201000000404' };
const UNIT = '100200300001';

let zhang: string;
let qian: string;
let sun: string;
let li: string;
let unit: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock, centreApiKey: KEY });
  zhang = await signIn(app, ZHANG.account);
  qian = await signIn(app, QIAN.account);
  sun = await signIn(app, SUN.account);
  li = await signIn(app, LI.account);
  unit = await signIn(app, UNIT, 2);
});
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers of many calls, read field by field
type Body = { code: number; msg: string; data: any };
const get = async (token: string, url: string): Promise<LightMyRequestResponse> => app.inject({ url: `${ZHZH}/${url}`, headers: { token } });
const post = async (token: string, url: string, payload: unknown): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'POST', url: `${ZHZH}/${url}`, headers: { token }, payload: payload as object });
const body = (res: LightMyRequestResponse): Body => res.json<Body>();
// As the wizard submits: answers that call for a required material go to a draft, their files are uploaded, then the
// draft is submitted (issue 31 item 3).
const submit = (token: string, ywlx: string, payload: Record<string, unknown>, ywbh?: string) => submitWithMaterials(app, token, ywlx, payload, ywbh ? { ywbh } : {});
const detail = async (token: string, ywbh: string) => body(await get(token, `ywsq/detail?ywbh=${ywbh}`)).data;
const centre = (ywbh: string, action: string, extra: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: `/api/centre/v1/applications/${ywbh}/${action}`, headers: { [CENTRE_KEY_HEADER]: KEY }, payload: { operator: '王经办', ...extra } });
const notices = async (phone: string): Promise<string[]> =>
  body(await app.inject({ url: `/dev/outbox?kind=notice&to=${phone}` })).data.map((m: { code: string }) => m.code).reverse();
/** A phone change's proof of both numbers (the sjhbg calls; business/personal/personal-changes.test.ts tests them). */
const proveNewPhone = (account: string, phone: string) =>
  db.query(
    `insert into phone_change_check (user_id, account_id, new_phone, mode, verified_at, expires_at, keep_session)
     select u.id, a.id, $2, 'old', $3, $4,
            coalesce((select token_hash from user_session s where s.user_id = u.id and revoked_at is null order by created_at desc limit 1), '')
       from app_user u join user_account a on a.user_id = u.id where u.account = $1`,
    [account, phone, clock, new Date(clock.getTime() + 600_000)],
  );
const check = async (token: string, ywlx: string) => body(await get(token, `ywblxz/check?ywlx=${ywlx}`)).data as { pass: boolean; messages: Array<{ code: string; msg: string }> };

describe('business numbers (id/getYthptYwbh)', () => {
  it('are the type, the day in Shanghai and eight digits, unique when forty are asked for at once', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => get(zhang, 'id/getYthptYwbh?ywlx=GJ0302')));
    const numbers = answers.map((r) => body(r).data as string);
    for (const n of numbers) expect(n).toMatch(/^GJ030220260930\d{8}$/);
    expect(new Set(numbers).size).toBe(40);
  });

  it('refuses an unknown type or none with a Chinese message', async () => {
    expect(body(await get(zhang, 'id/getYthptYwbh?ywlx=XX9999'))).toMatchObject({ code: 400, msg: '不支持的业务类型' });
    expect(body(await get(zhang, 'id/getYthptYwbh'))).toMatchObject({ code: 400, msg: '缺少业务类型' });
  });

  it('are refused to an unverified login', async () => {
    const token = await signIn(app, UNVERIFIED_DEMO_LOGIN.account);
    const res = await get(token, 'id/getYthptYwbh?ywlx=GJ0302');
    expect(res.statusCode).toBe(403);
    expect(body(res).msg).toBe(UNVERIFIED_MESSAGE);
    expect((await get(token, 'ywsq/list')).statusCode).toBe(403);
  });
});

describe('automatic rules', () => {
  it('GJ0313 个人手机号码变更 completes at once: the records change, the old phone is told of each step', async () => {
    await proveNewPhone(QIAN.account, '13300139999');
    const res = await submit(qian, 'GJ0313', { sjhm: '13300139999' });
    expect(res.statusCode).toBe(200);
    const { ywbh, zt, ztmc, promisedDate } = body(res).data;
    expect({ zt, ztmc, promisedDate }).toEqual({ zt: '03', ztmc: '已办结', promisedDate: '2026-10-08' });
    const [person] = await db.query<{ sjhm: string }>('select sjhm from person_info where grzh = $1', [QIAN.grzh]);
    const [user] = await db.query<{ phone: string }>('select phone from app_user where account = $1', [QIAN.account]);
    expect([person?.sjhm, user?.phone]).toEqual(['13300139999', '13300139999']);
    const d = await detail(qian, ywbh);
    expect(d.events.map((e: { zt: string; actor: string }) => `${e.zt}:${e.actor}`)).toEqual(['01:applicant', '02:system', '03:system']);
    const sms = (await notices(QIAN.phone)).filter((t) => t.includes(ywbh));
    expect(sms).toHaveLength(3);
    expect(sms[0]).toContain('已提交，承诺办结日期 2026-10-08');
    expect(sms[1]).toContain('已受理');
    expect(sms[2]).toContain('已办结');
    // The same words reach the login's messages (/sysMsg/msgHome, issue 23), newest first, unread.
    const messages = body(await get(qian, 'xxzx/getList?pageSize=50')).data.list.filter((m: { body: string }) => m.body.includes(ywbh));
    expect(messages.map((m: { title: string; read: boolean }) => `${m.title}:${m.read}`)).toEqual([
      '个人手机号码变更已办结:false',
      '个人手机号码变更已受理:false',
      '个人手机号码变更已提交:false',
    ]);
    expect(messages[2].body).toContain('已提交，承诺办结日期 2026-10-08');
    expect(messages[2].body).not.toContain('【住房公积金】');
  });

  it('GJ0302 with only address, marital status and work phone completes at once into the person’s details', async () => {
    const res = await submit(sun, 'GJ0302', { txdz: '示范市历下区泉城路 1 号', hyzk: '20', gzdh: '0531-88886666' });
    const { ywbh, zt } = body(res).data;
    expect(zt).toBe('03');
    const [row] = await db.query('select txdz, hyzk, gzdh, yzbm, ywbh from person_detail pd join person_info p on p.account_id = pd.account_id where p.grzh = $1', [SUN.grzh]);
    expect(row).toEqual({ txdz: '示范市历下区泉城路 1 号', hyzk: '20', gzdh: '0531-88886666', yzbm: '', ywbh });
  });

  it('GJ0302 changing the name waits for the centre, promised three working days on (over National Day, to the make-up Saturday)', async () => {
    const res = await submit(sun, 'GJ0302', { xingming: '孙改名' });
    const data = body(res).data;
    expect(data).toMatchObject({ zt: '01', ztmc: '已提交', promisedDate: '2026-10-10' });
    expect((await centre(data.ywbh, 'accept')).statusCode).toBe(200);
    const done = await centre(data.ywbh, 'complete', { note: '已核对户口簿' });
    expect(body(done).data.zt).toBe('03');
    const [person] = await db.query<{ xingming: string }>('select xingming from person_info where grzh = $1', [SUN.grzh]);
    expect(person?.xingming).toBe('孙改名');
    const [account] = await db.query<{ xingming: string }>('select xingming from personal_account where grzh = $1', [SUN.grzh]);
    expect(account?.xingming).toBe('孙改名');
    const d = await detail(sun, data.ywbh);
    expect(d).toMatchObject({ ztmc: '已办结', timeLimitDays: 3, canWithdraw: false });
    expect(d.events.at(-1)).toMatchObject({ zt: '03', actor: 'centre', actorName: '王经办', note: '已核对户口簿' });
  });
});

describe('business rules and payload schemas', () => {
  it.each([
    ['GJ0302', {}, '请至少填写一项要变更的信息'],
    ['GJ0302', { zjhm: '110101199003072317' }, '证件号码不正确，请核对出生日期和最后一位校验码'],
    ['GJ0302', { zjhm: '110101199003072316' }, '该证件号码已登记在其他住房公积金账户下，请携带身份证件到住房公积金管理中心柜台办理'],
    ['GJ0302', { hyzk: '99' }, '婚姻状况的取值不正确'],
    ['GJ0302', { yzbm: '2500' }, '邮政编码应为 6 位数字'],
    ['GJ0302', { nickname: 'x' }, '不支持的参数：nickname'],
    ['GJ0313', {}, '请输入新手机号码'],
    ['GJ0313', { sjhm: '1380013800' }, '请输入正确的 11 位手机号码'],
    ['GJ0313', { sjhm: LI.phone }, '新手机号码与原手机号码相同，无需变更'],
    ['TQ0102', { amount: { nested: true } }, '业务表单的每一项只能是文字（至多 2000 字）、数字、是否或文字列表'],
    ['TQ0102', { '1x': 'a' }, '业务表单的字段名只能由字母开头的字母、数字和下划线组成'],
  ])('%s with %j answers 400 %s and saves nothing', async (ywlx, payload, msg) => {
    const before = await db.query('select count(*)::int as n from application');
    // Sent as is (no draft): the form is refused before anything else.
    const res = await post(li, 'ywsq/submit', { ywlx, payload });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 400, msg });
    expect(await db.query('select count(*)::int as n from application')).toEqual(before);
  });

  it('refuses a body without a payload, or a payload that is not an object', async () => {
    expect(body(await post(li, 'ywsq/submit', { ywlx: 'GJ0302' }))).toMatchObject({ code: 400, msg: '缺少业务表单' });
    expect(body(await post(li, 'ywsq/submit', { ywlx: 'GJ0302', payload: 'x' }))).toMatchObject({ code: 400, msg: '业务表单应为对象' });
  });
});

describe('restrictions (ywblxz/check, and again on submit)', () => {
  it('LOGIN_TYPE: a personal business is refused to a unit', async () => {
    expect(await check(unit, 'GJ0302')).toMatchObject({ pass: false, messages: [{ code: 'LOGIN_TYPE', msg: '“个人账户信息变更”仅限个人办理' }] });
    expect(body(await submit(unit, 'GJ0302', { txdz: '某地' }))).toMatchObject({ code: 409, msg: '“个人账户信息变更”仅限个人办理' });
  });

  it('USER_BLOCK: the centre stops one login from a business with its own message', async () => {
    expect((await check(li, 'GJ0802')).messages.map((m) => m.code)).not.toContain('USER_BLOCK');
    await db.query(`insert into business_block (user_id, ywlx, msg) select id, 'TQ0199', '您有未结清的核查事项，请到柜台办理' from app_user where account = $1`, [LI.account]);
    expect(await check(li, 'TQ0199')).toEqual({ pass: false, messages: [{ code: 'USER_BLOCK', msg: '您有未结清的核查事项，请到柜台办理' }] });
    expect(body(await submit(li, 'TQ0199', { fz: 1500 }))).toMatchObject({ code: 409, msg: '您有未结清的核查事项，请到柜台办理' });
    expect((await check(li, 'TQ0102')).pass).toBe(true);
    await db.query(`delete from business_block where ywlx = 'TQ0199'`);
  });

  it('ACCOUNT_SEALED: a sealed personal account may not apply, but for the withdrawals a sealed account may make', async () => {
    // 李短信's account in the centre's records (seed step 10) is what the restriction reads.
    await db.query(`update personal_account set grzhzt = '02' where grzh = $1 and zjhm = $2`, [LI.grzh, LI.account]);
    const msg = '您的个人账户已封存，不能办理“个人账户信息变更”。如有疑问请致电 12329 或到住房公积金管理中心柜台咨询';
    expect(await check(li, 'GJ0302')).toEqual({ pass: false, messages: [{ code: 'ACCOUNT_SEALED', msg }] });
    expect(body(await submit(li, 'GJ0302', { txdz: '某地' }))).toMatchObject({ code: 409, msg });
    expect((await check(li, 'TQ0105')).pass).toBe(true); // 出境定居提取
    await db.query(`update personal_account set grzhzt = '01' where grzh = $1 and zjhm = $2`, [LI.grzh, LI.account]);
    expect((await check(li, 'GJ0302')).pass).toBe(true);
  });

  it('STATEMENT_UNCONFIRMED: a unit whose interest statement of the year is unconfirmed does no unit business', async () => {
    const msg = '单位本年度利息单尚未确认，请先在“待办事项”中确认利息单，再办理业务';
    expect(await check(unit, 'GJ0201')).toEqual({ pass: false, messages: [{ code: 'STATEMENT_UNCONFIRMED', msg }] });
    const todos = body(await get(unit, 'todo/list')).data;
    expect(todos).toContainEqual(expect.objectContaining({ kind: 'statement', ywlx: 'DWLXD', title: '请确认2026年度单位利息单' }));
    await db.query(`insert into unit_statement_confirm (account_id, year, confirmed_at) select id, 2026, now() from user_account where account = $1`, [UNIT]);
    expect(await check(unit, 'GJ0201')).toEqual({ pass: true, messages: [] });
    expect(body(await get(unit, 'todo/list')).data).toEqual([]);
    // And a sealed unit account (DWZHZT 05, the centre's unit record) does none either.
    await db.query(`update unit_record set dwzhzt = '05' where dwzh = $1`, [UNIT]);
    expect(await check(unit, 'GJ0201')).toEqual({
      pass: false,
      messages: [{ code: 'ACCOUNT_SEALED', msg: '单位账户已封存，不能办理“单位汇缴”。如有疑问请致电 12329 或到住房公积金管理中心柜台咨询' }],
    });
    await db.query(`update unit_record set dwzhzt = '01' where dwzh = $1`, [UNIT]);
  });

  it('WITHDRAWAL_IN_PROGRESS: one withdrawal at a time, whatever its kind', async () => {
    const first = body(await submit(li, 'TQ0102', { fwzl: '示范市某小区 1-101', tqje: 120000 })).data;
    expect(first.zt).toBe('01');
    const msg = `您已有一笔提取业务正在办理（业务编号 ${first.ywbh}），办结或撤回后才能再申请提取`;
    expect(await check(li, 'TQ0199')).toEqual({ pass: false, messages: [{ code: 'WITHDRAWAL_IN_PROGRESS', msg }] });
    expect(body(await submit(li, 'TQ0199', {}))).toMatchObject({ code: 409, msg });
    expect(body(await post(li, 'ywsq/withdraw', { ywbh: first.ywbh })).data.zt).toBe('06');
    expect((await check(li, 'TQ0199')).pass).toBe(true);
    expect((await notices(LI.phone)).filter((t) => t.includes(first.ywbh)).at(-1)).toBe(`【住房公积金】您的“建造翻建大修自住住房提取”（业务编号 ${first.ywbh}）已撤回。`);
    expect((await detail(li, first.ywbh)).events.at(-1)).toMatchObject({ zt: '06', ztmc: '已撤回', actor: 'applicant', actorName: '李短信' });
  });

  it('holds when the same applicant submits twice at once (a double click): one goes through, the other is refused', async () => {
    const answers = await Promise.all([submit(li, 'TQ0102', { a: '1' }), submit(li, 'TQ0102', { a: '2' }), submit(li, 'TQ0199', { a: '3' })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const done = body(answers.find((r) => r.statusCode === 200)!).data;
    await post(li, 'ywsq/withdraw', { ywbh: done.ywbh });
  });

  it('SAME_TYPE_IN_PROGRESS: one application of a type at a time', async () => {
    const first = body(await submit(li, 'GJ0302', { xingming: '李长信' })).data;
    const msg = `您已有一笔“个人账户信息变更”正在办理（业务编号 ${first.ywbh}），办结或撤回后才能再申请`;
    expect(await check(li, 'GJ0302')).toEqual({ pass: false, messages: [{ code: 'SAME_TYPE_IN_PROGRESS', msg }] });
    expect(body(await submit(li, 'GJ0302', { txdz: '某地' }))).toMatchObject({ code: 409, msg });
    await post(li, 'ywsq/withdraw', { ywbh: first.ywbh });
    expect((await check(li, 'GJ0302')).pass).toBe(true);
  });
});

describe('the applicant and the centre through the status machine', () => {
  it('draft, submit, return with reasons, resubmit, accept, reject: each change an event and an SMS', async () => {
    const draft = body(await post(zhang, 'ywsq/saveDraft', { ywlx: 'GD0605', payload: { zfdz: '示范市' } })).data;
    expect(draft).toMatchObject({ zt: '00', promisedDate: null });
    const again = body(await post(zhang, 'ywsq/saveDraft', { ywlx: 'GD0605', ywbh: draft.ywbh, payload: { zfdz: '示范市历城区' } })).data;
    expect(again.ywbh).toBe(draft.ywbh);
    expect((await detail(zhang, draft.ywbh)).canDelete).toBe(true);

    const submitted = body(await submit(zhang, 'GD0605', { zfdz: '示范市历城区', yzj: 2000 }, draft.ywbh)).data;
    expect(submitted).toMatchObject({ ywbh: draft.ywbh, zt: '01', promisedDate: '2026-10-10' });

    expect(body(await centre(draft.ywbh, 'return'))).toMatchObject({ code: 400, msg: '请填写退回原因' });
    expect(body(await centre(draft.ywbh, 'return', { reasons: ['租赁合同未上传', '  '] })).data.zt).toBe('04');
    const returned = await detail(zhang, draft.ywbh);
    expect(returned).toMatchObject({ zt: '04', canResubmit: true, canWithdraw: true, canDelete: false });
    expect(returned.events.at(-1)).toMatchObject({ zt: '04', ztmc: '已退回', actor: 'centre', reasons: ['租赁合同未上传'] });
    expect(body(await get(zhang, 'todo/list')).data).toContainEqual(expect.objectContaining({ kind: 'returned', ywbh: draft.ywbh, ywlx: 'GD0605' }));

    expect(body(await post(zhang, 'ywsq/resubmit', { ywbh: draft.ywbh, payload: { zfdz: '示范市历城区', yzj: 2000, htbh: 'ZL-1' } })).data.zt).toBe('01');
    expect((await detail(zhang, draft.ywbh)).payload).toEqual({ zfdz: '示范市历城区', yzj: 2000, htbh: 'ZL-1' });
    expect(body(await centre(draft.ywbh, 'accept')).data.zt).toBe('02');
    expect(body(await post(zhang, 'ywsq/withdraw', { ywbh: draft.ywbh }))).toMatchObject({ code: 409, msg: '业务当前状态为“已受理”，不能撤回' });
    expect(body(await centre(draft.ywbh, 'reject', { reasons: ['租赁备案信息不符'] })).data.zt).toBe('05');
    expect(body(await centre(draft.ywbh, 'complete'))).toMatchObject({ code: 409, msg: '业务当前状态为“不予受理”，不能办结' });

    const d = await detail(zhang, draft.ywbh);
    expect(d.events.map((e: { zt: string }) => e.zt)).toEqual(['00', '01', '04', '01', '02', '05']);
    const sms = (await notices(ZHANG.phone)).filter((t) => t.includes(draft.ywbh));
    expect(sms.map((t) => t.replace(/^.*）/, ''))).toEqual([
      '已提交，承诺办结日期 2026-10-10。可在网上业务大厅“我的业务”查看进度。',
      '已退回，原因：租赁合同未上传。请登录网上业务大厅修改后重新提交。',
      '已提交，承诺办结日期 2026-10-10。可在网上业务大厅“我的业务”查看进度。',
      '已受理，中心正在办理。',
      '不予受理，原因：租赁备案信息不符。如有疑问请致电 12329。',
    ]);
  });

  it('deletes a draft, and only a draft', async () => {
    const draft = body(await post(zhang, 'ywsq/saveDraft', { ywlx: 'GD0404', payload: {} })).data;
    expect(body(await post(zhang, 'ywsq/deleteDraft', { ywbh: draft.ywbh }))).toMatchObject({ code: 0 });
    expect((await get(zhang, `ywsq/detail?ywbh=${draft.ywbh}`)).statusCode).toBe(403);
    const sent = body(await submit(zhang, 'GD0404', { hkfs: '01' })).data;
    expect(body(await post(zhang, 'ywsq/deleteDraft', { ywbh: sent.ywbh }))).toMatchObject({ code: 409, msg: '业务当前状态为“已提交”，只有草稿可以删除' });
    expect(body(await post(zhang, 'ywsq/saveDraft', { ywlx: 'GD0404', ywbh: sent.ywbh, payload: {} }))).toMatchObject({ code: 409 });
  });

  it('submits under a number reserved with id/getYthptYwbh, once', async () => {
    const ywbh = body(await get(zhang, 'id/getYthptYwbh?ywlx=GD0405')).data as string;
    expect(body(await submit(zhang, 'GD0405', { hkzh: '6222000011112222' }, ywbh)).data).toMatchObject({ ywbh, zt: '01' });
    expect(body(await submit(zhang, 'GD0405', { hkzh: '6222000011113333' }, ywbh))).toMatchObject({ code: 409, msg: '业务当前状态为“已提交”，不能提交' });
    expect(body(await submit(zhang, 'GD0406', {}, ywbh))).toMatchObject({ code: 400, msg: '业务编号与业务类型不符' });
  });

  it('keeps a reserved number for thirty days, then lets it go', async () => {
    const old = 'GD06012026082900000999';
    await db.query(
      `insert into ywbh_reservation (ywbh, ywlx, account_id, reserved_at) select $1, 'GD0601', id, $2 from user_account where account = $3 and is_primary`,
      [old, new Date(clock.getTime() - 31 * 86_400_000), ZHANG.account],
    );
    expect((await submit(zhang, 'GD0601', {}, old)).statusCode).toBe(403);
    await get(zhang, 'id/getYthptYwbh?ywlx=GD0601');
    expect(await db.query('select 1 from ywbh_reservation where ywbh = $1', [old])).toEqual([]);
  });

  it('lists the account’s applications newest first, one page at a time, filtered by status', async () => {
    const page1 = body(await get(zhang, 'ywsq/list?pageNum=1&pageSize=2')).data;
    const all = body(await get(zhang, 'ywsq/list?pageSize=50')).data;
    expect(page1.total).toBe(all.total);
    expect(page1.list).toEqual(all.list.slice(0, 2));
    expect(all.list[0]).toMatchObject({ ywlx: 'GD0405', ywmc: '还款账户变更', zt: '01', ztmc: '已提交', promisedDate: '2026-10-10', submittedAt: '2026-09-30 10:00:00' });
    const rejected = body(await get(zhang, 'ywsq/list?zt=05,06')).data;
    expect(rejected.list.map((r: { ywlx: string }) => r.ywlx)).toEqual(['GD0605']);
    expect(body(await get(zhang, 'ywsq/list?zt=7'))).toMatchObject({ code: 400, msg: '状态只能是 00 至 06，多个以逗号分隔' });
    // The hall's empty filter fields mean no filter; a number finds its one application.
    expect(body(await get(zhang, 'ywsq/list?zt=&ywbh=&pageNum=1&pageSize=50')).data).toEqual(all);
    expect(body(await get(zhang, `ywsq/list?ywbh=${all.list[1].ywbh}`)).data).toEqual({ list: [all.list[1]], total: 1 });
    // Another login's list holds none of them.
    const others = body(await get(sun, 'ywsq/list?pageSize=50')).data.list.map((r: { ywbh: string }) => r.ywbh);
    expect(others.filter((n: string) => all.list.some((r: { ywbh: string }) => r.ywbh === n))).toEqual([]);
  });
});

describe("another login's business number", () => {
  it('answers 403 with the catalogue message and nothing else, on every call that takes one', async () => {
    const mine = body(await submit(zhang, 'GD0406', { dkqx: 240 })).data.ywbh as string;
    const draft = body(await post(zhang, 'ywsq/saveDraft', { ywlx: 'GD0602', payload: {} })).data.ywbh as string;
    const reserved = body(await get(zhang, 'id/getYthptYwbh?ywlx=GD0602')).data as string;
    const unknown = 'GD060220260930' + '99999999';
    const forbidden = { code: 403, msg: httpStatusMessage(403), data: null };
    for (const ywbh of [mine, draft, reserved, unknown]) {
      const calls = [
        get(sun, `ywsq/detail?ywbh=${ywbh}`),
        post(sun, 'ywsq/withdraw', { ywbh }),
        post(sun, 'ywsq/resubmit', { ywbh, payload: {} }),
        post(sun, 'ywsq/deleteDraft', { ywbh }),
        post(sun, 'ywsq/saveDraft', { ywlx: 'GD0602', ywbh, payload: {} }),
        submit(sun, 'GD0602', {}, ywbh),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(forbidden);
      }
    }
    // Nothing changed for the owner.
    expect((await detail(zhang, mine)).zt).toBe('01');
    expect((await detail(zhang, draft)).zt).toBe('00');
  });

  it('answers 400 for a malformed number', async () => {
    expect(body(await get(zhang, 'ywsq/detail?ywbh=abc'))).toMatchObject({ code: 400, msg: '业务编号格式不正确' });
    expect(body(await post(zhang, 'ywsq/withdraw', {}))).toMatchObject({ code: 400, msg: '缺少业务编号' });
  });
});

describe('completion is one transaction with the records', () => {
  it('leaves the status, events and records as they were when the records change fails', async () => {
    const ywbh = body(await submit(zhang, 'GJ0302', { xingming: '张叁', txdz: '示范市新地址' })).data.ywbh as string;
    await centre(ywbh, 'accept');
    // The records refuse the change (as a constraint or a lost connection would).
    await db.exec(`create function refuse_change() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$;
      create trigger refuse_person_change before update on person_info for each row execute function refuse_change();`);
    const res = await centre(ywbh, 'complete');
    expect(res.statusCode).toBe(500);
    const d = await detail(zhang, ywbh);
    expect(d.zt).toBe('02');
    expect(d.events.map((e: { zt: string }) => e.zt)).toEqual(['00', '01', '02']);
    const detailRows = await db.query(`select 1 from person_detail where ywbh = $1`, [ywbh]);
    expect(detailRows).toEqual([]);
    expect((await notices(ZHANG.phone)).filter((t) => t.includes(ywbh) && t.includes('已办结'))).toEqual([]);

    await db.exec('drop trigger refuse_person_change on person_info; drop function refuse_change();');
    expect(body(await centre(ywbh, 'complete')).data.zt).toBe('03');
    const [person] = await db.query<{ xingming: string }>(`select xingming from person_info where grzh = '201000000101'`);
    expect(person?.xingming).toBe('张叁');
    expect(await db.query(`select txdz from person_detail where ywbh = $1`, [ywbh])).toEqual([{ txdz: '示范市新地址' }]);
  });

  it('leaves an automatic completion that fails with the centre, submitted', async () => {
    await db.exec(`create function refuse_change() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$;
      create trigger refuse_phone_change before update on app_user for each row execute function refuse_change();`);
    try {
      await proveNewPhone(LI.account, '13300138888');
      const res = await submit(li, 'GJ0313', { sjhm: '13300138888' });
      expect(body(res).data.zt).toBe('01');
      const [person] = await db.query<{ sjhm: string }>('select sjhm from person_info where grzh = $1', [LI.grzh]);
      expect(person?.sjhm).toBe(LI.phone);
    } finally {
      await db.exec('drop trigger refuse_phone_change on app_user; drop function refuse_change();');
    }
  });
});
