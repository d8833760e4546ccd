import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { UNVERIFIED_DEMO_LOGIN } from '../seed/identity';
import { UNVERIFIED_MESSAGE } from '../auth/identity';
import { CENTRE_KEY_HEADER } from '../applications/centre';
import { unitPartFen } from './account-info';
import { submitWithMaterials } from '../test-support/materials';

// 个人账户信息 and the home figures against the seeded records (seed step 10), the clock on 26 November 2026 in
// Shanghai: 张三's two accounts field by field, 403 for anybody else's account number, a GJ0302 change shown here.
let db: Db;
let app: FastifyInstance;
const KEY = 'test-centre-key-0123456789abcdef';
const clock = new Date('2026-11-26T02:00:00Z');
const ZHFW = '/api/izfgjj-zhfw/v1';

let zhang: string;
let limei: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock, centreApiKey: KEY });
  zhang = await signIn(app, '110101199003072316');
  limei = await signIn(app, '320106198506124022');
});
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers of the calls, read field by field
type Body = { code: number; msg: string; data: any };
const get = (token: string, url: string): Promise<LightMyRequestResponse> => app.inject({ url: `${ZHFW}/${url}`, headers: { token } });
const body = (res: LightMyRequestResponse): Body => res.json<Body>();

/** A sum of the journal by plain SQL, to compare the call's figures with. */
const journalSum = async (grzh: string, kinds: string[], from: string, to: string) =>
  (
    await db.query<{ s: string }>(
      `select coalesce(sum(amount_fen), 0)::text as s from journal_entry where account_no = $1 and kind = any($2) and value_date between $3 and $4`,
      [grzh, kinds, from, to],
    )
  )[0]!.s;
const yuan = (fen: string) => (Number(fen) / 100).toFixed(2);

describe('grzhxx/list: every account of the signed-in person', () => {
  it('张三 sees his unit account and his flexible one, each with the figures of the records', async () => {
    const res = await get(zhang, 'grzhxx/list');
    expect(res.statusCode).toBe(200);
    const { holder, accounts } = body(res).data;
    expect(holder).toMatchObject({ xingming: '张三', zjhm: '110***********2316', sjhm: '138****8000' });
    expect(accounts.map((a: { grzh: string }) => a.grzh)).toEqual(['201000000101', '201000000188']);
    const [unit, flexible] = accounts;
    // The base grows 5 % each July from 9,000 (first month 2015-11): 9,000 × 1.05^11 = 15,393 in 2026-07 on;
    // each part 12 % of it, rounded to the yuan: 1,847.
    expect(unit).toEqual({
      grzh: '201000000101',
      current: true,
      xingming: '张三',
      kind: 'gr',
      kindName: '单位缴存',
      grzhzt: '01',
      grzhztmc: '正常',
      dwzh: '100200300001',
      dwmc: '示例科技有限公司',
      khrq: '2015-11-02',
      xhrq: null,
      jcjs: '15393.00',
      dwjcbl: '12.00',
      grjcbl: '12.00',
      dwyjce: '1847.00',
      gryjce: '1847.00',
      yjce: '3694.00',
      grzhye: '86542.35',
      hjny: '202610',
      year: 2026,
      bnlx: yuan(await journalSum('201000000101', ['09'], '2026-06-30', '2026-06-30')),
    });
    // Flexible since 2024-01 on 5,000: 5,788 from 2026-07, both parts 10 %: 579 each.
    expect(flexible).toMatchObject({
      grzh: '201000000188',
      current: false,
      kind: 'lhjy',
      kindName: '灵活就业',
      dwzh: '',
      dwmc: '',
      khrq: '2024-01-02',
      jcjs: '5788.00',
      dwjcbl: '10.00',
      grjcbl: '10.00',
      dwyjce: '579.00',
      gryjce: '579.00',
      yjce: '1158.00',
      grzhye: '12800.00',
      hjny: '202610',
      bnlx: yuan(await journalSum('201000000188', ['09'], '2026-01-01', '2026-12-31')),
    });
    // Interest was settled on 30 June 2026: a positive amount, the only 结息 of the year.
    expect(Number(unit.bnlx)).toBeGreaterThan(0);
  });

  it('the flexible login 李梅 sees her one account', async () => {
    const { holder, accounts } = body(await get(limei, 'grzhxx/list')).data;
    expect(holder).toMatchObject({ xingming: '李梅', zjhm: '320***********4022', sjhm: '136****6000', hyzkmc: '未婚', zy: '自由职业', gzdh: '' });
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ grzh: '201000000233', current: true, kindName: '灵活就业', grzhye: '5230.00', grzhztmc: '正常' });
  });

  it('shows the status in words when the account is sealed', async () => {
    await db.query(`update personal_account set grzhzt = '02' where grzh = '201000000233'`);
    try {
      expect(body(await get(limei, 'grzhxx/list')).data.accounts[0]).toMatchObject({ grzhzt: '02', grzhztmc: '封存' });
    } finally {
      await db.query(`update personal_account set grzhzt = '01' where grzh = '201000000233'`);
    }
  });

  it('a unit login and an unverified individual are refused', async () => {
    const unit = await signIn(app, '100200300001', 2);
    expect((await get(unit, 'grzhxx/list')).statusCode).toBe(403);
    const unverified = await signIn(app, UNVERIFIED_DEMO_LOGIN.account);
    const res = await get(unverified, 'grzhxx/list');
    expect(res.statusCode).toBe(403);
    expect(body(res).msg).toBe(UNVERIFIED_MESSAGE);
    expect((await app.inject({ url: `${ZHFW}/grzhxx/list` })).statusCode).toBe(401);
  });
});

describe('the menu entry', () => {
  it('个人账户信息 is rebuilt each time it is opened (noCache), so a change made meanwhile shows', async () => {
    const menus = body(await app.inject({ url: '/api/auth/v1/getUserInfo', headers: { token: zhang } })).data.menuList;
    const find = (nodes: Array<{ path: string; meta: { noCache: boolean }; children?: unknown[] }>): { meta: { noCache: boolean } } | undefined =>
      nodes.reduce<{ meta: { noCache: boolean } } | undefined>((hit, n) => hit ?? (n.path.endsWith('grzhxx') ? n : find((n.children ?? []) as typeof nodes)), undefined);
    expect(find(menus)?.meta.noCache).toBe(true);
  });
});

describe('grzhxx/info: one account by number', () => {
  it('answers the holder’s own account, either of them', async () => {
    const res = await get(zhang, 'grzhxx/info?grzh=201000000188');
    expect(res.statusCode).toBe(200);
    expect(body(res).data.account).toMatchObject({ grzh: '201000000188', grzhye: '12800.00', current: false });
    expect(body(res).data.holder.xingming).toBe('张三');
  });

  it('another person’s account and an unknown number answer 403 alike, telling nothing', async () => {
    const other = await get(zhang, 'grzhxx/info?grzh=201000000233');
    const unknown = await get(zhang, 'grzhxx/info?grzh=209999999999');
    expect(other.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(403);
    expect(other.body).toBe(unknown.body);
    expect(other.body).not.toContain('李梅');
    expect(other.body).not.toContain('5230');
    expect((await get(limei, 'grzhxx/info?grzh=201000000101')).statusCode).toBe(403);
  });

  it('a malformed number is a 400 with a Chinese message', async () => {
    expect(body(await get(zhang, 'grzhxx/info?grzh=abc'))).toMatchObject({ code: 400, msg: '个人账号应为 6 至 20 位数字' });
    expect(body(await get(zhang, 'grzhxx/info'))).toMatchObject({ code: 400, msg: '请输入个人账号' });
  });
});

describe('the holder’s details follow GJ0302', () => {
  it('an address, postcode, marital status, work phone, email, occupation and education change shows on the page, on either account', async () => {
    // What seed step 13 put on file for him.
    const before = body(await get(zhang, 'grzhxx/list')).data.holder;
    expect(before).toMatchObject({ txdz: '示范市历下区泉城路 188 号 3 单元 502 室', hyzk: '20', hyzkmc: '已婚', zy: '软件工程师' });
    const payload = { txdz: '示范市槐荫区经十路 9 号', yzbm: '250022', hyzk: '40', gzdh: '0531-86005678', dzyx: 'zs@example.com', zy: '项目经理', xl: '研究生（硕士）' };
    const submitted = await app.inject({ method: 'POST', url: `${ZHFW}/ywsq/submit`, headers: { token: zhang }, payload: { ywlx: 'GJ0302', payload } });
    expect(body(submitted).data.zt).toBe('03');
    const after = body(await get(zhang, 'grzhxx/list')).data.holder;
    expect(after).toEqual({ xingming: '张三', zjhm: '110***********2316', sjhm: '138****8000', ...payload, hyzkmc: '离婚' });
  });
});

describe('grzhxx/home: the figures of the individual’s home', () => {
  it('balance, this year’s deposits, the last movement and no to-do', async () => {
    const res = await get(zhang, 'grzhxx/home');
    expect(res.statusCode).toBe(200);
    const [last] = await db.query<{ value_date: string; kind: string; amount_fen: string }>(
      `select value_date::text, kind, amount_fen::text from journal_entry where account_no = '201000000101' order by value_date desc, id desc limit 1`,
    );
    // 2026-01..06 on 14,660 (3,518 a month), 2026-07..10 on 15,393 (3,694): 21,108 + 14,776.
    expect(body(res).data).toEqual({
      grzh: '201000000101',
      grzhzt: '01',
      grzhztmc: '正常',
      grzhye: '86542.35',
      year: 2026,
      bnjce: '35884.00',
      lastMovement: { date: '2026-10-20', kind: last!.kind, kindName: last!.kind === '11' ? '部分提取' : '转入', amount: yuan(last!.amount_fen) },
      todoCount: 0,
    });
    expect(body(res).data.bnjce).toBe(yuan(await journalSum('201000000101', ['01', '02'], '2026-01-01', '2026-12-31')));
  });

  it('counts the applications the centre returned for changes, as todo/list lists them', async () => {
    const token = await signIn(app, '110105199506205040');
    expect(body(await get(token, 'grzhxx/home')).data.todoCount).toBe(0);
    const sent = body(
      await submitWithMaterials(app, token, 'GJ0302', { xingming: '李短改' }),
    ).data;
    expect(sent.zt).toBe('01');
    const returned = await app.inject({
      method: 'POST',
      url: `/api/centre/v1/applications/${sent.ywbh}/return`,
      headers: { [CENTRE_KEY_HEADER]: KEY },
      payload: { operator: '王经办', reasons: ['户口簿照片不清晰'] },
    });
    expect(body(returned).data.zt).toBe('04');
    const home = body(await get(token, 'grzhxx/home')).data;
    expect(home.todoCount).toBe(1);
    expect(home.todoCount).toBe(body(await get(token, 'todo/list')).data.length);
    expect(home).toMatchObject({ grzh: '201000000404', grzhye: '35200.00' });
  });

  it('after switching to the flexible account, the home shows that account', async () => {
    const idOf = async (grzh: string) =>
      (await db.query<{ id: string }>('select account_id::text as id from person_info where grzh = $1', [grzh]))[0]!.id;
    const switchTo = (id: string) => app.inject({ url: `/api/auth/v1/switchUser?toUserId=${id}`, headers: { token: zhang } });
    expect((await switchTo(await idOf('201000000188'))).statusCode).toBe(200);
    try {
      expect(body(await get(zhang, 'grzhxx/home')).data).toMatchObject({ grzh: '201000000188', grzhye: '12800.00' });
      const list = body(await get(zhang, 'grzhxx/list')).data;
      expect(list.accounts.map((a: { current: boolean }) => a.current)).toEqual([false, true]);
      // The details changed on his other account (the GJ0302 above) are his on this one too.
      expect(list.holder.txdz).toBe('示范市槐荫区经十路 9 号');
    } finally {
      await switchTo(await idOf('201000000101'));
    }
  });

  it('a unit login is refused', async () => {
    const unit = await signIn(app, '100200300001', 2);
    expect((await get(unit, 'grzhxx/home')).statusCode).toBe(403);
  });
});

describe('the unit part of a monthly deposit', () => {
  it.each([
    [900_000n, '12.00', 108_000n],
    [1_539_300n, '12.00', 184_700n], // 1,847.16 → 1,847
    [578_800n, '10.00', 57_900n], // 578.80 → 579
    [500_000n, '7.50', 37_500n], // 375.00
    [416_700n, '12.00', 50_000n], // 500.04 → 500
    [416_250n, '12.00', 50_000n], // 499.50 → 500 (half up)
    [0n, '12.00', 0n],
  ])('base %s fen at %s %% → %s fen', (base, ratio, part) => {
    expect(unitPartFen(base, ratio, 100)).toBe(part);
  });
});
