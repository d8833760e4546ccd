import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { submitWithMaterials } from '../../test-support/materials';
import { LOAN_DEMO_LOGIN, PENDING_PROJECT } from '../../seed/loans';
import type { Applicant, BusinessRule } from '../types';
import { KH0201_RULES, KH0202_RULES, type ProjectChange, type ProjectFacts } from './projects';
import { depositShare, holdDeposits } from './deposits';
import { getLoanOf } from '../loans/ledger';
import { withParameters } from '../../test-support/parameters';

// 楼盘 registered and changed through the hall, decided by the centre, row by row and lived with: the rule tables at
// their edges, a registration waiting (in the developer's list, nowhere else), returned, then approved (on the
// partner list and the loan application's list in the completing transaction), a change; the developer's view of the
// loans on its projects with the borrower's name masked; another developer's project answers 403 on every call.

const ZHZH = '/api/izfgjj-zhfw/v1';
const KEY = 'developer-centre-test-key-7c2e9a41';
const NOW = new Date('2026-11-26T03:00:00Z');
const DEV = '900100200001';
const OTHER_DEV = '900100200103';
const ZHANG = '110101199003072316';

let db: Db;
let app: FastifyInstance;
let dev: string;
let other: string;
let zhang: string;
let devApplicant: Applicant;

const get = (url: string, token: string) => app.inject({ method: 'GET', url: `${ZHZH}/${url}`, headers: { token } });
const centre = (url: string, payload: object) => app.inject({ method: 'POST', url: `/api/centre/v1/${url}`, headers: { 'x-centre-key': KEY }, payload });
const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;

const facts = (over: Partial<ProjectFacts> = {}): ProjectFacts => ({
  xmmc: '示例·观澜苑',
  qy: '历下区',
  xmdz: '示范市历下区观澜路 18 号',
  ysxkzh: ['示房预售证第2026101号', '示房预售证第2026102号'],
  lds: ['1号楼', '2号楼'],
  zts: 260,
  kpsj: '2026-12-20',
  jgzd: '18000',
  jgzg: '21500.50',
  jdxdb: '1',
  jgyh: '中国工商银行',
  jgzh: '1602012309000999001',
  lxdh: '0531-88009001',
  ...over,
});

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, centreApiKey: KEY, now: () => NOW });
  dev = await signIn(app, DEV, 3);
  other = await signIn(app, OTHER_DEV, 3);
  zhang = await signIn(app, ZHANG);
  const [row] = await db.query<{ user_id: string; account_id: string }>(
    `select u.id::text as user_id, a.id::text as account_id from app_user u join user_account a on a.user_id = u.id where u.account = $1 and u.login_type = 3 limit 1`,
    [DEV],
  );
  devApplicant = { userId: row!.user_id, accountId: row!.account_id, loginType: 3, login: DEV, zh: DEV };
});
afterAll(() => app?.close());

async function holds<P>(rules: ReadonlyArray<BusinessRule<P>>, name: string, payload: P, ywbh?: string): Promise<boolean> {
  const rule = rules.find((r) => r.name === name)!;
  return rule.holds({ q: db, applicant: devApplicant, payload, now: NOW, ...(ywbh ? { ywbh } : {}) });
}

describe('the seed', () => {
  it('gives 示例置业 three approved projects and one pending; the approved on sale are on the partner list, the pending one nowhere', async () => {
    const rows = await db.query<{ xmbh: string; spzt: string; zt: string }>(`select xmbh, spzt, zt from developer_project where dwzh = $1 order by xmbh`, [DEV]);
    expect(rows.filter((r) => r.spzt === '02')).toHaveLength(3);
    expect(rows.filter((r) => r.spzt === '01').map((r) => r.xmbh)).toEqual([PENDING_PROJECT.xmbh]);
    const partners = await db.query<{ xmbh: string }>(`select xmbh from partner_development where xmbh is not null order by xmbh`);
    expect(partners.map((p) => p.xmbh)).toEqual(['LP2024000101', 'LP2025000102', 'LP2025000201']);
    const list = data<{ list: Array<{ xmbh: string; shztmc: string; jgqj: string; jdxdb: string }> }>(await get('kfswt/lpxx/list', dev)).list;
    expect(list.map((p) => [p.xmbh, p.shztmc])).toEqual([
      [PENDING_PROJECT.xmbh, '待审核'],
      ['LP2022000103', '已通过'],
      ['LP2025000102', '已通过'],
      ['LP2024000101', '已通过'],
    ]);
    expect(list.find((p) => p.xmbh === 'LP2024000101')).toMatchObject({ jgqj: '21000-24500 元/㎡', jdxdb: '1' });
  });
});

describe('the KH0201 rule table', () => {
  it('price-positive and price-range at their edges', async () => {
    expect(await holds(KH0201_RULES, 'price-positive', facts({ jgzd: '0.01' }))).toBe(true);
    expect(await holds(KH0201_RULES, 'price-positive', facts({ jgzd: '0' }))).toBe(false);
    expect(await holds(KH0201_RULES, 'price-range', facts({ jgzd: '18000', jgzg: '18000' }))).toBe(true);
    expect(await holds(KH0201_RULES, 'price-range', facts({ jgzd: '18000', jgzg: '17999.99' }))).toBe(false);
  });

  it('permits-free: a permit on file elsewhere (even a pending project\'s) fails and is named; new ones hold', async () => {
    expect(await holds(KH0201_RULES, 'permits-free', facts())).toBe(true);
    expect(await holds(KH0201_RULES, 'permits-free', facts({ ysxkzh: ['示房预售证第2026101号', PENDING_PROJECT.ysxkzh] }))).toBe(false);
    const rule = KH0201_RULES.find((r) => r.name === 'permits-free')!;
    expect(await rule.message!({ q: db, applicant: devApplicant, payload: facts({ ysxkzh: ['示房预售证第2024015号'] }) })).toBe('预售许可证号示房预售证第2024015号已登记在其他楼盘上，请核对');
  });

  it('name-free: a project of the same name of this developer fails; another developer\'s name does not count', async () => {
    expect(await holds(KH0201_RULES, 'name-free', facts({ xmmc: '示例·云栖府（一期）' }))).toBe(false);
    expect(await holds(KH0201_RULES, 'name-free', facts({ xmmc: '安居·和园' }))).toBe(true);
  });

  it('the schema refuses what is not a project with a Chinese message (no 500), the permits a list', async () => {
    const res = await app.inject({ method: 'POST', url: `${ZHZH}/ywsq/submit`, headers: { token: dev }, payload: { ywlx: 'KH0201', payload: { ...facts(), jgzh: '12ab' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ msg: string }>().msg).toContain('监管账号为 8 至 30 位数字');
  });
});

describe('a registration through the centre', () => {
  let ywbh = '';
  let xmbh = '';

  it('submitted, the project waits: in the developer\'s list only, not on the partner list nor the loan application\'s', async () => {
    const res = await submitWithMaterials(app, dev, 'KH0201', facts());
    expect(res.statusCode, res.body).toBe(200);
    ywbh = data<{ ywbh: string }>(res).ywbh;
    const list = data<{ list: Array<{ xmbh: string; xmmc: string; shztmc: string; ywbh: string | null }> }>(await get('kfswt/lpxx/list', dev)).list;
    const mine = list.find((p) => p.ywbh === ywbh)!;
    expect(mine).toMatchObject({ xmmc: '示例·观澜苑', shztmc: '待审核' });
    xmbh = mine.xmbh;
    expect(xmbh).toMatch(/^LP2026\d{6}$/);
    const lpxx = data<{ list: Array<{ xmbh: string }> }>(await get('dkyw/lpxx?size=50', zhang)).list;
    expect(lpxx.map((p) => p.xmbh)).not.toContain(xmbh);
    const partner = data<{ list: Array<{ xmmc: string }> }>(await get('kfslpxx/getList?pageSize=50', zhang)).list;
    expect(partner.map((p) => p.xmmc)).not.toContain('示例·观澜苑');
    // The centre's project call is not the way for a project the hall registered.
    expect((await centre(`projects/${xmbh}/approve`, { operator: '王经办' })).statusCode).toBe(409);
  });

  it('returned, it says so and stays off the lists; resubmitted with the correction it waits again', async () => {
    expect((await centre(`applications/${ywbh}/return`, { operator: '王经办', reasons: ['楼栋与预售许可证不一致'] })).statusCode).toBe(200);
    const list = data<{ list: Array<{ xmbh: string; shztmc: string }> }>(await get('kfswt/lpxx/list', dev)).list;
    expect(list.find((p) => p.xmbh === xmbh)?.shztmc).toBe('已退回');
    const again = await app.inject({ method: 'POST', url: `${ZHZH}/ywsq/resubmit`, headers: { token: dev }, payload: { ywbh, payload: facts({ lds: ['1号楼', '2号楼', '3号楼'] }) } });
    expect(again.statusCode, again.body).toBe(200);
    const detail = data<{ lds: string[]; spzt: string }>(await get(`kfswt/lpxx/detail?xmbh=${xmbh}`, dev));
    expect(detail).toMatchObject({ lds: ['1号楼', '2号楼', '3号楼'], spzt: '01' });
  });

  it('completed, it is approved and published in the same transaction: the partner list and the loan application\'s list', async () => {
    expect((await centre(`applications/${ywbh}/accept`, { operator: '王经办' })).statusCode).toBe(200);
    const done = await centre(`applications/${ywbh}/complete`, { operator: '王经办' });
    expect(done.statusCode, done.body).toBe(200);
    const lpxx = data<{ list: Array<{ xmbh: string; jgqj: string; kfsmc: string }> }>(await get('dkyw/lpxx?size=50', zhang)).list;
    expect(lpxx.find((p) => p.xmbh === xmbh)).toMatchObject({ jgqj: '18000-21500.50 元/㎡', kfsmc: '示例置业发展有限公司' });
    const partner = data<{ list: Array<{ xmmc: string; ysxkzh: string; hzyh: string; qy: string; hzrq: string }> }>(await get('kfslpxx/getList?pageSize=50', zhang)).list;
    // Published rows come after the centre's own, in the order they were approved.
    expect(partner.slice(8).map((p) => p.xmmc)).toEqual(['示例·云栖府（一期）', '示例·云栖府（二期）', '安居·和园', '示例·观澜苑']);
    expect(partner.find((p) => p.xmmc === '示例·观澜苑')).toMatchObject({
      ysxkzh: '示房预售证第2026101号、示房预售证第2026102号',
      hzyh: '中国工商银行',
      qy: '历下区',
      hzrq: '2026-11-26',
    });
    const [row] = await db.query<{ jg_min_fen: string; jg_max_fen: string }>('select jg_min_fen::text, jg_max_fen::text from developer_project where xmbh = $1', [xmbh]);
    expect(row).toEqual({ jg_min_fen: '1800000', jg_max_fen: '2150050' });
  });

  it('a change (KH0202) keeps the approved facts until it is completed, then rewrites the project and its partner row', async () => {
    const change: ProjectChange = { xmbh, ...facts({ jgzd: '18500', jgzg: '22000', xmmc: '示例·观澜苑（一期）' }) };
    expect(await holds(KH0202_RULES, 'something-changed', { xmbh, ...facts({ lds: ['1号楼', '2号楼', '3号楼'] }) })).toBe(false);
    const res = await submitWithMaterials(app, dev, 'KH0202', change);
    expect(res.statusCode, res.body).toBe(200);
    const changeYwbh = data<{ ywbh: string }>(res).ywbh;
    expect(await holds(KH0202_RULES, 'one-change', change)).toBe(false);
    expect(await holds(KH0202_RULES, 'one-change', change, changeYwbh)).toBe(true);
    expect(data<{ xmmc: string }>(await get(`kfswt/lpxx/detail?xmbh=${xmbh}`, dev)).xmmc).toBe('示例·观澜苑');
    expect((await centre(`applications/${changeYwbh}/accept`, { operator: '王经办' })).statusCode).toBe(200);
    expect((await centre(`applications/${changeYwbh}/complete`, { operator: '王经办' })).statusCode).toBe(200);
    const lpxx = data<{ list: Array<{ xmbh: string; xmmc: string; jgqj: string }> }>(await get('dkyw/lpxx?size=50', zhang)).list;
    expect(lpxx.find((p) => p.xmbh === xmbh)).toMatchObject({ xmmc: '示例·观澜苑（一期）', jgqj: '18500-22000 元/㎡' });
    const partners = await db.query<{ xmmc: string; hzrq: string }>(`select xmmc, hzrq::text from partner_development where xmbh = $1`, [xmbh]);
    expect(partners).toEqual([{ xmmc: '示例·观澜苑（一期）', hzrq: '2026-11-26' }]);
  });
});

describe('the KH0202 rule table', () => {
  const change = (xmbh: string): ProjectChange => ({ xmbh, ...facts({ xmmc: '改名' }) });

  it('own-project: another developer\'s project answers 403 and nothing else, in the rule and on submission', async () => {
    expect(await holds(KH0202_RULES, 'own-project', change('LP2024000101'))).toBe(true);
    expect(await holds(KH0202_RULES, 'own-project', change('LP2025000201'))).toBe(false);
    expect(await holds(KH0202_RULES, 'own-project', change('LP2099999999'))).toBe(false);
    const res = await submitWithMaterials(app, other, 'KH0202', change('LP2024000101'));
    expect(res.statusCode).toBe(403);
    expect(res.json<{ msg: string }>().msg).toBe('当前操作没有权限，请联系管理员授权');
  });

  it('project-approved: the pending project cannot be changed', async () => {
    expect(await holds(KH0202_RULES, 'project-approved', change('LP2024000101'))).toBe(true);
    expect(await holds(KH0202_RULES, 'project-approved', change(PENDING_PROJECT.xmbh))).toBe(false);
  });

  it('permits-free on a change: the project\'s own permits hold, another\'s fail', async () => {
    expect(await holds(KH0202_RULES, 'permits-free', { ...change('LP2024000101'), ysxkzh: ['示房预售证第2024015号'] })).toBe(true);
    expect(await holds(KH0202_RULES, 'permits-free', { ...change('LP2024000101'), ysxkzh: ['示房预售证第2025032号'] })).toBe(false);
  });
});

describe('the developer\'s view of loans on its projects', () => {
  it('lists the loan with its status, amount and date, the borrower\'s name masked, nothing else personal', async () => {
    const res = await get('kfswt/dkxx/list', dev);
    expect(res.statusCode, res.body).toBe(200);
    const list = data<{ list: Array<Record<string, unknown>> }>(res).list;
    expect(list).toContainEqual({ xmbh: 'LP2024000101', xmmc: '示例·云栖府（一期）', lx: '贷款', zt: '贷款逾期', je: '500000.00', rq: '2026-05-15', jkr: '刘**' });
    expect(JSON.stringify(list)).not.toContain(LOAN_DEMO_LOGIN.name);
    expect(JSON.stringify(list)).not.toContain(LOAN_DEMO_LOGIN.account);
  });

  it('shows an application under way on its project (申请已提交) and pages by keyset', async () => {
    const apply = await db.query<{ id: string }>(
      `insert into application (ywbh, ywlx, zt, user_id, account_id, login, zh, payload, created_at, submitted_at, promised_date, time_limit_days, updated_at)
       select 'TEST-GD0101-DEV-1', 'GD0101', '01', a.user_id, a.id, $1, p.grzh, $2::jsonb, $3, $3, '2026-12-10', 10, $3
         from user_account a join person_info p on p.account_id = a.id where p.zjhm = $1 limit 1 returning id::text`,
      [ZHANG, JSON.stringify({ xmbh: 'LP2025000102', dkje: '600000.00' }), NOW],
    );
    expect(apply).toHaveLength(1);
    const first = data<{ list: Array<{ xmbh: string; lx: string; zt: string; je: string; jkr: string }>; next: string | null }>(await get('kfswt/dkxx/list?size=1', dev));
    expect(first.list).toEqual([expect.objectContaining({ xmbh: 'LP2025000102', lx: '贷款申请', zt: '申请已提交', je: '600000.00', jkr: '张*' })]);
    expect(first.next).toBeTruthy();
    const second = data<{ list: Array<{ xmbh: string }>; next: string | null }>(await get(`kfswt/dkxx/list?size=1&after=${encodeURIComponent(first.next!)}`, dev));
    expect(second.list.map((r) => r.xmbh)).toEqual(['LP2024000101']);
    const byProject = data<{ list: Array<{ xmbh: string }> }>(await get('kfswt/dkxx/list?xmbh=LP2025000102', dev));
    expect(byProject.list.map((r) => r.xmbh)).toEqual(['LP2025000102']);
  });

  it('exports the list with the names masked', async () => {
    const res = await get('kfswt/dkxx/export?format=csv', dev);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('刘**');
    expect(res.body).not.toContain(LOAN_DEMO_LOGIN.name);
    expect((await get('kfswt/lpxx/export?format=csv', dev)).body).toContain('示例·云栖府（一期）');
  });

  it('answers 403 for another developer\'s project on every call that takes one, and to a person', async () => {
    for (const url of ['kfswt/dkxx/list?xmbh=LP2024000101', 'kfswt/dkxx/export?format=csv&xmbh=LP2024000101', 'kfswt/lpxx/detail?xmbh=LP2024000101', 'kfswt/lpxx/detail?xmbh=LP2099999999']) {
      const res = await get(url, other);
      expect(res.statusCode, url).toBe(403);
      expect(res.json<{ msg: string }>().msg).toBe('当前操作没有权限，请联系管理员授权');
    }
    expect(data<{ list: unknown[] }>(await get('kfswt/dkxx/list', other)).list).toEqual([]);
    expect((await get('kfswt/lpxx/list', zhang)).statusCode).toBe(403);
  });
});

describe('保证金: the staged guarantee\'s deposit, a ledger of its own', () => {
  type Deposit = { ye: string; zybs: number; list: Array<{ xmmc: string; jkr: string; dkje: string; jcje: string; jcrq: string; sfje: string | null; sfrq: string | null; zt: string }> };

  it('the share in fen, half-up, without floating point', () => {
    expect(depositShare(50_000_000n, 5)).toBe(2_500_000n);
    expect(depositShare(1_001n, 5)).toBe(50n); // 50.05 fen → 50
    expect(depositShare(1_010n, 5)).toBe(51n); // 50.5 fen → 51
    expect(depositShare(12_345_678n, 0)).toBe(0n);
  });

  it('the seed: 刘安居\'s guaranteed loan holds 5 % (25,000.00) of 示例置业\'s deposit; the hold command run again holds nothing more', async () => {
    const before = data<Deposit>(await get('kfswt/bzj/list', dev));
    expect(before.ye).toBe('25000.00');
    expect(before.zybs).toBe(1);
    expect(before.list).toEqual([
      { xmbh: 'LP2024000101', xmmc: '示例·云栖府（一期）', jkr: '刘**', dkje: '500000.00', jcje: '25000.00', jcrq: '2026-05-15', sfje: null, sfrq: null, zt: '占用中' },
    ]);
    const again = await centre('developer-deposits/hold', { date: '2026-11-26' });
    expect(data<{ loans: number; amount: string }>(again)).toEqual({ loans: 0, amount: '0.00' });
    expect(data<Deposit>(await get('kfswt/bzj/list', dev)).ye).toBe('25000.00');
    // Another developer sees its own deposit (none), never this one.
    expect(data<Deposit>(await get('kfswt/bzj/list', other))).toMatchObject({ ye: '0.00', zybs: 0, list: [] });
    expect((await get('kfswt/bzj/list', zhang)).statusCode).toBe(403);
  });

  it('reads the share from the parameter row: a guaranteed loan held at 3 % when the row says 3', async () => {
    const [loan] = await db.query<{ dkzh: string }>(`select dkzh from loan where xmbh = 'LP2024000101' limit 1`);
    await db.query(`delete from developer_deposit_entry where dkzh = $1`, [loan!.dkzh]);
    await withParameters(db, { developerDepositPercent: 3 }, async () => {
      expect(await holdDeposits(db, '2026-11-26', NOW)).toEqual({ loans: 1, amountFen: 1_500_000n });
    });
    await db.query(`delete from developer_deposit_entry where dkzh = $1`, [loan!.dkzh]);
    expect(await holdDeposits(db, '2026-11-26', NOW)).toEqual({ loans: 1, amountFen: 2_500_000n });
    // A loan issued after the date is not held yet.
    await db.query(`delete from developer_deposit_entry where dkzh = $1`, [loan!.dkzh]);
    expect((await holdDeposits(db, '2026-05-14', NOW)).loans).toBe(0);
    expect((await holdDeposits(db, '2026-05-15', NOW)).loans).toBe(1);
  });

  it('the mortgage registered releases the loan\'s share in the same transaction, once; the balance is the sum of the entries', async () => {
    const dkzh = (await getLoanOf(db, LOAN_DEMO_LOGIN.account))!.dkzh;
    const res = await centre(`loans/${dkzh}/mortgage`, { date: '2026-11-20', operator: '王经办' });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<{ released: string }>(res).released).toBe('25000.00');
    expect((await centre(`loans/${dkzh}/mortgage`, { date: '2026-11-21', operator: '王经办' })).statusCode).toBe(409);
    expect((await centre('loans/8099999999999/mortgage', { operator: '王经办' })).statusCode).toBe(404);
    const after = data<Deposit>(await get('kfswt/bzj/list', dev));
    expect(after).toMatchObject({ ye: '0.00', zybs: 0 });
    expect(after.list[0]).toMatchObject({ jcje: '25000.00', sfje: '25000.00', sfrq: '2026-11-20', zt: '已释放' });
    const [sum] = await db.query<{ s: string }>(
      `select coalesce(sum(case kind when 'hold' then amount_fen else -amount_fen end), 0)::text as s from developer_deposit_entry where dwzh = $1`,
      [DEV],
    );
    expect(sum!.s).toBe('0');
    // Registered, the loan is not held again by the command.
    expect((await holdDeposits(db, '2026-11-26', NOW)).loans).toBe(0);
    const csv = await get('kfswt/bzj/export?format=csv', dev);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('已释放');
    expect(csv.body).not.toContain(LOAN_DEMO_LOGIN.name);
  });
});
