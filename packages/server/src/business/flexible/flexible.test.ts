import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpStatusMessage } from '@gjj-hall/sdk';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { CENTRE_KEY_HEADER } from '../../applications/centre';
import { checkLedger, openAccount } from '../../records';
import { businessOf } from '../registry';
import type { Applicant, Business } from '../types';
import { FLEXIBLE_BUSINESSES } from '.';
import { FLEXIBLE_PARAMS, monthlyFen, monthsBefore } from './params';
import { FLEXIBLE_DEMO_LOGIN, FLEXIBLE_MENU_PAGES } from '../../seed/flexible';
import { submitWithMaterials } from '../../test-support/materials';

// One database for the file. The clock stands on Thursday 26 November 2026, 10:00 in Shanghai: 郑浩's flexible
// account (201000000305, since 2024-05 at 10 %, its base grown 5 % every July to 4,631 yuan: 926 yuan a month) is
// paid up to October, so November is unpaid.
let db: Db;
let app: FastifyInstance;
const KEY = 'test-centre-key-0123456789abcdef';
const clock = new Date('2026-11-26T02:00:00Z');
const ZHZH = '/api/izfgjj-zhfw/v1';
const ZHENG = FLEXIBLE_DEMO_LOGIN;
const ZHANG = { account: '110101199003072316', gr: '201000000101', lhjy: '201000000188' };

let zheng: string;
let zhang: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock, centreApiKey: KEY });
  zheng = await signIn(app, ZHENG.account);
  zhang = await signIn(app, ZHANG.account);
});
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
type Body = { code: number; msg: string; data: any };
const get = (token: string, url: string) => app.inject({ url: `${ZHZH}/${url}`, headers: { token } });
const post = (token: string, url: string, payload: unknown) => app.inject({ method: 'POST', url: `${ZHZH}/${url}`, headers: { token }, payload: payload as object });
const body = (res: LightMyRequestResponse): Body => res.json<Body>();
// As the wizard submits: a draft, its required materials uploaded (issue 31 item 3), then the submission.
const submit = (token: string, ywlx: string, payload: Record<string, unknown>) => submitWithMaterials(app, token, ywlx, payload);
const info = async (token: string) => body(await get(token, 'lhjy/info')).data;
const centre = (ywbh: string, action: string) =>
  app.inject({ method: 'POST', url: `/api/centre/v1/applications/${ywbh}/${action}`, headers: { [CENTRE_KEY_HEADER]: KEY }, payload: { operator: '王经办' } });
const account = async (grzh: string) =>
  (await db.query<{ grzhzt: string; jcjs_fen: string; yjce_fen: string; balance_fen: string; grjcbl: string }>(
    'select grzhzt, jcjs_fen::text as jcjs_fen, yjce_fen::text as yjce_fen, balance_fen::text as balance_fen, grjcbl::text as grjcbl from personal_account where grzh = $1',
    [grzh],
  ))[0]!;
const setStatus = (grzh: string, zt: string) => db.query('update personal_account set grzhzt = $2 where grzh = $1', [grzh, zt]);

/** The applicant of a login's account (the primary one, or the one holding `grzh`). */
async function applicantOf(login: string, grzh?: string): Promise<Applicant> {
  const [row] = await db.query<{ user_id: string; id: string; grzh: string }>(
    `select a.user_id::text as user_id, a.id::text as id, coalesce(p.grzh, '') as grzh
       from user_account a join app_user u on u.id = a.user_id left join person_info p on p.account_id = a.id
      where u.account = $1 and ($2::text is null and a.is_primary or p.grzh = $2) limit 1`,
    [login, grzh ?? null],
  );
  return { userId: row!.user_id, accountId: row!.id, loginType: 1, login, zh: row!.grzh };
}

/** Whether a business's rule row holds for an applicant and answers. */
async function holds(ywlx: string, rule: string, applicant: Applicant, payload: Record<string, unknown> = {}, now = clock): Promise<boolean> {
  const row = businessOf(ywlx)!.rules.find((r) => r.name === rule);
  if (!row) throw new Error(`${ywlx} 没有规则 ${rule}`);
  return row.holds({ q: db, applicant, payload, now });
}

/** A flexible account of its own for 郑浩's login, opened `khrq` with nothing paid (a second account of the login). */
let freshCount = 0;
async function freshFlexible(khrq: string): Promise<Applicant> {
  freshCount += 1;
  const grzh = `20109900000${freshCount}`;
  const zjhm = ['11010519491231002X', '110105194912310037', '110105194912310045'][freshCount - 1]!;
  const owner = await applicantOf(ZHENG.account);
  await db.transaction(async (tx) => {
    await openAccount(tx, { grzh, zjhm, xingming: '测试', kind: 'lhjy', khrq, jcjsFen: 300_000n, dwjcbl: 10, grjcbl: 10, yjceFen: 60_000n });
    const [a] = await tx.query<{ id: string }>(
      `insert into user_account (user_id, account, account_type, roles, sort) values ($1, $2, '灵活就业缴存账户', '{lhjyjczgry}', 9) returning id::text as id`,
      [owner.userId, ZHENG.account],
    );
    await tx.query(`insert into person_info (account_id, xingming, zjhm, grzh, grzhzt, grzhye, dwmc, sjhm) values ($1, '测试', $2, $3, '01', 0, '', '')`, [a!.id, zjhm, grzh]);
    await tx.query(`insert into flexible_account (grzh, kkyh, kkzh, updated_at) values ($1, '中国银行', '6216610000000000001', now())`, [grzh]);
  });
  return { ...owner, accountId: (await applicantOf(ZHENG.account, grzh)).accountId, zh: grzh };
}

describe('parameters (FLEXIBLE_PARAMS, one test per row)', () => {
  it('roundingFen: each part rounded half-up to the yuan, then the two added', () => {
    expect(FLEXIBLE_PARAMS.roundingFen).toBe(100);
    expect(monthlyFen(450_000n, 10, 100)).toBe(90_000n);
    expect(monthlyFen(333_333n, 7, 100)).toBe(46_600n); // 233.33 → 233, twice
    expect(monthlyFen(335_000n, 7, 100)).toBe(47_000n); // 234.50 → 235, twice (half-up, not banker's)
    expect(monthlyFen(335_000n, 7, 1)).toBe(46_900n); // to the fen: 234.50, twice
  });

  it('baseMinYuan and baseMaxYuan: 2,200 and 33,000 yuan are the bounds of the monthly base', async () => {
    const a = await applicantOf(ZHENG.account);
    const base = (jcjs: string) => holds('GJ0804', 'base-within-bounds', a, { jcjs, jcbl: 10 });
    expect([FLEXIBLE_PARAMS.baseMinYuan, FLEXIBLE_PARAMS.baseMaxYuan]).toEqual([2200, 33000]);
    expect([await base('2199.99'), await base('2200'), await base('33000.00'), await base('33000.01')]).toEqual([false, true, true, false]);
  });

  it('ratioMin and ratioMax: whole percents from 5 to 12', async () => {
    const a = await applicantOf(ZHENG.account);
    const ratio = (jcbl: number) => holds('GJ0801', 'ratio-within-bounds', a, { jcjs: '5000', jcbl });
    expect([await ratio(4), await ratio(5), await ratio(12), await ratio(13), await ratio(7.5)]).toEqual([false, true, true, false, false]);
  });

  it('backPayMaxMonths: twelve months in one 补缴, not thirteen', async () => {
    const a = await applicantOf(ZHENG.account);
    const months = (n: number) => Array.from({ length: n }, (_, i) => monthsBefore('202611', i));
    expect(await holds('GJ0815', 'at-most-months', a, { months: months(12) })).toBe(true);
    expect(await holds('GJ0815', 'at-most-months', a, { months: months(13) })).toBe(false);
  });

  it('backPayWindowMonths: the last 24 months, this one included (202412 to 202611)', async () => {
    const a = await applicantOf(ZHENG.account);
    expect(await holds('GJ0815', 'within-window', a, { months: ['202412'] })).toBe(true);
    expect(await holds('GJ0815', 'within-window', a, { months: ['202411'] })).toBe(false);
  });

  it('subsidyMinMonths: twelve months paid before a subsidy', async () => {
    expect(await holds('GJ0814', 'months-paid', await applicantOf(ZHENG.account))).toBe(true); // since 2024-05
    expect(await holds('GJ0814', 'months-paid', await freshFlexible('2026-11-02'))).toBe(false);
  });

  it('subsidyYearsBack: this year or the one before', async () => {
    const a = await applicantOf(ZHENG.account);
    const year = (nd: number) => holds('GJ0814', 'year-allowed', a, { nd, btlb: '01' });
    expect([await year(2027), await year(2026), await year(2025), await year(2024)]).toEqual([false, true, true, false]);
  });

  it('adjustmentsPerYear: one completed 月缴存额调整 a calendar year (tested with the flow below)', () => {
    expect(FLEXIBLE_PARAMS.adjustmentsPerYear).toBe(1);
  });
});

describe('rules shared by every flexible business', () => {
  it('flexible-account: the first row of each, refused on a unit depositor’s account, held on a flexible one', async () => {
    const gr = await applicantOf(ZHANG.account);
    const flexible = await applicantOf(ZHENG.account);
    for (const b of FLEXIBLE_BUSINESSES.filter((x) => x.ywlx !== 'GJ0801')) {
      expect(b.rules[0]!.name, b.ywlx).toBe('flexible-account');
      expect(await holds(b.ywlx, 'flexible-account', gr), b.ywlx).toBe(false);
      expect(await holds(b.ywlx, 'flexible-account', flexible), b.ywlx).toBe(true);
    }
  });

  // Which account statuses each business takes (01 正常, 02 封存, 03 冻结).
  const STATUS_ROWS: Array<[string, string, string[]]> = [
    ['GJ0804', 'status-normal', ['01']],
    ['GJ0815', 'status-normal', ['01']],
    ['GJ0814', 'status-normal', ['01']],
    ['GJ0810', 'status-normal', ['01']],
    ['GJ0809', 'status-sealed', ['02']],
    ['GJ0805', 'status-normal-or-sealed', ['01', '02']],
    ['GJ0803', 'status-normal-or-sealed', ['01', '02']],
    ['GJ0802', 'status-not-closed', ['01', '02']],
  ];
  for (const [ywlx, rule, allowed] of STATUS_ROWS) {
    it(`${ywlx} ${rule}: only from ${allowed.join(' or ')}`, async () => {
      const a = await applicantOf(ZHENG.account);
      const seen: string[] = [];
      try {
        for (const zt of ['01', '02', '06']) {
          await setStatus(ZHENG.grzh, zt);
          if (await holds(ywlx, rule, a)) seen.push(zt);
        }
      } finally {
        await setStatus(ZHENG.grzh, '01');
      }
      expect(seen).toEqual(allowed);
    });
  }

  it('deduction-account: 启封 and 补缴 need a deduction account on file', async () => {
    const a = await applicantOf(ZHENG.account);
    expect(await holds('GJ0815', 'deduction-account', a)).toBe(true);
    await db.query(`update flexible_account set kkzh = '' where grzh = $1`, [ZHENG.grzh]);
    try {
      expect(await holds('GJ0815', 'deduction-account', a)).toBe(false);
      expect(await holds('GJ0809', 'deduction-account', a)).toBe(false);
    } finally {
      await db.query(`update flexible_account set kkzh = '6228481001000305789' where grzh = $1`, [ZHENG.grzh]);
    }
  });
});

describe('rule rows of each business', () => {
  it('GJ0804 amount-changes: the same base and ratio is refused', async () => {
    const a = await applicantOf(ZHENG.account);
    expect(await holds('GJ0804', 'amount-changes', a, { jcjs: '4631.00', jcbl: 10 })).toBe(false);
    expect(await holds('GJ0804', 'amount-changes', a, { jcjs: '4631.00', jcbl: 11 })).toBe(true);
  });

  it('GJ0805 account-changes: the account on file again is refused', async () => {
    const a = await applicantOf(ZHENG.account);
    expect(await holds('GJ0805', 'account-changes', a, { kkyh: '中国农业银行', kkzh: '6228481001000305789' })).toBe(false);
    expect(await holds('GJ0805', 'account-changes', a, { kkyh: '中国农业银行', kkzh: '6228481001000305790' })).toBe(true);
  });

  it('GJ0810 other-reason-explained: 其他原因 needs a few words', async () => {
    const a = await applicantOf(ZHENG.account);
    expect(await holds('GJ0810', 'other-reason-explained', a, { fcyy: '09' })).toBe(false);
    expect(await holds('GJ0810', 'other-reason-explained', a, { fcyy: '09', sm: '出国进修' })).toBe(true);
    expect(await holds('GJ0810', 'other-reason-explained', a, { fcyy: '01' })).toBe(true);
  });

  it('GJ0815 not-future, not-before-opening and month-unpaid', async () => {
    const a = await applicantOf(ZHENG.account);
    expect(await holds('GJ0815', 'not-future', a, { months: ['202612'] })).toBe(false);
    expect(await holds('GJ0815', 'not-future', a, { months: ['202611'] })).toBe(true);
    const fresh = await freshFlexible('2026-09-15');
    expect(await holds('GJ0815', 'not-before-opening', fresh, { months: ['202608'] })).toBe(false);
    expect(await holds('GJ0815', 'not-before-opening', fresh, { months: ['202609'] })).toBe(true);
    expect(await holds('GJ0815', 'month-unpaid', a, { months: ['202610'] })).toBe(false); // remitted in October
    expect(await holds('GJ0815', 'month-unpaid', a, { months: ['202611'] })).toBe(true);
  });

  it('GJ0814 once-a-year: a year with an approved subsidy is refused', async () => {
    const fresh = await freshFlexible('2024-01-02');
    expect(await holds('GJ0814', 'once-a-year', fresh, { nd: 2026, btlb: '01' })).toBe(true);
    await db.query(`insert into flexible_subsidy (ywbh, grzh, nd, btlb, approved_at) values ('GJ08142026010100000001', $1, 2026, '01', now())`, [fresh.zh]);
    expect(await holds('GJ0814', 'once-a-year', fresh, { nd: 2026, btlb: '01' })).toBe(false);
    expect(await holds('GJ0814', 'once-a-year', fresh, { nd: 2025, btlb: '01' })).toBe(true);
  });

  it('GJ0803 target-own (403 for anyone else’s or no account) and target-unit-normal', async () => {
    const a = await applicantOf(ZHANG.account, ZHANG.lhjy);
    expect(await holds('GJ0803', 'target-own', a, { zrgrzh: '201000000301' })).toBe(false); // 赵六's
    expect(await holds('GJ0803', 'target-own', a, { zrgrzh: '201099999999' })).toBe(false); // nobody's
    expect(await holds('GJ0803', 'target-own', a, { zrgrzh: ZHANG.gr })).toBe(true);
    expect(businessOf('GJ0803')!.rules.find((r) => r.name === 'target-own')!.status).toBe(403);
    expect(await holds('GJ0803', 'target-unit-normal', a, { zrgrzh: ZHANG.lhjy })).toBe(false); // the flexible account itself
    expect(await holds('GJ0803', 'target-unit-normal', a, { zrgrzh: ZHANG.gr })).toBe(true);
  });

  it('GJ0801 no-open-flexible and no-unit-deposit', async () => {
    expect(await holds('GJ0801', 'no-open-flexible', await applicantOf(ZHENG.account))).toBe(false);
    expect(await holds('GJ0801', 'no-unit-deposit', await applicantOf(ZHENG.account))).toBe(true);
    expect(await holds('GJ0801', 'no-unit-deposit', await applicantOf(ZHANG.account))).toBe(false); // 201000000101 正常
  });

  it('GJ0802 something-changes: an empty form is refused', async () => {
    const a = await applicantOf(ZHENG.account);
    expect(await holds('GJ0802', 'something-changes', a, { txdz: '  ' })).toBe(false);
    expect(await holds('GJ0802', 'something-changes', a, { txdz: '济南市历下区泉城路 8 号' })).toBe(true);
  });

  it('every flexible business is a module of its own (no placeholder), with a guide, a notice and a Chinese schema', () => {
    for (const b of FLEXIBLE_BUSINESSES as Business[]) {
      expect(b.placeholder, b.ywlx).toBeUndefined();
      expect(typeof b.guide === 'object' && b.guide.xzdy, b.ywlx).toMatch(/灵活就业/);
      expect(b.notice, b.ywlx).toBeTruthy();
      expect(businessOf(b.ywlx), b.ywlx).toBe(b);
    }
    // Spec 2.4: GJ0809 lhjy_qf is 启封 (the one a sealed account may do), GJ0810 lhjy_fc is 封存.
    expect([businessOf('GJ0809')!.ywmc, businessOf('GJ0809')!.allowsSealedAccount]).toEqual(['灵活就业人员账户启封', true]);
    expect([businessOf('GJ0810')!.ywmc, businessOf('GJ0810')!.allowsSealedAccount]).toEqual(['灵活就业人员账户封存', undefined]);
  });
});

describe('what completing does, through the hall’s calls (郑浩)', () => {
  it('the menus carry a page for every flexible code of spec 2.4', async () => {
    const rows = await db.query<{ path: string }>(`select path from menu where parent_id = 1130 order by sort`);
    const paths = rows.map((r) => r.path.split('/').at(-1));
    for (const p of ['lhjy_qf', 'lhjy_fc', 'lhjyrykh', 'lhjyryxxbg', 'yjce_tz', 'kkzh_bg', 'dzzbys_czbtsq', 'lhjyry_ybj', 'lhjyry_zy']) expect(paths).toContain(p);
    expect(FLEXIBLE_MENU_PAGES).toHaveLength(3);
  });

  it('lhjy/info answers the session’s own flexible account, the deduction account masked, November unpaid', async () => {
    const data = await info(zheng);
    expect(data).toMatchObject({ grzh: ZHENG.grzh, grzhzt: '01', grzhztmc: '正常', jcjs: '4631.00', jcbl: 10, yjce: '926.00', kkyh: '中国农业银行' });
    expect(data.kkzh).toMatch(/^6228\*+5789$/);
    expect(data.unpaid).toEqual([{ period: '202611', amount: '926.00' }]);
    expect(data.payments[0]).toMatchObject({ period: '202610', kindName: '汇缴', amount: '926.00' });
    // 张三's primary account is a unit account: nothing to show.
    expect(body(await get(zhang, 'lhjy/info'))).toMatchObject({ code: 0, data: null, msg: '当前账户不是灵活就业缴存账户' });
  });

  it('GJ0804 completes at once: the base, ratio and monthly amount change; a second one this year is refused', async () => {
    const res = await submit(zheng, 'GJ0804', { jcjs: '4500.00', jcbl: 11 });
    expect(body(res).data).toMatchObject({ zt: '03', ztmc: '已办结' });
    expect(await account(ZHENG.grzh)).toMatchObject({ jcjs_fen: '450000', grjcbl: '11.00', yjce_fen: String(2n * 49_500n) });
    expect((await info(zheng)).yjce).toBe('990.00');
    const again = await submit(zheng, 'GJ0804', { jcjs: '5000.00', jcbl: 11 });
    expect([again.statusCode, body(again).msg]).toEqual([400, '每年只能调整 1 次月缴存额，您本年度已调整过，请明年再办理']);
    // The wizard says so before anything is typed.
    const check = body(await get(zheng, 'ywblxz/check?ywlx=GJ0804')).data;
    expect(check).toMatchObject({ pass: false, messages: [{ code: 'BUSINESS_RULE', msg: '每年只能调整 1 次月缴存额，您本年度已调整过，请明年再办理' }] });
  });

  it('GJ0804 out of bounds answers the Chinese message and changes nothing', async () => {
    const res = await submit(zhang, 'GJ0804', { jcjs: '100', jcbl: 10 });
    expect([res.statusCode, body(res).msg]).toEqual([400, '本业务仅限灵活就业缴存账户办理；如您持有灵活就业账户，请先通过“切换账户”切换到该账户']);
    const bad = await submit(zheng, 'GJ0804', { jcjs: 'abc', jcbl: 10 });
    expect([bad.statusCode, body(bad).msg]).toEqual([400, '月缴存基数应为金额，至多两位小数']);
  });

  it('GJ0815 补缴 posts one 补缴 per month to the journal at the monthly amount; the balance equals its journal', async () => {
    const before = BigInt((await account(ZHENG.grzh)).balance_fen);
    const res = await submit(zheng, 'GJ0815', { months: ['202611'] });
    const { ywbh, zt } = body(res).data;
    expect(zt).toBe('03');
    const rows = await db.query<{ kind: string; amount_fen: string; period: string; value_date: string; line: number }>(
      `select kind, amount_fen::text as amount_fen, period, value_date::text as value_date, line from journal_entry where ywbh = $1`,
      [ywbh],
    );
    expect(rows).toEqual([{ kind: '02', amount_fen: '99000', period: '202611', value_date: '2026-11-26', line: 1 }]);
    expect(BigInt((await account(ZHENG.grzh)).balance_fen)).toBe(before + 99_000n);
    expect((await checkLedger(db, [ZHENG.grzh])).ok).toBe(true);
    const data = await info(zheng);
    expect(data.unpaid).toEqual([]);
    expect(data.payments[0]).toMatchObject({ period: '202611', kind: '02', kindName: '补缴', amount: '990.00', ywbh });
    const again = await submit(zheng, 'GJ0815', { months: ['202611'] });
    expect([again.statusCode, body(again).msg]).toEqual([400, '所选月份中有已缴存的月份，请刷新后重新选择']);
  });

  it('GJ0810 封存 then GJ0809 启封, each at once; while sealed the other businesses are stopped', async () => {
    const sealed = await submit(zheng, 'GJ0810', { fcyy: '01' });
    expect(body(sealed).data.zt).toBe('03');
    expect((await account(ZHENG.grzh)).grzhzt).toBe('02');
    expect((await info(zheng)).grzhztmc).toBe('封存');
    const blocked = body(await get(zheng, 'ywblxz/check?ywlx=GJ0815')).data;
    expect(blocked.messages[0].code).toBe('ACCOUNT_SEALED');
    expect(body(await get(zheng, 'ywblxz/check?ywlx=GJ0809')).data.pass).toBe(true);
    const unsealed = await submit(zheng, 'GJ0809', {});
    expect(body(unsealed).data.zt).toBe('03');
    expect((await account(ZHENG.grzh)).grzhzt).toBe('01');
    // 启封 of a normal account: told before the wizard opens.
    expect(body(await get(zheng, 'ywblxz/check?ywlx=GJ0809')).data.messages).toEqual([
      { code: 'BUSINESS_RULE', msg: '只有已封存的灵活就业账户需要启封，您的账户当前不是封存状态' },
    ]);
  });

  it('GJ0805 completes at once into the deduction account', async () => {
    const res = await submit(zheng, 'GJ0805', { kkyh: '中国银行', kkzh: '6216600000001234567' });
    expect(body(res).data.zt).toBe('03');
    expect((await info(zheng)).kkzh).toMatch(/^6216\*+4567$/);
  });

  it('GJ0802: the address completes at once; the household registration waits for the centre', async () => {
    const res = await submit(zheng, 'GJ0802', { txdz: '济南市历下区泉城路 8 号', yzbm: '250011' });
    expect(body(res).data.zt).toBe('03');
    const [row] = await db.query<{ txdz: string }>('select txdz from person_detail where account_id = $1', [(await applicantOf(ZHENG.account)).accountId]);
    expect(row?.txdz).toBe('济南市历下区泉城路 8 号');
    const waits = await submit(zheng, 'GJ0802', { hjszd: '山东省青岛市' });
    const { ywbh, zt } = body(waits).data;
    expect(zt).toBe('01');
    expect(body(await get(zheng, `ywblxz/materials?ywlx=GJ0802&answers=${encodeURIComponent('{"hjszd":"山东省青岛市"}')}`)).data.map((m: { wjlxId: string }) => m.wjlxId)).toEqual(['HKB', 'SQS']);
    await centre(ywbh, 'accept');
    expect((await centre(ywbh, 'complete')).statusCode).toBe(200);
    expect((await info(zheng)).hjszd).toBe('山东省青岛市');
  });

  it('GJ0814: the centre decides; completing records the approved subsidy', async () => {
    const res = await submit(zheng, 'GJ0814', { nd: 2026, btlb: '02' });
    const { ywbh, zt } = body(res).data;
    expect(zt).toBe('01');
    expect(body(await get(zheng, `ywblxz/materials?ywlx=GJ0814&answers=${encodeURIComponent('{"btlb":"02"}')}`)).data.map((m: { wjlxId: string }) => m.wjlxId)).toEqual(['SFZ', 'BYZ', 'SQS']);
    await centre(ywbh, 'accept');
    await centre(ywbh, 'complete');
    expect(await db.query('select nd, btlb from flexible_subsidy where ywbh = $1', [ywbh])).toEqual([{ nd: 2026, btlb: '02' }]);
  });
});

describe('转移 and 开户 (张三’s flexible account 201000000188)', () => {
  it('GJ0803 into another person’s account answers 403 and reveals nothing; into 张三’s unit account the centre moves the balance', async () => {
    const switched = await app.inject({ url: `/api/auth/v1/switchUser?toUserId=${(await applicantOf(ZHANG.account, ZHANG.lhjy)).accountId}`, headers: { token: zhang } });
    expect(switched.statusCode).toBe(200);
    for (const zrgrzh of ['201000000301', '201099999999']) {
      const res = await submit(zhang, 'GJ0803', { zrgrzh });
      expect([res.statusCode, body(res)]).toEqual([403, { code: 403, msg: httpStatusMessage(403), data: null }]);
    }
    const flexBefore = BigInt((await account(ZHANG.lhjy)).balance_fen);
    const grBefore = BigInt((await account(ZHANG.gr)).balance_fen);
    const { ywbh, zt } = body(await submit(zhang, 'GJ0803', { zrgrzh: ZHANG.gr })).data;
    expect(zt).toBe('01');
    await centre(ywbh, 'accept');
    expect((await centre(ywbh, 'complete')).statusCode).toBe(200);
    const flex = await account(ZHANG.lhjy);
    expect([flex.grzhzt, flex.balance_fen]).toEqual(['03', '0']);
    const moved = (await db.query<{ kind: string; amount_fen: string; account_no: string }>(
      `select kind, amount_fen::text as amount_fen, account_no from journal_entry where ywbh = $1 order by line`,
      [ywbh],
    ));
    const interest = moved.find((m) => m.kind === '10');
    const paid = flexBefore + BigInt(interest?.amount_fen ?? 0);
    expect(moved.filter((m) => m.kind !== '10')).toEqual([
      { kind: '22', amount_fen: String(-paid), account_no: ZHANG.lhjy },
      { kind: '21', amount_fen: String(paid), account_no: ZHANG.gr },
    ]);
    expect(BigInt((await account(ZHANG.gr)).balance_fen)).toBe(grBefore + paid);
    expect((await checkLedger(db, [ZHANG.gr, ZHANG.lhjy])).ok).toBe(true);
    // The closed account may do nothing but open anew.
    expect(body(await get(zhang, 'ywblxz/check?ywlx=GJ0804')).data.messages[0].code).toBe('ACCOUNT_SEALED');
  });

  it('GJ0801 on the closed flexible account: refused while the unit account deposits; once it is sealed the centre opens a new one', async () => {
    const refused = await submit(zhang, 'GJ0801', { jcjs: '6000', jcbl: 8, hjszd: '北京市东城区', kkyh: '中国工商银行', kkzh: '6222021001000188123' });
    expect([refused.statusCode, body(refused).msg]).toEqual([400, '您在单位的个人账户正常缴存中，不能同时开立灵活就业账户；离职后请由单位办理封存']);
    await setStatus(ZHANG.gr, '02');
    try {
      const res = await submit(zhang, 'GJ0801', { jcjs: '6000', jcbl: 8, hjszd: '北京市东城区', kkyh: '中国工商银行', kkzh: '6222021001000188123' });
      const { ywbh, zt } = body(res).data;
      expect(zt).toBe('01');
      await centre(ywbh, 'accept');
      expect((await centre(ywbh, 'complete')).statusCode).toBe(200);
      const data = await info(zhang);
      expect(data).toMatchObject({ grzhzt: '01', jcjs: '6000.00', jcbl: 8, yjce: '960.00', khrq: '2026-11-26', kkyh: '中国工商银行' });
      expect(data.grzh).toMatch(/^2010010\d{5}$/);
      expect(await holds('GJ0801', 'no-open-flexible', await applicantOf(ZHANG.account, data.grzh))).toBe(false);
    } finally {
      await setStatus(ZHANG.gr, '01');
    }
  });
});

describe('another login’s business number', () => {
  it('answers 403 and nothing else on every call that takes one, for each flexible type', async () => {
    const mine = body(await post(zheng, 'ywsq/saveDraft', { ywlx: 'GJ0815', payload: { months: ['202611'] } })).data.ywbh;
    for (const [method, url, payload] of [
      ['GET', `ywsq/detail?ywbh=${mine}`, undefined],
      ['POST', 'ywsq/submit', { ywlx: 'GJ0815', ywbh: mine, payload: { months: ['202611'] } }],
      ['POST', 'ywsq/resubmit', { ywbh: mine, payload: { months: ['202611'] } }],
      ['POST', 'ywsq/withdraw', { ywbh: mine }],
      ['POST', 'ywsq/deleteDraft', { ywbh: mine }],
      ['POST', 'draftbox/delete', { ywlx: 'GJ0815', ywbh: mine }],
    ] as const) {
      const res = method === 'GET' ? await get(zhang, url) : await post(zhang, url, payload);
      expect([url, res.statusCode, body(res).msg]).toEqual([url, 403, expect.any(String)]);
      expect(JSON.stringify(body(res))).not.toContain('202611');
    }
    // Still 郑浩's draft.
    expect(body(await get(zheng, `ywsq/detail?ywbh=${mine}`)).data.zt).toBe('00');
  });
});
