import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { body, withdrawalHarness } from '../../test-support/withdrawals';
import { CENTRE_KEY_HEADER } from '../../applications/centre';
import { checkLedger, fenToYuan, yuanToFen } from '../../records';
import { STANDING_FROM_TQ0107, STANDING_SIGN_RULES, STANDING_STOP_RULES } from './standing-rules';
import { tq0107 } from './tq0107';

// Rent by standing order through the hall's calls and the centre's (按月/按季租房提取). The clock stands on Thursday
// 26 November 2026, 10:00 in Shanghai. 张三 (married, household quota) signs and stops; 孙改密 signs and is paid by the
// centre's call; 钱找回 owns a home on the register.
let db: Db;
let app: FastifyInstance;
const KEY = 'test-centre-key-0123456789abcdef';
const clock = new Date('2026-11-26T02:00:00Z');
const ZHANG = { account: '110101199003072316', grzh: '201000000101', name: '张三' };
const SUN = { account: '110105198503014033', grzh: '201000000403', name: '孙改密' };
const QIAN = { account: '110105199208153027', grzh: '201000000402', name: '钱找回' };
const tokens: Record<string, string> = {};
const sent: Array<{ phone: string; text: string }> = [];

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock, centreApiKey: KEY, sms: { send: async () => undefined, notify: async (phone: string, text: string) => void sent.push({ phone, text }) } });
  for (const who of [ZHANG, SUN, QIAN]) tokens[who.account] = await signIn(app, who.account);
}, 120_000);
afterAll(() => app.close());

const { get, post, balance, applicantOf } = withdrawalHarness({ app: () => app, db: () => db, tokens, centreKey: KEY, now: () => clock });
const lease = (who: { name: string }, extra: Record<string, unknown> = {}) => ({
  zlht: 'ZL-2026-088',
  zldz: '示范市历下区文化东路 8 号 2 单元 301 室',
  zlqsrq: '2026-03-01',
  zlzzrq: '2027-02-28',
  wfsm: true,
  pl: 'M',
  dqje: '1500.00',
  skyh: '102',
  skzh: '6222021234567890128',
  skrxm: who.name,
  ...extra,
});
const sign = (who: { account: string; name: string }, extra: Record<string, unknown> = {}) => post(who.account, 'tq/standing/sign', lease(who, extra));
const pay = (date: string, key = KEY) => app.inject({ method: 'POST', url: '/api/centre/v1/standing/pay', headers: { [CENTRE_KEY_HEADER]: key }, payload: { date } });

describe('the rule tables', () => {
  it('signing reuses TQ0107’s rows by name (the same objects) and adds the amount a period; stopping has two rows', () => {
    for (const name of STANDING_FROM_TQ0107) expect(STANDING_SIGN_RULES.find((r) => r.name === name)).toBe(tq0107.rules.find((r) => r.name === name));
    expect(STANDING_SIGN_RULES.map((r) => r.name)).not.toContain('quarter-frequency');
    expect(STANDING_SIGN_RULES.at(-1)!.name).toBe('period-amount-within-quota');
    expect(STANDING_STOP_RULES.map((r) => [r.name, r.status ?? 400])).toEqual([
      ['agreement-is-yours', 403],
      ['agreement-active', 400],
    ]);
  });
});

describe('signing', () => {
  it('refuses what TQ0107 refuses, in its words: a home on the register, no declaration, a lease not current, a card', async () => {
    expect(body(await sign(QIAN)).msg).toBe('房产登记显示您或配偶在本市有自有住房，不能办理租房提取');
    expect(body(await sign(ZHANG, { wfsm: false })).msg).toBe('请确认本人及配偶在本市无自有住房');
    expect(body(await sign(ZHANG, { zlzzrq: '2026-11-25' })).msg).toBe('租赁合同不在租赁期内，请核对租赁起止日期');
    expect(body(await sign(ZHANG, { skzh: '6222021234567890127' })).msg).toBe('银行卡号校验不通过，请核对卡号');
    expect(body(await sign(ZHANG, { skrxm: '李四' })).msg).toBe('持卡人姓名须与申请人姓名一致，请使用本人的银行卡');
    const bad = await sign(ZHANG, { pl: 'W', dqje: '12.345' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).msg).toMatch(/请选择按月或按季提取|每期提取金额应为金额/);
  });

  it('the amount a period: 0 refused, one fen over the year’s quota left refused, exactly the quota left signs', async () => {
    const left = (await tq0107.limitFor(db, await applicantOf(ZHANG.account), {}, clock)).maxFen;
    expect(left).toBeGreaterThan(0n);
    expect(body(await sign(ZHANG, { dqje: '0' })).msg).toBe('每期提取金额须大于 0');
    expect(body(await sign(ZHANG, { dqje: fenToYuan(left + 1n) })).msg).toBe(`每期提取金额不能超过本年度剩余的租房提取额度 ${fenToYuan(left)} 元`);
    const res = await sign(ZHANG, { dqje: fenToYuan(left) });
    expect(res.statusCode).toBe(200);
    expect(body(res).data.agreement).toMatchObject({ zlht: 'ZL-2026-088', pl: 'M', plmc: '按月', dqje: fenToYuan(left), skzh: expect.stringMatching(/^6222.*0128$/), zt: 'active', ztmc: '生效中' });
    const read = body(await get(ZHANG.account, 'tq/standing')).data;
    expect(read.agreement.id).toBe(body(res).data.agreement.id);
    expect(yuanToFen(read.syed)).toBe(left);
    expect(body(await sign(ZHANG)).msg).toBe('您已有一份生效的按月/按季租房提取协议，请先终止后再签订');
  });
});

describe('stopping', () => {
  it('another login’s agreement answers 403 and says nothing; the owner stops it; twice says it is stopped', async () => {
    const id = body(await get(ZHANG.account, 'tq/standing')).data.agreement.id as string;
    const other = await post(SUN.account, 'tq/standing/stop', { id });
    expect(other.statusCode).toBe(403);
    expect(JSON.stringify(body(other))).not.toContain('ZL-2026-088');
    expect((await post(SUN.account, 'tq/standing/stop', { id: '999999999' })).statusCode).toBe(403);
    expect(body(await post(SUN.account, 'tq/standing/stop', { id: 'x' })).msg).toBe('协议编号不正确');
    const stopped = body(await post(ZHANG.account, 'tq/standing/stop', { id }));
    expect(stopped.data.agreement).toMatchObject({ id, zt: 'stopped', ztmc: '已终止', zzyy: '本人终止' });
    expect(body(await post(ZHANG.account, 'tq/standing/stop', { id })).msg).toBe('该协议已终止，无需再次终止');
  });
});

describe('the centre’s call pays a period', () => {
  it('pays once per period with an SMS and a journal line; a wrong key is 401; the payments read one page', async () => {
    expect((await sign(SUN, { dqje: '1200.00' })).statusCode).toBe(200);
    expect((await pay('2026-12-10', 'wrong-key-0123456789abcdef')).statusCode).toBe(401);
    const before = await balance(SUN.grzh);
    const first = body(await pay('2026-12-10')).data;
    expect(first).toMatchObject({ date: '2026-12-10', paid: 1, amount: '1200.00', notices: 1 });
    expect(sent.at(-1)!.text).toContain('按月/按季租房提取 1200.00 元已于 2026-12-10 转入尾号 0128 的银行卡');
    expect(await balance(SUN.grzh)).toBe(before - 120_000n);
    expect(body(await pay('2026-12-20')).data).toMatchObject({ paid: 0, notices: 0 });
    const page = body(await get(SUN.account, 'tq/standing/payments?pageNum=1&pageSize=10')).data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ qj: '2026-12', je: '1200.00', zfrq: '2026-12-10' });
    expect(body(await get(ZHANG.account, 'tq/standing/payments')).data.total).toBe(0);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
