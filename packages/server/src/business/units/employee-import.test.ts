import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isIdCard } from '@gjj-hall/sdk/validate';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { PARAMETER_DEFAULTS, setParameter } from '../../params/centre';
import { IMPORT_COLUMNS, IMPORT_MAX_FILE_BYTES, IMPORT_MESSAGES, measureZip, XLSX_TYPE } from './employee-file';
import { checkRows, GJ0301_ROW_RULES, type Gj0301Row } from './employees';

// 职工批量导入 (GJ0301 by file): the template, the check, both modes, the row reasons, bad files. The clock stands on
// Monday 7 December 2026; the demo unit 示例科技有限公司 (100200300001) and another unit with a login of its own.
let db: Db;
let app: FastifyInstance;
const clock = new Date('2026-12-07T02:00:00Z');
const ZHFW = '/api/izfgjj-zhfw/v1';
const UNIT = '100200300001';
const OTHER_UNIT = '100200300103';
const ZHANG = '110101199003072316'; // has an open account

let unit: string;
let other: string;
let person: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock });
  unit = await signIn(app, UNIT, 2);
  other = await signIn(app, OTHER_UNIT, 2);
  person = await signIn(app, ZHANG);
  await db.query(
    `insert into unit_statement_confirm (account_id, year, confirmed_at) select a.id, 2026, now() from user_account a join app_user u on u.id = a.user_id where u.account = any($1::text[]) on conflict do nothing`,
    [[UNIT, OTHER_UNIT]],
  );
});
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
type Body = { code: number; msg: string; data: any };
const body = (res: LightMyRequestResponse): Body => res.json<Body>();

/** A valid ID number: region 110105, born `birth` (YYYYMMDD), sequence `seq`, with its check digit. */
function idNumber(birth: string, seq: number): string {
  const head = `110105${birth}${String(seq).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...head].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return head + '10X98765432'[sum % 11]!;
}

/** An xlsx file of `rows` under `headers` (the template's by default), written with exceljs. */
async function xlsx(rows: ReadonlyArray<ReadonlyArray<string | number>>, headers: readonly string[] = IMPORT_COLUMNS.map((c) => c.header)): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('职工名单');
  sheet.addRow([...headers]);
  for (const r of rows) sheet.addRow([...r]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const check = (token: string, file: Buffer, type = XLSX_TYPE) =>
  app.inject({ method: 'POST', url: `${ZHFW}/dwyw/zgdr/check`, headers: { token, 'content-type': type }, payload: file });
const submit = (token: string, payload: Record<string, unknown>, ywbh?: string) =>
  app.inject({ method: 'POST', url: `${ZHFW}/ywsq/submit`, headers: { token }, payload: { ywlx: 'GJ0301', payload, ...(ywbh ? { ywbh } : {}) } });
const openCount = async (ids: readonly string[]) =>
  Number((await db.query<{ n: string }>(`select count(*)::text as n from personal_account where zjhm = any($1::text[])`, [ids]))[0]!.n);

/** Ten employees, row 6 (the fifth) with a base below the bound. */
function tenRows(birth: string): Array<[string, string, string, string]> {
  return Array.from({ length: 10 }, (_, i) => [idNumber(birth, 100 + i), `导入职工${'甲乙丙丁戊己庚辛壬癸'[i]}`, `1391234${String(5000 + i)}`, i === 4 ? '2199.99' : '6000.00']);
}

describe('the template', () => {
  it('is an xlsx download with the Chinese headers and one example row that passes the row table', async () => {
    const res = await app.inject({ url: `${ZHFW}/dwyw/zgdr/template`, headers: { token: unit } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; .*filename\*=UTF-8''/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(IMPORT_COLUMNS.map((c) => c.header));
    const example = (sheet.getRow(2).values as string[]).slice(1);
    expect(example).toHaveLength(4);
    expect(isIdCard(example[0]!)).toBe(true);
  });

  it('is the unit’s: a person’s login gets 403', async () => {
    expect((await app.inject({ url: `${ZHFW}/dwyw/zgdr/template`, headers: { token: person } })).statusCode).toBe(403);
  });
});

describe('a ten-row file with one bad row', () => {
  it('check: answers every row, row 6 refused with its reason, nothing opened', async () => {
    const rows = tenRows('19850615');
    const res = await check(unit, await xlsx(rows));
    expect(res.statusCode).toBe(200);
    const data = body(res).data;
    expect([data.total, data.good, data.bad, data.maxRows]).toEqual([10, 9, 1, PARAMETER_DEFAULTS.importMaxRows]);
    expect(data.rows.filter((r: { ok: boolean }) => !r.ok)).toEqual([
      { row: 6, zjhm: rows[4]![0], xingming: rows[4]![1], sjhm: rows[4]![2], jcjs: '2199.99', ok: false, reason: '月缴存基数须在 2200 至 33000 元之间' },
    ]);
    expect(await openCount(rows.map((r) => r[0]))).toBe(0);
  });

  it('takes the file as the part `file` of a multipart form too (the hall’s upload)', async () => {
    const file = await xlsx(tenRows('19850619'));
    const boundary = '----gjjImport';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="employees.xlsx"\r\nContent-Type: ${XLSX_TYPE}\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await check(unit, payload, `multipart/form-data; boundary=${boundary}`);
    expect(res.statusCode).toBe(200);
    expect([body(res).data.total, body(res).data.bad]).toEqual([10, 1]);
  });

  it('mode all: refused whole, naming the row; nothing opened', async () => {
    const rows = tenRows('19850616');
    const checked = body(await check(unit, await xlsx(rows))).data.rows.map(({ row, zjhm, xingming, sjhm, jcjs }: Record<string, unknown>) => ({ row, zjhm, xingming, sjhm, jcjs }));
    const res = await submit(unit, { rows: checked, mode: 'all' });
    expect([res.statusCode, body(res).msg]).toEqual([400, '第 6 行：月缴存基数须在 2200 至 33000 元之间']);
    expect(await openCount(rows.map((r) => r[0]))).toBe(0);
  });

  it('mode good-only: the nine good rows opened in one application, at the unit’s ratios; the bad one not', async () => {
    const rows = tenRows('19850617');
    const checked = body(await check(unit, await xlsx(rows))).data.rows.map(({ row, zjhm, xingming, sjhm, jcjs }: Record<string, unknown>) => ({ row, zjhm, xingming, sjhm, jcjs }));
    const res = await submit(unit, { rows: checked, mode: 'good-only' });
    expect(res.statusCode).toBe(200);
    expect(body(res).data.zt).toBe('03');
    const opened = await db.query<{ zjhm: string; grzh: string; dwzh: string; grzhzt: string; yjce_fen: string }>(
      `select zjhm, grzh, dwzh, grzhzt, yjce_fen::text as yjce_fen from personal_account where zjhm = any($1::text[]) order by grzh`,
      [rows.map((r) => r[0])],
    );
    expect(opened).toHaveLength(9);
    expect(opened.map((o) => o.zjhm)).not.toContain(rows[4]![0]);
    for (const o of opened) expect(o).toMatchObject({ dwzh: UNIT, grzhzt: '01', yjce_fen: '144000' });
    expect(new Set(opened.map((o) => o.grzh)).size).toBe(9);
    // Imported again: every row now has an open account, so nothing is left to open.
    const again = await submit(unit, { rows: checked, mode: 'good-only' });
    expect([again.statusCode, body(again).msg]).toEqual([400, '名单中没有符合条件的职工，请修改后重新导入']);
    const recheck = body(await check(unit, await xlsx(rows))).data;
    expect(recheck.good).toBe(0);
    expect(recheck.rows[0].reason).toBe('该职工在本中心已有未销户的个人账户，请由原单位封存后办理同城转移');
  });

  it('mode all with every row good: all ten opened in one transaction', async () => {
    const rows = tenRows('19850618').map((r) => [r[0], r[1], r[2], '6000'] as [string, string, string, string]);
    const checked = body(await check(unit, await xlsx(rows))).data.rows.map(({ row, zjhm, xingming, sjhm, jcjs }: Record<string, unknown>) => ({ row, zjhm, xingming, sjhm, jcjs }));
    expect(body(await submit(unit, { rows: checked, mode: 'all' })).data.zt).toBe('03');
    expect(await openCount(rows.map((r) => r[0]))).toBe(10);
  });
});

describe('the row reasons (one row table for the form and the file)', () => {
  it('names each refused row with its number and the first rule it breaks', async () => {
    const good = (seq: number) => [idNumber('19860101', seq), '王五', '13912345678', '6000'];
    const rows = [
      good(1),
      [idNumber('19860101', 2).slice(0, 17) + (idNumber('19860101', 2).endsWith('0') ? '1' : '0'), '王五', '13912345678', '6000'], // check digit
      [idNumber('19860101', 3), '王', '13912345678', '6000'], // name too short
      [idNumber('19860101', 4), '王五', '1391234567', '6000'], // phone
      [idNumber('19860101', 5), '王五', '13912345678', '6000.001'], // base format
      [idNumber('19860101', 6), '王五', '13912345678', '33000.01'], // above the bound
      [ZHANG, '张三', '13912345678', '6000'], // open account
      good(7),
      good(7), // the same person twice
    ];
    const data = body(await check(unit, await xlsx(rows))).data;
    expect(data.rows.map((r: { row: number; reason: string }) => [r.row, r.reason])).toEqual([
      [2, ''],
      [3, '职工的身份证号码不正确，请核对'],
      [4, '姓名应为 2 至 30 个汉字或字母'],
      [5, '手机号码应为 11 位'],
      [6, '月缴存基数应为金额，至多两位小数'],
      [7, '月缴存基数须在 2200 至 33000 元之间'],
      [8, '该职工在本中心已有未销户的个人账户，请由原单位封存后办理同城转移'],
      [9, '该身份证号码在名单中出现了多次'],
      [10, '该身份证号码在名单中出现了多次'],
    ]);
  });

  it('reads numbers typed as numbers (phone, base) and skips blank rows, keeping the sheet’s row numbers', async () => {
    const data = body(await check(unit, await xlsx([[idNumber('19860202', 1), '赵六', 13912345678, 6000], ['', '', '', ''], [idNumber('19860202', 2), '赵七', 13912345679, 2200.5]]))).data;
    expect(data.rows.map((r: { row: number; sjhm: string; jcjs: string; ok: boolean }) => [r.row, r.sjhm, r.jcjs, r.ok])).toEqual([
      [2, '13912345678', '6000', true],
      [4, '13912345679', '2200.5', true],
    ]);
  });

  it('3,000 Chinese names read intact (no character split where the file’s parts are decoded)', async () => {
    const names = Array.from({ length: 3_000 }, (_, i) => `职工${'甲乙丙丁戊己庚辛壬癸'[i % 10]}${'子丑寅卯辰巳午未申酉戌亥'[Math.floor(i / 10) % 12]}${'金木水火土'[Math.floor(i / 120) % 5]}`);
    const rows = names.map((name, i) => [idNumber('19750101', 0), name, '13912345678', String(3000 + i)]);
    const data = body(await check(unit, await xlsx(rows))).data;
    expect(data.rows.map((r: { xingming: string }) => r.xingming)).toEqual(names);
  });

  it('base at the bounds: a property over fen amounts, and the edges 2199.99, 2200, 33000, 33000.01', async () => {
    const row = (jcjs: string, i = 0): Gj0301Row => ({ zjhm: idNumber('19870303', i + 1), xingming: '孙八', sjhm: '13912345678', jcjs });
    const edges = await checkRows(db, ['2199.99', '2200', '2200.00', '33000', '33000.00', '33000.01'].map((jcjs, i) => row(jcjs, i)));
    expect(edges.map((e) => e.ok)).toEqual([false, true, true, true, true, false]);
    const rule = GJ0301_ROW_RULES.find((r) => r.name === 'base-within-bounds')!;
    const facts = { params: PARAMETER_DEFAULTS, unit: { baseMinYuan: 2200, baseMaxYuan: 33000, baseOutOfBounds: 'refuse' as const, ratioMin: 5, ratioMax: 12, roundingFen: 100, adjustMaxRows: 5000 }, open: new Set<string>(), counts: new Map() };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (fen) => {
        const yuan = `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
        return rule.holds(row(yuan), facts) === (fen >= 220_000 && fen <= 3_300_000);
      }),
    );
  });

  it('ID numbers: a valid one passes, any other check digit is refused (property)', () => {
    const rule = GJ0301_ROW_RULES.find((r) => r.name === 'id-number')!;
    const facts = { params: PARAMETER_DEFAULTS, unit: {} as never, open: new Set<string>(), counts: new Map() };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.constantFrom(...'0123456789X'), (seq, digit) => {
        const id = idNumber('19900101', seq);
        const other = id.slice(0, 17) + digit;
        return rule.holds({ zjhm: id, xingming: '', sjhm: '', jcjs: '' }, facts) && rule.holds({ zjhm: other, xingming: '', sjhm: '', jcjs: '' }, facts) === (other === id);
      }),
    );
  });
});

describe('whose it is', () => {
  it('another unit’s application number answers 403 and changes nothing', async () => {
    const rows = [{ row: 2, zjhm: idNumber('19880404', 1), xingming: '周九', sjhm: '13912345678', jcjs: '6000' }];
    const draft = body(
      await app.inject({ method: 'POST', url: `${ZHFW}/ywsq/saveDraft`, headers: { token: other }, payload: { ywlx: 'GJ0301', payload: { rows, mode: 'all' } } }),
    ).data;
    expect(draft.ywbh).toMatch(/^GJ0301/);
    const res = await submit(unit, { rows, mode: 'all' }, draft.ywbh);
    expect(res.statusCode).toBe(403);
    expect(body(res).msg).toBe('当前操作没有权限，请联系管理员授权');
    expect(await openCount([rows[0]!.zjhm])).toBe(0);
  });

  it('a person’s login may not check a file (403)', async () => {
    expect((await check(person, await xlsx([]))).statusCode).toBe(403);
  });
});

describe('bad files get a Chinese 400 (never a 500)', () => {
  it('not an xlsx, a JSON body, other headers, no rows', async () => {
    const notXlsx = await check(unit, Buffer.from('%PDF-1.4\n'.repeat(10)));
    expect([notXlsx.statusCode, body(notXlsx).msg]).toEqual([400, IMPORT_MESSAGES.notXlsx]);
    const json = await app.inject({ method: 'POST', url: `${ZHFW}/dwyw/zgdr/check`, headers: { token: unit, 'content-type': 'application/json' }, payload: '{}' });
    expect([json.statusCode, body(json).msg]).toEqual([400, IMPORT_MESSAGES.notXlsx]);
    const headers = await check(unit, await xlsx([[idNumber('19890505', 1), '吴十', '13912345678', '6000']], ['身份证', '姓名', '手机', '基数']));
    expect([headers.statusCode, body(headers).msg]).toEqual([400, IMPORT_MESSAGES.headers]);
    const empty = await check(unit, await xlsx([]));
    expect([empty.statusCode, body(empty).msg]).toEqual([400, IMPORT_MESSAGES.empty]);
    const broken = (await xlsx([[idNumber('19890505', 2), '吴十', '13912345678', '6000']])).subarray(0, 400);
    expect([(await check(unit, broken)).statusCode, body(await check(unit, broken)).msg]).toEqual([400, IMPORT_MESSAGES.notXlsx]);
  });

  it('more rows than importMaxRows (set to 3): refused naming the bound; the bulk form too', async () => {
    await setParameter(db, 'importMaxRows', 3);
    try {
      const rows = [1, 2, 3, 4].map((n) => [idNumber('19890606', n), '郑一', '13912345678', '6000']);
      const res = await check(unit, await xlsx(rows));
      expect([res.statusCode, body(res).msg]).toEqual([400, '一次至多导入 3 名职工，请分批导入']);
      const bulk = rows.map(([zjhm, xingming, sjhm, jcjs], i) => ({ row: i + 2, zjhm, xingming, sjhm, jcjs }));
      expect(body(await submit(unit, { rows: bulk, mode: 'all' })).msg).toBe('一次至多导入 3 名职工，请分批导入');
    } finally {
      await setParameter(db, 'importMaxRows', PARAMETER_DEFAULTS.importMaxRows);
    }
  });

  it('a zip bomb stops at the inflate ceiling (400), and a body over the size limit is 413', async () => {
    const bomb = zipOf('xl/worksheets/sheet1.xml', deflateRawSync(Buffer.alloc(64 * 1024 * 1024, 0x20)), 64 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(IMPORT_MAX_FILE_BYTES);
    expect(() => measureZip(bomb)).toThrow(IMPORT_MESSAGES.tooBig);
    const res = await check(unit, bomb);
    expect([res.statusCode, body(res).msg]).toEqual([400, IMPORT_MESSAGES.tooBig]);
    const big = await check(unit, Buffer.alloc(IMPORT_MAX_FILE_BYTES + 1, 1));
    expect([big.statusCode, body(big).msg]).toEqual([413, IMPORT_MESSAGES.tooLarge]);
  });

  it('a bulk form of the wrong shape is a 400 with a Chinese message', async () => {
    expect(body(await submit(unit, { rows: [], mode: 'all' })).msg).toBe('导入名单应列出至少一名职工');
    expect(body(await submit(unit, { rows: [{ row: 2, zjhm: 'x', xingming: 'y', sjhm: 'z', jcjs: '1' }], mode: 'some' })).msg).toBe('请选择全部导入或仅导入正确行');
  });
});

/** A one-entry zip (deflated), its sizes as given: enough for the zip measure. */
function zipOf(name: string, data: Buffer, size: number): Buffer {
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(n.length, 28);
  central.writeUInt32LE(0, 42);
  const cdOffset = 30 + n.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + n.length, 12);
  end.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, n, data, central, n, end]);
}
