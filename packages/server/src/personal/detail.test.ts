import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { grantSecondCheck } from '../test-support/two-check';
import { checkLedger, yuanToFen } from '../records';
import { defaultPeriod, DETAIL_MESSAGES } from './detail';

// 个人明细查询 (issue 24; docs/api-personal.md) on the seeded history: 张三 holds 201000000101 (since 2015-11) and
// 201000000188 (flexible, since 2024-01); 钱找回 holds 201000000402.
let db: Db;
let app: FastifyInstance;
let zhang: string;
let qian: string;
let unit: string;
const clock = new Date('2026-11-26T02:00:00Z');
const ZHANG = '110101199003072316';
const QIAN = '110105199208153027';
const MAIN = '201000000101';
const FLEX = '201000000188';
const QIANS = '201000000402';
const BASE = '/api/izfgjj-zhfw/v1/grmx';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock });
  zhang = await signIn(app, ZHANG);
  qian = await signIn(app, QIAN);
  unit = await signIn(app, '100200300001', 2);
  // The page is enable 10: its calls need the second check's grant (issue 31; routes/two-check-calls.test.ts).
  await grantSecondCheck(app, db, zhang, ZHANG, '/grwt/zhxx/zhcx/grmxcx');
  await grantSecondCheck(app, db, qian, QIAN, '/grwt/zhxx/zhcx/grmxcx');
}, 120_000);
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
type Body = { code: number; msg: string; data: any };
interface Row {
  id: string;
  jzrq: string;
  ywlx: string;
  ywlxmc: string;
  srje: string;
  zcje: string;
  ye: string;
  zy: string;
  ywbh: string;
}
const body = (res: LightMyRequestResponse): Body => res.json<Body>();
const qs = (o: Record<string, string | number | undefined>) =>
  Object.entries(o)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
const list = (token: string, o: Record<string, string | number | undefined>) => app.inject({ url: `${BASE}/list?${qs(o)}`, headers: { token } });
const exportCall = (token: string, o: Record<string, string | number | undefined>) => app.inject({ url: `${BASE}/export?${qs(o)}`, headers: { token } });

/** Every row of a range, page by page through the cursor the server gives. */
async function walk(token: string, grzh: string, startTime: string, endTime: string, pageSize = 10) {
  const rows: Row[] = [];
  let after: string | undefined;
  let summary: Record<string, string | number> | null = null;
  let pages = 0;
  for (;;) {
    const res = await list(token, { grzh, startTime, endTime, pageSize, after });
    expect(res.statusCode).toBe(200);
    const { data } = body(res);
    if (pages === 0) summary = data.summary;
    else expect(data.summary).toBeNull();
    pages += 1;
    rows.push(...(data.list as Row[]));
    if (!data.next) break;
    expect(data.list).toHaveLength(pageSize);
    after = data.next;
  }
  return { rows, summary: summary!, pages };
}
const fen = (yuan: string) => (yuan ? yuanToFen(yuan) : 0n);

describe('the accounts of the login', () => {
  it('张三 sees both of his accounts, 钱找回 only hers; a unit login is refused', async () => {
    const mine = body(await app.inject({ url: `${BASE}/accounts`, headers: { token: zhang } })).data.list;
    expect(mine.map((a: { grzh: string }) => a.grzh)).toEqual([MAIN, FLEX]);
    expect(mine[0]).toMatchObject({ xingming: '张三', zhlx: '单位缴存', dwmc: '示例科技有限公司', current: true });
    expect(mine[1]).toMatchObject({ zhlx: '灵活就业缴存', current: false });
    // The default period: default_time (3m seeded) back from today in Shanghai (10:00 on 26 November).
    expect(body(await app.inject({ url: `${BASE}/accounts`, headers: { token: zhang } })).data.period).toEqual({ startTime: '2026-08-26', endTime: '2026-11-26', defaultTime: '3m' });
    const hers = body(await app.inject({ url: `${BASE}/accounts`, headers: { token: qian } })).data.list;
    expect(hers.map((a: { grzh: string }) => a.grzh)).toEqual([QIANS]);
    expect((await app.inject({ url: `${BASE}/accounts`, headers: { token: unit } })).statusCode).toBe(403);
    expect((await app.inject({ url: `${BASE}/accounts` })).statusCode).toBe(401);
  });
});

describe('the default period', () => {
  it('is default_time back from the centre\'s today: late in the evening UTC it is already tomorrow in Shanghai', async () => {
    expect(await defaultPeriod(db, new Date('2026-11-26T17:00:00Z'))).toEqual({ startTime: '2026-08-27', endTime: '2026-11-27', defaultTime: '3m' });
    await db.query("update sys_config set value = '1y' where key = 'default_time'");
    try {
      expect(await defaultPeriod(db, clock)).toMatchObject({ startTime: '2025-11-26', endTime: '2026-11-26' });
      await db.query("update sys_config set value = 'soon' where key = 'default_time'");
      // Unreadable: three months.
      expect(await defaultPeriod(db, clock)).toMatchObject({ startTime: '2026-08-26', endTime: '2026-11-26' });
    } finally {
      await db.query("update sys_config set value = '3m' where key = 'default_time'");
    }
  });
});

describe('the journal, by keyset', () => {
  it('walks ten years page by page: newest first, no row twice or missed, each row its kind in words', async () => {
    const { rows, summary, pages } = await walk(zhang, MAIN, '2015-01-01', '2026-11-26', 30);
    const [{ n }] = (await db.query<{ n: number }>('select count(*)::int as n from journal_entry where account_no = $1', [MAIN])) as [{ n: number }];
    expect(rows).toHaveLength(n);
    expect(n).toBeGreaterThan(120);
    expect(pages).toBe(Math.ceil(n / 30));
    expect(new Set(rows.map((r) => r.id)).size).toBe(n);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(a.jzrq > b.jzrq || (a.jzrq === b.jzrq && BigInt(a.id) > BigInt(b.id))).toBe(true);
    }
    expect(summary.count).toBe(n);
    // Kinds in words, signed: a remittance is money in, a withdrawal money out.
    const remittance = rows.find((r) => r.ywlx === '01')!;
    expect(remittance).toMatchObject({ ywlxmc: '汇缴', zcje: '' });
    expect(remittance.srje).toMatch(/^\d+\.\d{2}$/);
    expect(remittance.zy).toMatch(/^汇缴（20\d{2}年\d{2}月）$/);
    expect(rows.find((r) => r.ywlx === '09')).toMatchObject({ ywlxmc: '年度结息', zcje: '' });
    const newest = rows[0]!;
    expect(newest).toMatchObject({ jzrq: '2026-10-20', ywlx: '11', ywlxmc: '部分提取', srje: '', ye: '86542.35', zy: '部分提取（购买自住住房）' });
    expect(newest.zcje).toMatch(/^-\d+\.\d{2}$/);
  });

  it('a range gives only its rows; the summary is the sum of the rows, and opening + in + out = closing', async () => {
    const { rows, summary } = await walk(zhang, MAIN, '2025-07-01', '2026-06-30', 10);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((r) => r.jzrq >= '2025-07-01' && r.jzrq <= '2026-06-30')).toBe(true);
    const income = rows.reduce((s, r) => s + fen(r.srje), 0n);
    const outgo = rows.reduce((s, r) => s + fen(r.zcje), 0n);
    expect(summary.count).toBe(rows.length);
    expect(fen(String(summary.income))).toBe(income);
    expect(fen(String(summary.outgo))).toBe(outgo);
    expect(fen(String(summary.opening)) + income + outgo).toBe(fen(String(summary.closing)));
    // The closing balance is the newest row's; the opening the balance of the last row before the range.
    expect(summary.closing).toBe(rows[0]!.ye);
    const [before] = await db.query<{ b: string }>(
      "select balance_after_fen::text as b from journal_entry where account_no = $1 and value_date < '2025-07-01' order by value_date desc, id desc limit 1",
      [MAIN],
    );
    expect(fen(String(summary.opening))).toBe(BigInt(before!.b));
    // Each row's balance is the one before it plus its amount (oldest first).
    let balance = fen(String(summary.opening));
    for (const r of [...rows].reverse()) {
      balance += fen(r.srje) + fen(r.zcje);
      expect(fen(r.ye)).toBe(balance);
    }
  });

  it('up to today the closing balance is the account\'s balance, which equals its journal', async () => {
    for (const grzh of [MAIN, FLEX]) {
      const { summary } = body(await list(zhang, { grzh, startTime: '2026-08-26', endTime: '2026-11-26' })).data;
      const [account] = await db.query<{ b: string }>('select balance_fen::text as b from personal_account where grzh = $1', [grzh]);
      expect(fen(summary.closing)).toBe(BigInt(account!.b));
    }
    expect((await checkLedger(db, [MAIN, FLEX])).ok).toBe(true);
  });

  it('a range with nothing in it: no rows, count 0, opening = closing = the balance then', async () => {
    const { data } = body(await list(zhang, { grzh: MAIN, startTime: '2026-11-01', endTime: '2026-11-26' }));
    expect(data.list).toEqual([]);
    expect(data.next).toBeNull();
    expect(data.summary).toEqual({ count: 0, income: '0.00', outgo: '0.00', opening: '86542.35', closing: '86542.35' });
    // Before the account existed, every balance is 0.
    const early = body(await list(zhang, { grzh: FLEX, startTime: '2015-01-01', endTime: '2015-12-31' })).data;
    expect(early.summary).toEqual({ count: 0, income: '0.00', outgo: '0.00', opening: '0.00', closing: '0.00' });
  });
});

describe('bad input: a Chinese 400, never a 500', () => {
  const cases: Array<[string, Record<string, string | number>, string]> = [
    ['an impossible date', { startTime: '2026-02-30', endTime: '2026-03-01' }, '开始日期不是有效的日期，请按“年-月-日”选择'],
    ['an impossible end', { startTime: '2026-02-01', endTime: '2026-13-01' }, '结束日期不是有效的日期，请按“年-月-日”选择'],
    ['start after end', { startTime: '2026-05-01', endTime: '2026-04-30' }, DETAIL_MESSAGES.order],
    ['a date in another shape', { startTime: '2026/05/01', endTime: '2026-05-30' }, '开始日期格式应为“年-月-日”，如 2026-01-31'],
    ['no end', { startTime: '2026-05-01' }, '请选择结束日期'],
    ['a made-up cursor', { startTime: '2026-01-01', endTime: '2026-05-30', after: "2026-05-01_1' or 1=1" }, DETAIL_MESSAGES.badCursor],
    ['a cursor of no real day', { startTime: '2026-01-01', endTime: '2026-05-30', after: '2026-02-31_5' }, DETAIL_MESSAGES.badCursor],
    ['a page size not offered', { startTime: '2026-01-01', endTime: '2026-05-30', pageSize: 500 }, '每页条数只能是 10、20、30 或 50'],
  ];
  it.each(cases)('%s', async (_name, params, msg) => {
    for (const res of [await list(zhang, { grzh: MAIN, ...params }), ...('after' in params || 'pageSize' in params ? [] : [await exportCall(zhang, { grzh: MAIN, format: 'csv', ...params })])]) {
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe(msg);
    }
  });
  it('an account number of another shape, and a format not offered', async () => {
    const res = await list(zhang, { grzh: 'abc', startTime: '2026-01-01', endTime: '2026-05-30' });
    expect([res.statusCode, body(res).msg]).toEqual([400, '个人账号应为 6 至 20 位数字']);
    const bad = await exportCall(zhang, { grzh: MAIN, startTime: '2026-01-01', endTime: '2026-05-30', format: 'pdf' });
    expect([bad.statusCode, body(bad).msg]).toEqual([400, '导出格式只能是 xlsx 或 csv']);
  });
});

describe('another login\'s account answers 403 and reveals nothing', () => {
  const range = { startTime: '2015-01-01', endTime: '2026-11-26' };
  it('list: 钱找回 asking for 张三\'s account, or a number never issued, gets the same 403', async () => {
    const answers = [await list(qian, { grzh: MAIN, ...range }), await list(qian, { grzh: '209999999999', ...range }), await list(zhang, { grzh: QIANS, ...range })];
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(body(res)).toEqual({ code: 403, msg: DETAIL_MESSAGES.notYours, data: null });
    }
    // A page further on (with a cursor) is refused alike.
    const res = await list(qian, { grzh: MAIN, ...range, after: '2026-10-20_99999' });
    expect([res.statusCode, body(res).msg]).toEqual([403, DETAIL_MESSAGES.notYours]);
  });
  it('export: xlsx and CSV alike, with no file', async () => {
    for (const format of ['xlsx', 'csv']) {
      for (const res of [await exportCall(qian, { grzh: MAIN, ...range, format }), await exportCall(qian, { grzh: '209999999999', ...range, format })]) {
        expect(res.statusCode).toBe(403);
        expect(res.headers['content-disposition']).toBeUndefined();
        expect(body(res).msg).toBe(DETAIL_MESSAGES.notYours);
      }
    }
  });
  it('a unit login has no personal detail', async () => {
    expect((await list(unit, { grzh: MAIN, ...range })).statusCode).toBe(403);
    expect((await exportCall(unit, { grzh: MAIN, ...range, format: 'xlsx' })).statusCode).toBe(403);
  });
});

describe('export: the same rows and summary as the list', () => {
  const range = { grzh: MAIN, startTime: '2024-07-01', endTime: '2026-11-26' };

  it('xlsx: title rows, the headers, every row signed as the page shows it, then 期初余额 and 本期合计', async () => {
    const { rows, summary } = await walk(zhang, MAIN, range.startTime, range.endTime, 50);
    const res = await exportCall(zhang, { ...range, format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('个人明细')}_${MAIN}_20261126.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('个人明细')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)[0]).toBe('个人明细');
    expect(values(3)[0]).toBe(`账户：张三（${MAIN}，单位缴存）`);
    expect(values(4)[0]).toBe(`查询期间：${range.startTime} 至 ${range.endTime}`);
    expect(values(6)).toEqual(['记账日期', '业务类型', '摘要', '收入（元）', '支出（元）', '余额（元）', '业务流水号']);
    const num = (yuan: string) => (yuan ? Number(yuan) : undefined);
    rows.forEach((r, i) => {
      const v = values(7 + i);
      expect([v[0], v[1], v[2], v[3], v[4], v[5], v[6]]).toEqual([r.jzrq, r.ywlxmc, r.zy, num(r.srje), num(r.zcje), Number(r.ye), r.ywbh]);
    });
    expect(sheet.getRow(7).getCell(5).numFmt ?? sheet.getRow(8).getCell(5).numFmt).toBe('+#,##0.00;-#,##0.00;0.00');
    const opening = values(7 + rows.length);
    const total = values(8 + rows.length);
    expect([opening[0], opening[5]]).toEqual(['期初余额', Number(summary.opening)]);
    expect([total[0], total[3], total[4], total[5]]).toEqual([`本期合计（共 ${summary.count} 笔）`, Number(summary.income), Number(summary.outgo), Number(summary.closing)]);
    expect(sheet.rowCount).toBe(8 + rows.length);
  });

  it('CSV: with a BOM, signed amounts (+ in, - out), the same rows and summary', async () => {
    const { rows, summary } = await walk(zhang, MAIN, range.startTime, range.endTime, 50);
    const res = await exportCall(zhang, { ...range, format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\uFEFF个人明细\r\n')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    const header = lines.indexOf('记账日期,业务类型,摘要,收入（元）,支出（元）,余额（元）,业务流水号');
    expect(header).toBe(5);
    const data = lines.slice(header + 1);
    expect(data).toHaveLength(rows.length + 2);
    rows.forEach((r, i) => expect(data[i]).toBe([r.jzrq, r.ywlxmc, r.zy, r.srje ? `+${r.srje}` : '', r.zcje, r.ye, r.ywbh].join(',')));
    expect(data[rows.length]).toBe(`期初余额,,,,,${summary.opening},`);
    expect(data[rows.length + 1]).toBe(`本期合计（共 ${summary.count} 笔）,,,+${summary.income},${summary.outgo},${summary.closing},`);
  });
});
