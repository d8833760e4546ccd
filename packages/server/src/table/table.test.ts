import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { EXPORT_PAGE } from '../applications/export';
import { csvField, exportStream } from './export';

// Column settings (spec 3.10, 7.4) and the streamed export of 我的业务 (issue 21; docs/api-table.md).
let db: Db;
let app: FastifyInstance;
let zhang: string;
let qian: string;
const clock = new Date('2026-11-26T02:00:00Z');
const ZHANG = '110101199003072316';
const QIAN = '110105199208153027';
const BASE = '/api/putil/v1/column/individuation';
const PATH = '/grwt/wdbj/wdyw';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock });
  zhang = await signIn(app, ZHANG);
  qian = await signIn(app, QIAN);
});
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
type Body = { code: number; msg: string; data: any };
const body = (res: LightMyRequestResponse): Body => res.json<Body>();
const getInfo = (token: string, path = PATH, navName = 'list') =>
  app.inject({ url: `${BASE}/getInfo?path=${encodeURIComponent(path)}&navName=${navName}`, headers: { token } });
const update = (token: string, payload: unknown) => app.inject({ method: 'POST', url: `${BASE}/update`, headers: { token }, payload: payload as object });
const RULE = [
  { prop: 'ywmc', label: '业务名称', isShow: 1, disabled: true },
  { prop: 'zt', label: '状态', isShow: 1 },
  { prop: 'ywbh', label: '业务编号', isShow: 0 },
];

describe('column individuation', () => {
  it('is null until saved, then the columns in their order; reset forgets them', async () => {
    expect(body(await getInfo(zhang)).data).toBeNull();
    const saved = await update(zhang, { path: PATH, navName: 'list', name: '我的业务', rule: RULE });
    expect(saved.statusCode).toBe(200);
    expect(body(saved).msg).toBe('保存成功');
    expect(body(await getInfo(zhang)).data).toEqual({ path: PATH, navName: 'list', name: '我的业务', rule: RULE });
    // Another table of the same page is apart.
    expect(body(await getInfo(zhang, PATH, 'other')).data).toBeNull();
    const reset = await app.inject({ url: `${BASE}/reset?path=${encodeURIComponent(PATH)}&navName=list`, headers: { token: zhang } });
    expect(body(reset)).toMatchObject({ code: 0, msg: '已恢复默认', data: null });
    expect(body(await getInfo(zhang)).data).toBeNull();
  });

  it('another login neither reads nor changes yours', async () => {
    await update(zhang, { path: PATH, navName: 'list', rule: RULE });
    expect(body(await getInfo(qian)).data).toBeNull();
    await update(qian, { path: PATH, navName: 'list', rule: [{ prop: 'zt', isShow: 1 }] });
    await app.inject({ url: `${BASE}/reset?path=${encodeURIComponent(PATH)}&navName=list`, headers: { token: qian } });
    expect(body(await getInfo(zhang)).data.rule).toEqual(RULE);
  });

  it('needs a session', async () => {
    expect((await app.inject({ url: `${BASE}/getInfo?path=/x` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: `${BASE}/update`, payload: { path: '/x', rule: RULE } })).statusCode).toBe(401);
  });

  it.each([
    [{ navName: 'list', rule: RULE }, '缺少页面路径'],
    [{ path: PATH, rule: [] }, '列设置应为 1 至 100 列'],
    [{ path: PATH, rule: Array.from({ length: 101 }, (_, i) => ({ prop: `c${i}`, isShow: 1 })) }, '列设置应为 1 至 100 列'],
    [{ path: PATH, rule: [{ prop: 'a', isShow: 2 }] }, '是否显示只能是 1 或 0'],
    [{ path: PATH, rule: [{ prop: 'a\u0000b', isShow: 1 }] }, '列名不能包含控制字符'],
    [{ path: PATH, rule: [{ prop: 'a', label: 'x'.repeat(101), isShow: 1 }] }, '列标题至多 100 个字符，不含控制字符'],
    [{ path: 'p\n', rule: RULE }, '页面路径只能填写一行'],
    [{ path: PATH, rule: [{ prop: 'a', isShow: 1 }, { prop: 'a', isShow: 0 }] }, '列设置中有重复的列'],
    [{ path: PATH, rule: [{ prop: 'a', isShow: 0 }] }, '请至少显示一列'],
    [{ path: PATH, rule: 'ywmc' }, '列设置'],
  ])('refuses %j with 400 and its message', async (payload, msg) => {
    const res = await update(zhang, payload);
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toContain(msg);
  });
});

describe('ywsq/export', () => {
  const many = EXPORT_PAGE * 2 + 7;
  beforeAll(async () => {
    // More rows than two pages of the keyset read, straight into the table (the calls would take minutes).
    await db.query(
      `insert into application (ywbh, ywlx, zt, user_id, account_id, login, zh, payload, created_at, submitted_at, promised_date, time_limit_days, updated_at)
       select 'GJ03022026112600' || lpad(g::text, 6, '0'), 'GJ0302', case when g % 2 = 0 then '03' else '01' end,
              a.user_id, a.id, a.account, '', '{}'::jsonb, $2, $2, date '2026-12-01', 5, $2
         from (select id, user_id, account from user_account where account = $1 order by id limit 1) a, generate_series(1, $3::int) g`,
      [ZHANG, clock, many],
    );
  });
  const exportOf = (token: string, query: string) => app.inject({ url: `/api/izfgjj-zhfw/v1/ywsq/export?${query}`, headers: { token } });

  it('streams every row of the filter as xlsx: title rows, Chinese headers, newest first', async () => {
    const res = await exportOf(zhang, 'format=xlsx&zt=03');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="_____20261126.xlsx"; filename*=UTF-8''${encodeURIComponent('我的业务_20261126.xlsx')}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    // The title rows are merged across the columns: their text is the first cell's.
    const first = (n: number) => sheet.getRow(n).getCell(1).value;
    expect(sheet.model.merges).toContain('A1:E1');
    expect(first(1)).toBe('我的业务');
    expect(first(2)).toBe('示范市住房公积金管理中心');
    expect(String(first(3))).toMatch(/^账户：/);
    expect(first(4)).toBe('查询条件：状态：已办结　业务编号：全部');
    expect(first(5)).toBe('导出时间：2026-11-26 10:00:00');
    expect(values(6)).toEqual(['业务名称', '业务编号', '状态', '提交时间', '承诺办结日期']);
    const data = sheet.getRows(7, sheet.rowCount - 6)!.map((r) => (r.values as unknown[]).slice(1));
    // Besides the seeded history's withdrawals, completed applications of his account since seed step 50.
    const [seeded] = await db.query<{ n: string }>(
      `select count(*)::text as n from application where account_id = (select id from user_account where account = $1 order by id limit 1) and ywlx like 'TQ%' and zt = '03'`,
      [ZHANG],
    );
    expect(data).toHaveLength(Math.floor(many / 2) + Number(seeded!.n));
    expect(data[0]).toEqual(['个人账户信息变更', `GJ03022026112600${String(many - 1).padStart(6, '0')}`, '已办结', '2026-11-26 10:00:00', '2026-12-01']);
    expect(new Set(data.map((r) => r[1])).size).toBe(data.length);
  });

  it('as CSV: UTF-8 with a BOM, the same rows', async () => {
    const res = await exportOf(zhang, 'format=csv&ywbh=GJ03022026112600000001');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('我的业务');
    expect(lines).toContain('业务名称,业务编号,状态,提交时间,承诺办结日期');
    expect(lines.at(-1)).toBe('个人账户信息变更,GJ03022026112600000001,已提交,2026-11-26 10:00:00,2026-12-01');
  });

  it('holds only the session account’s rows; needs a session; refuses an unknown format', async () => {
    const res = await exportOf(qian, 'format=csv');
    expect(res.rawPayload.toString('utf8')).not.toContain('GJ03022026112600');
    expect((await app.inject({ url: '/api/izfgjj-zhfw/v1/ywsq/export?format=csv' })).statusCode).toBe(401);
    const bad = await exportOf(zhang, 'format=pdf');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).msg).toBe('导出格式只能是 xlsx 或 csv');
  });

  it('money (fen) is a number of yuan formatted #,##0.00 in xlsx, two decimals in CSV', async () => {
    const spec = (format: 'xlsx' | 'csv') => ({
      format,
      title: '缴存明细',
      subtitle: ['账户：201000000301'],
      columns: [
        { header: '日期', value: (r: { d: string; fen: number | null }) => r.d },
        { header: '金额（元）', kind: 'money' as const, value: (r: { d: string; fen: number | null }) => r.fen },
      ],
      pages: (async function* () {
        yield [{ d: '2026-11-01', fen: 123456789 }, { d: '2026-11-02', fen: -5 }];
        yield [{ d: '2026-11-03', fen: null }];
      })(),
    });
    const bytes = async (format: 'xlsx' | 'csv') => {
      const chunks: Buffer[] = [];
      for await (const c of exportStream(spec(format))) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    };
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await bytes('xlsx')) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(3).getCell(2).value).toBe('金额（元）');
    expect(sheet.getRow(4).getCell(2).value).toBe(1234567.89);
    expect(sheet.getRow(4).getCell(2).numFmt).toBe('#,##0.00');
    expect(sheet.getRow(5).getCell(2).value).toBe(-0.05);
    expect(sheet.getRow(6).getCell(2).value).toBeNull();
    const csv = (await bytes('csv')).toString('utf8').slice(1).trim().split('\r\n');
    expect(csv.slice(2)).toEqual(['日期,金额（元）', '2026-11-01,1234567.89', '2026-11-02,-0.05', '2026-11-03,']);
  });

  it('a signed money column shows + and -; summary rows follow the list, bold in xlsx, formatted as their columns', async () => {
    type R = { d: string; fen: number };
    const spec = (format: 'xlsx' | 'csv') => ({
      format,
      title: '个人明细',
      subtitle: [],
      columns: [
        { header: '日期', value: (r: R) => r.d },
        { header: '发生额（元）', kind: 'money' as const, signed: true, value: (r: R) => r.fen },
        { header: '余额（元）', kind: 'money' as const, value: (r: R) => r.fen * 2 },
      ],
      pages: (async function* () {
        yield [{ d: '2026-11-01', fen: 192000 }, { d: '2026-11-02', fen: -5 }];
      })(),
      summary: [['合计（共 2 笔）', 191995, 383990]],
    });
    const bytes = async (format: 'xlsx' | 'csv') => {
      const chunks: Buffer[] = [];
      for await (const c of exportStream(spec(format))) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    };
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await bytes('xlsx')) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(3).getCell(2).numFmt).toBe('+#,##0.00;-#,##0.00;0.00');
    expect(sheet.getRow(3).getCell(3).numFmt).toBe('#,##0.00');
    expect((sheet.getRow(5).values as unknown[]).slice(1)).toEqual(['合计（共 2 笔）', 1919.95, 3839.9]);
    expect(sheet.getRow(5).getCell(2).numFmt).toBe('+#,##0.00;-#,##0.00;0.00');
    expect(sheet.getRow(5).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(5);
    const csv = (await bytes('csv')).toString('utf8').slice(1).trim().split('\r\n');
    expect(csv.slice(1)).toEqual(['日期,发生额（元）,余额（元）', '2026-11-01,+1920.00,3840.00', '2026-11-02,-0.05,-0.10', '合计（共 2 笔）,+1919.95,3839.90']);
  });

  it('CSV fields: quoted when needed, a formula shown, not run', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(null)).toBe('');
  });
});
