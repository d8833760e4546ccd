import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sm2Encrypt } from '@gjj-hall/sdk/crypto';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { captcha, freshIp, publicKey, signIn } from '../../test-support/login';
import { smsSettled } from '../../auth/sms-code';
import { buttonKey } from '../../auth/buttons';
import { NOT_YOURS } from './common';
import { hasArrears, monthsBefore, UNIT_CERTIFICATE_MESSAGES } from './gj0209';
import { PHONE_BATCH_MAX_ROWS } from './gj0311';
import { CERTIFICATE_PARAMETERS } from '../../certificate/parameters';

// GJ0209 单位缴存证明 and GJ0311 批量修改职工手机号码 (docs/api-unit-business.md). The clock stands on Monday
// 7 December 2026, 10:00 in Shanghai; the demo unit 示例科技有限公司 (100200300001) has paid up to October 2026.
let db: Db;
let app: FastifyInstance;
const clock = new Date('2026-12-07T02:00:00Z');
const ZHFW = '/api/izfgjj-zhfw/v1';
const AUTH = '/api/auth/v1';
const UNIT = '100200300001';
const OTHER_UNIT = '100200300103';
const ZHANG = { account: '110101199003072316', phone: '13800138000' };

let unit: string;
let other: string;
let unitAccountId: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock });
  unit = await signIn(app, UNIT, 2);
  other = await signIn(app, OTHER_UNIT, 2);
  unitAccountId = (await db.query<{ id: string }>('select a.id::text as id from user_account a join app_user u on u.id = a.user_id where u.account = $1 and a.is_primary', [UNIT]))[0]!.id;
  // Both units have confirmed this year's interest statement (the restriction of spec 4.3 is tested elsewhere).
  await db.query(
    `insert into unit_statement_confirm (account_id, year, confirmed_at) select a.id, 2026, now() from user_account a join app_user u on u.id = a.user_id where u.account = any($1::text[]) on conflict do nothing`,
    [[UNIT, OTHER_UNIT]],
  );
});
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
type Body = { code: number; msg: string; data: any };
const body = (res: LightMyRequestResponse): Body => res.json<Body>();
const get = (token: string, url: string) => app.inject({ url: `${ZHFW}/${url}`, headers: { token } });
const submit = (token: string, ywlx: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `${ZHFW}/ywsq/submit`, headers: { token }, payload: { ywlx, payload } });
const deny = (key: string) => db.query('insert into account_button_denial (account_id, button_key) values ($1, $2) on conflict do nothing', [unitAccountId, key]);
const restore = (key: string) => db.query('delete from account_button_denial where account_id = $1 and button_key = $2', [unitAccountId, key]);
const employees = async (dwzh: string) =>
  (await db.query<{ grzh: string; zjhm: string }>(`select grzh, zjhm from personal_account where dwzh = $1 and kind = 'gr' and grzhzt = '01' order by grzh`, [dwzh])).map((r) => r);

describe('GJ0311 批量修改职工手机号码', () => {
  const phones = async (grzhs: string[]) =>
    Object.fromEntries((await db.query<{ grzh: string; sjhm: string | null }>('select grzh, sjhm from personal_account where grzh = any($1::text[])', [grzhs])).map((r) => [r.grzh, r.sjhm]));

  it('lists the unit\'s employees with the contact phone masked, one page at a time, only its own', async () => {
    const first = body(await get(unit, 'dwyw/zgsjh?limit=2')).data;
    expect(first.rows).toHaveLength(2);
    expect(first.next).toBe(first.rows[1].grzh);
    const zhang = (await db.query<{ grzh: string }>(`select grzh from personal_account where zjhm = $1 and dwzh = $2`, [ZHANG.account, UNIT]))[0]!.grzh;
    const all = body(await get(unit, 'dwyw/zgsjh?limit=200')).data.rows as Array<{ grzh: string; sjhm: string }>;
    expect(all.find((r) => r.grzh === zhang)?.sjhm).toBe('138****8000');
    const theirs = body(await get(other, 'dwyw/zgsjh?limit=200')).data.rows as Array<{ grzh: string }>;
    expect(theirs.some((r) => r.grzh === zhang)).toBe(false);
  });

  it('GJ0301 keeps the phone it asks for as the new account\'s contact phone, and the list shows it masked', async () => {
    const res = await submit(unit, 'GJ0301', { zjhm: '110105199001011232', xingming: '钱新人', sjhm: '13912345678', jcjs: '6000.00' });
    expect(body(res).data.zt).toBe('03');
    const [opened] = await db.query<{ grzh: string; sjhm: string }>(`select grzh, sjhm from personal_account where zjhm = '110105199001011232'`);
    expect(opened!.sjhm).toBe('13912345678');
    const all = body(await get(unit, 'dwyw/zgsjh?limit=200')).data.rows as Array<{ grzh: string; sjhm: string }>;
    expect(all.find((r) => r.grzh === opened!.grzh)?.sjhm).toBe('139****5678');
  });

  it('refuses each bad row naming it: a number not of 11 digits or not a mobile prefix, a number twice, an employee twice, an unchanged number', async () => {
    const [a, b] = (await employees(UNIT)).map((e) => e.grzh);
    const msg = async (rows: Array<{ grzh: string; sjhm: string }>) => {
      const res = await submit(unit, 'GJ0311', { rows });
      return [res.statusCode, body(res).msg];
    };
    const FORMAT = '新手机号码应为 11 位手机号码（以 13 至 19 开头）';
    expect(await msg([{ grzh: a!, sjhm: '13700137001' }, { grzh: b!, sjhm: '1370013700' }])).toEqual([400, `第 2 行：${FORMAT}`]);
    expect(await msg([{ grzh: a!, sjhm: '137001370011' }])).toEqual([400, `第 1 行：${FORMAT}`]);
    expect(await msg([{ grzh: a!, sjhm: '12700137001' }])).toEqual([400, `第 1 行：${FORMAT}`]);
    expect(await msg([{ grzh: a!, sjhm: '13700137001' }, { grzh: b!, sjhm: '13700137001' }])).toEqual([400, '第 2 行：新手机号码与名单中前面的行重复']);
    expect(await msg([{ grzh: a!, sjhm: '13700137001' }, { grzh: a!, sjhm: '13700137002' }])).toEqual([400, '第 2 行：该职工在名单中出现了多次']);
    const current = (await phones([a!]))[a!];
    if (current) expect(await msg([{ grzh: a!, sjhm: current }])).toEqual([400, '第 1 行：新手机号码与原手机号码相同，无需修改']);
    // The edges of the prefix: 13 and 19 are mobile prefixes.
    const edges = await submit(unit, 'GJ0311', { rows: [{ grzh: a!, sjhm: '13000000000' }, { grzh: b!, sjhm: '19999999999' }] });
    expect(body(edges).data.zt).toBe('03');
    expect(await phones([a!, b!])).toEqual({ [a!]: '13000000000', [b!]: '19999999999' });
    expect(body(await submit(unit, 'GJ0311', { rows: [] })).msg).toBe(`请填写 1 至 ${PHONE_BATCH_MAX_ROWS} 名职工的新手机号码`);
  });

  it('answers 403 and nothing more for another unit\'s employee or an account that does not exist, and changes nothing', async () => {
    const [mine] = (await employees(UNIT)).map((e) => e.grzh);
    const [theirs] = (await db.query<{ grzh: string }>(`select grzh from personal_account where kind = 'gr' and dwzh <> $1 order by grzh limit 1`, [UNIT])).map((e) => e.grzh);
    const before = await phones([mine!, theirs!]);
    const foreign = await submit(unit, 'GJ0311', { rows: [{ grzh: mine!, sjhm: '13600136001' }, { grzh: theirs!, sjhm: '13600136002' }] });
    const missing = await submit(unit, 'GJ0311', { rows: [{ grzh: mine!, sjhm: '13600136001' }, { grzh: '209999999999', sjhm: '13600136002' }] });
    expect([foreign.statusCode, body(foreign).msg]).toEqual([403, NOT_YOURS]);
    expect([missing.statusCode, body(missing).msg]).toEqual([403, NOT_YOURS]);
    expect(body(foreign).data).toEqual(body(missing).data);
    expect(await phones([mine!, theirs!])).toEqual(before);
  });

  it('refuses the change without the 提交 button of 批量修改手机号码', async () => {
    const [mine] = (await employees(UNIT)).map((e) => e.grzh);
    await deny(buttonKey('/dwwt/zhxxbg/plxg_sjh', 'submit'));
    try {
      const res = await submit(unit, 'GJ0311', { rows: [{ grzh: mine!, sjhm: '13600136009' }] });
      expect([res.statusCode, body(res).msg]).toEqual([403, NOT_YOURS]);
    } finally {
      await restore(buttonKey('/dwwt/zhxxbg/plxg_sjh', 'submit'));
    }
  });

  it('changes the contact phone on the record and never the login phone: 张三 still signs in by SMS with his old number', async () => {
    const [zhang] = await db.query<{ grzh: string }>(`select grzh from personal_account where zjhm = $1 and dwzh = $2`, [ZHANG.account, UNIT]);
    const registered = await db.query('select sjhm from depositor_record where zjhm = $1', [ZHANG.account]);
    const res = await submit(unit, 'GJ0311', { rows: [{ grzh: zhang!.grzh, sjhm: '13500135001' }] });
    expect(body(res).data.zt).toBe('03');
    // The record's contact phone is the new one, in the transaction of the status.
    expect((await phones([zhang!.grzh]))[zhang!.grzh]).toBe('13500135001');
    // The login phone, the login's person details and the registration's phone on file are unchanged.
    expect((await db.query<{ phone: string }>('select phone from app_user where account = $1', [ZHANG.account]))[0]!.phone).toBe(ZHANG.phone);
    expect((await db.query<{ sjhm: string }>('select distinct sjhm from person_info where zjhm = $1', [ZHANG.account])).map((r) => r.sjhm)).toEqual([ZHANG.phone]);
    expect(await db.query('select sjhm from depositor_record where zjhm = $1', [ZHANG.account])).toEqual(registered);
    // And the person signs in by SMS with the old login phone.
    const key = await publicKey(app);
    const send = await app.inject({
      url: `${AUTH}/sendLoginSmsCode`,
      query: { loginType: '1', phoneDec: sm2Encrypt(ZHANG.phone, key), ...(await captcha(app)) },
      remoteAddress: freshIp(),
    });
    expect(send.statusCode).toBe(200);
    await smsSettled();
    const code = (await app.inject({ url: `/dev/outbox?kind=sms&to=${ZHANG.phone}` })).json<{ data: Array<{ code: string }> }>().data[0]?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const login = await app.inject({
      method: 'POST',
      url: `${AUTH}/otherAuth/smsCodeLogin?grant_type=password&scope=server`,
      remoteAddress: freshIp(),
      payload: { loginType: 1, phoneDec: sm2Encrypt(ZHANG.phone, key), smsCodeDec: sm2Encrypt(code, key) },
    });
    expect(login.statusCode).toBe(200);
    const info = (await app.inject({ url: `${AUTH}/getUserInfo`, headers: { token: String(login.headers.token) } })).json().data;
    expect(info.account).toBe(ZHANG.account);
    // The new number signs nobody in: no code is sent to it for a sign-in.
    await app.inject({ url: `${AUTH}/sendLoginSmsCode`, query: { loginType: '1', phoneDec: sm2Encrypt('13500135001', key), ...(await captcha(app)) }, remoteAddress: freshIp() });
    await smsSettled();
    expect((await app.inject({ url: '/dev/outbox?kind=sms&to=13500135001' })).json<{ data: unknown[] }>().data).toEqual([]);
  });
});

describe('GJ0209 单位缴存证明', () => {
  const facts = () => get(unit, 'dwjczm/facts');
  const verify = (code: string) => app.inject({ url: `${ZHFW}/dwjczm/verify?code=${encodeURIComponent(code)}`, remoteAddress: freshIp() });

  it('arrears at the edges of the lag: in December, paid to November is none, to October is arrears; none before the first remittance', () => {
    expect(monthsBefore('2026-12-07', 1)).toBe('202611');
    expect(monthsBefore('2027-01-01', 1)).toBe('202612');
    expect(hasArrears({ jzny: '202611' }, '2026-12-07')).toBe(false);
    expect(hasArrears({ jzny: '202612' }, '2026-12-31')).toBe(false);
    expect(hasArrears({ jzny: '202610' }, '2026-12-07')).toBe(true);
    expect(hasArrears({ jzny: '202611' }, '2027-01-01')).toBe(true);
    expect(hasArrears({ jzny: null }, '2026-12-07')).toBe(true);
    expect(hasArrears({ jzny: '202610' }, '2026-12-07', 2)).toBe(false);
  });

  it('refuses while the unit has arrears, saying so on the page and at submission', async () => {
    expect(body(await facts()).data.refusal).toBe(UNIT_CERTIFICATE_MESSAGES.arrears);
    const res = await submit(unit, 'GJ0209', { yt: '招投标' });
    expect([res.statusCode, body(res).msg]).toEqual([400, UNIT_CERTIFICATE_MESSAGES.arrears]);
  });

  it('refuses a unit whose status is not 正常 (缓缴), naming the status', async () => {
    await db.query(`update unit_account set jzny = '202611' where dwzh = $1`, [UNIT]);
    await db.query(`update unit_record set dwzhzt = '03' where dwzh = $1`, [UNIT]);
    try {
      expect(body(await facts()).data.refusal).toBe(UNIT_CERTIFICATE_MESSAGES.notNormal('缓缴'));
      const res = await submit(unit, 'GJ0209', {});
      expect([res.statusCode, body(res).msg]).toEqual([400, UNIT_CERTIFICATE_MESSAGES.notNormal('缓缴')]);
    } finally {
      await db.query(`update unit_record set dwzhzt = '01' where dwzh = $1`, [UNIT]);
    }
  });

  let zmbh = '';
  let code = '';
  it('issues the certificate once paid up: frozen facts, a number from the sequence, a code; the PDF; the public check shows the facts masked', async () => {
    const now = body(await facts()).data;
    expect(now).toMatchObject({ dwzh: UNIT, dwmc: '示例科技有限公司', dwzhztmc: '正常', jzny: '202611', refusal: '' });
    const res = await submit(unit, 'GJ0209', { yt: '招投标' });
    expect(body(res).data.zt).toBe('03');
    const list = body(await get(unit, 'dwjczm/list')).data.list;
    expect(list).toHaveLength(1);
    ({ zmbh, code } = list[0]);
    expect(zmbh).toMatch(/^DWJCZM20261207\d{6}$/);
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(list[0]).toMatchObject({ zt: '01', purpose: '招投标', validUntil: '2027-03-06' });

    const [row] = await db.query<{ facts: Record<string, unknown> }>('select facts from unit_certificate where zmbh = $1', [zmbh]);
    expect(row!.facts).toMatchObject({ dwmc: '示例科技有限公司', dwzh: UNIT, dwzhztmc: '正常', jzny: '202611', openEmployees: now.openEmployees });
    expect(now.openEmployees).toBeGreaterThan(0);

    const pdf = await get(unit, `dwjczm/download?zmbh=${zmbh}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const checked = body(await verify(code)).data;
    expect(checked).toMatchObject({ zt: '01', message: UNIT_CERTIFICATE_MESSAGES.valid });
    expect(checked.certificate).toMatchObject({ zmbh, dwmc: '示*******', dwzh: '1002****0001', jzny: '202611', openEmployees: now.openEmployees, purpose: '招投标' });
    // Typed as printed, in lower case, with spaces: the same certificate.
    expect(body(await verify(code.toLowerCase().replace(/-/g, ' '))).data.zt).toBe('01');
  });

  it('keeps what it said: a later change of the unit does not reach the check', async () => {
    await db.query(`update unit_account set jzny = '202612' where dwzh = $1`, [UNIT]);
    expect(body(await verify(code)).data.certificate.jzny).toBe('202611');
    await db.query(`update unit_account set jzny = '202611' where dwzh = $1`, [UNIT]);
  });

  it('says not found for a made-up or malformed code, revealing nothing', async () => {
    const made = body(await verify('K7Q2-M9XW-4RT0-ZB6H')).data;
    const bad = body(await verify('not a code')).data;
    expect(made).toEqual({ zt: '04', ztmc: '不存在', message: UNIT_CERTIFICATE_MESSAGES.unknown, certificate: null });
    expect(bad).toEqual(made);
  });

  it('answers 403 to another unit for the certificate, the same as for a number that does not exist', async () => {
    const theirs = await get(other, `dwjczm/download?zmbh=${zmbh}`);
    const none = await get(unit, 'dwjczm/download?zmbh=DWJCZM20261207999999');
    expect([theirs.statusCode, body(theirs).msg]).toEqual([403, UNIT_CERTIFICATE_MESSAGES.notYours]);
    expect([none.statusCode, body(none).msg]).toEqual([403, UNIT_CERTIFICATE_MESSAGES.notYours]);
    const revoke = await app.inject({ method: 'POST', url: `${ZHFW}/dwjczm/revoke`, headers: { token: other }, payload: { zmbh } });
    expect(revoke.statusCode).toBe(403);
    expect(body(await get(other, 'dwjczm/list')).data.list).toEqual([]);
  });

  it('refuses issuing without the 打印 button of 单位缴存证明打印', async () => {
    await deny(buttonKey('/dwwt/jcyw/kjdwjc_zm', 'print'));
    try {
      const res = await submit(unit, 'GJ0209', {});
      expect([res.statusCode, body(res).msg]).toEqual([403, NOT_YOURS]);
    } finally {
      await restore(buttonKey('/dwwt/jcyw/kjdwjc_zm', 'print'));
    }
  });

  it('revoked: the check says so and shows no facts', async () => {
    const res = await app.inject({ method: 'POST', url: `${ZHFW}/dwjczm/revoke`, headers: { token: unit }, payload: { zmbh } });
    expect(body(res).data.zt).toBe('02');
    const checked = body(await verify(code)).data;
    expect(checked).toMatchObject({ zt: '02', message: UNIT_CERTIFICATE_MESSAGES.revoked });
    expect(Object.keys(checked.certificate).sort()).toEqual(['issuedDate', 'validUntil', 'zmbh']);
  });

  it('issues at most issuePerDay (20) a centre day: the 20th is issued, the 21st refused', async () => {
    const [{ n }] = (await db.query<{ n: number }>(`select count(*)::int as n from unit_certificate where dwzh = $1`, [UNIT])) as [{ n: number }];
    // The day's others, as rows (the number and code of each unique), up to 19 in all.
    await db.query(
      `insert into unit_certificate (zmbh, code, ywbh, dwzh, issued_at, valid_until, facts)
       select 'DWJCZM20261207' || lpad((900000 + g)::text, 6, '0'), 'TESTCODE' || lpad(g::text, 8, '0'), 'TEST' || g, $1, $2, '2027-03-06', '{}'::jsonb
         from generate_series(1, $3::int) g`,
      [UNIT, clock, CERTIFICATE_PARAMETERS.issuePerDay - 1 - Number(n)],
    );
    expect(body(await submit(unit, 'GJ0209', {})).data.zt).toBe('03');
    const refused = await submit(unit, 'GJ0209', {});
    expect([refused.statusCode, body(refused).msg]).toEqual([400, UNIT_CERTIFICATE_MESSAGES.tooMany(CERTIFICATE_PARAMETERS.issuePerDay)]);
  });
});
