import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { PDFDocument } from 'pdf-lib';
import { buildApp } from '../app';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import type { Db } from '../db/db';
import { postMovement } from '../records';
import { UNVERIFIED_MESSAGE } from '../auth/identity';
import { CERTIFICATE_MESSAGES, newCode, normaliseCode } from './facts';
import { CERTIFICATE_PREFIX as J } from './routes';

// The deposit certificate (缴存证明, issue 24 item 3; docs/api-personal.md › 缴存证明) on a real PGlite with the demo
// records: 张三 holds 201000000101 (since 2015-11, 12 % + 12 %, the base grown 5 % each July: 3,694.00 a month in 2026) and the
// flexible 201000000188; the seeded remittances stop at 2026-10.

let app: FastifyInstance;
let db: Db;
let clock = new Date('2026-11-26T02:00:00Z');
let zhang: string;
let li: string;
let unit: string;

const has = (tool: string): boolean => {
  try {
    execFileSync(tool, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, devRoutes: true, now: () => clock, publicUrl: 'https://gjj.example.gov.cn', certificate: { verifyPerMinute: 8, issuePerDay: 6, downloadPerMinute: 5 } });
  zhang = await signIn(app, '110101199003072316');
  li = await signIn(app, '320106198506124022');
  unit = await signIn(app, '100200300001', 2);
}, 120_000);
afterAll(() => app?.close());

type Summary = { zmbh: string; grzh: string; from: string; to: string; code: string; zt: string; ztmc: string; validUntil: string; issuedAt: string; purpose: string };

const create = (token: string, body: Record<string, unknown>) => app.inject({ method: 'POST', url: `${J}/create`, headers: { token }, payload: body });
const verify = (code: string, ip = '10.9.0.1') => app.inject({ url: `${J}/verify?code=${encodeURIComponent(code)}`, remoteAddress: ip });

describe('the accounts a certificate may be issued for', () => {
  it('lists both of 张三\'s accounts with the default period (the last 12 months) and the opening month as the bound', async () => {
    const res = await app.inject({ url: `${J}/accounts`, headers: { token: zhang } });
    expect(res.statusCode).toBe(200);
    const { list, maxPeriodMonths, validMonths, purposes } = res.json<{ data: { list: Array<Record<string, string>>; maxPeriodMonths: number; validMonths: number; purposes: string[] } }>().data;
    expect(list.map((a) => a.grzh)).toEqual(['201000000101', '201000000188']);
    expect(list[0]).toMatchObject({ grzhztmc: '正常', minMonth: '2015-11', maxMonth: '2026-11', defaultFrom: '2025-12', defaultTo: '2026-11', dwmc: '示例科技有限公司' });
    expect(list[1]).toMatchObject({ minMonth: '2024-01', dwmc: '灵活就业' });
    expect([maxPeriodMonths, validMonths]).toEqual([36, 3]);
    expect(purposes).toEqual(['租房', '购房', '贷款', '其他']);
  });

  it('a unit login has none to ask for (403)', async () => {
    expect((await app.inject({ url: `${J}/accounts`, headers: { token: unit } })).statusCode).toBe(403);
  });
});

describe('issuing', () => {
  let first: Summary;

  it('freezes the facts: the months with their amounts, a month without remittance as 0, the balance, the number from a sequence', async () => {
    const res = await create(zhang, { grzh: '201000000101', from: '2025-12', to: '2026-11', yt: '租房' });
    expect(res.statusCode, res.body).toBe(200);
    first = res.json<{ data: Summary }>().data;
    expect(first).toMatchObject({ grzh: '201000000101', from: '2025-12', to: '2026-11', purpose: '租房', zt: '01', ztmc: '有效', validUntil: '2027-02-25', issuedAt: '2026-11-26 10:00:00' });
    expect(first.zmbh).toMatch(/^JCZM20261126\d{6}$/);
    expect(first.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);

    const second = (await create(zhang, { grzh: '201000000188', from: '2026-01', to: '2026-03' })).json<{ data: Summary }>().data;
    // Numbers from the sequence; codes unrelated to them.
    expect(Number(second.zmbh.slice(-6))).toBe(Number(first.zmbh.slice(-6)) + 1);
    expect(second.code).not.toBe(first.code);
  });

  it('the PDF says what was frozen: holder, masked ID, account, period, the months (2026-11 未缴存), QR to the verification page', async () => {
    const res = await app.inject({ url: `${J}/download?zmbh=${first.zmbh}`, headers: { token: zhang } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const bytes = res.rawPayload;
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`住房公积金缴存证明 ${first.zmbh}`);
    expect(bytes.length).toBeLessThan(250_000);
    const dir = mkdtempSync(join(tmpdir(), 'jczm-'));
    const file = join(dir, 'jczm.pdf');
    writeFileSync(file, bytes);
    if (has('pdftotext')) {
      const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
      for (const words of [
        '示范市住房公积金管理中心',
        '住房公积金缴存证明',
        '张三',
        '110***********2316',
        '201000000101',
        '示例科技有限公司',
        '2025年12月至2026年11月共 12 个月，已缴存 11 个月',
        '未缴存',
        '86,542.35',
        '有效期至：2027年02月25日',
        `验证码：${first.code}`,
        '用于租房',
      ]) {
        expect(text).toContain(words);
      }
      expect(text).not.toContain('110101199003072316');
    }
    if (has('pdftoppm')) {
      execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', file, join(dir, 'jczm')]);
      const png = PNG.sync.read(readFileSync(join(dir, 'jczm.png')));
      const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(read?.data).toBe(`https://gjj.example.gov.cn/home.html#/jczmVerify?code=${first.code.replace(/-/g, '')}`);
    }
  });

  it('each rule row answers its message', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ grzh: '201000000101', from: '2026-11', to: '2026-10' }, 400, CERTIFICATE_MESSAGES.order],
      [{ grzh: '201000000101', from: '2026-11', to: '2026-12' }, 400, CERTIFICATE_MESSAGES.future],
      [{ grzh: '201000000188', from: '2023-12', to: '2024-03' }, 400, CERTIFICATE_MESSAGES.beforeOpening('2024-01')],
      [{ grzh: '201000000101', from: '2023-11', to: '2026-11' }, 400, CERTIFICATE_MESSAGES.tooLong(36)],
      [{ grzh: '201000000101', from: '2026-13', to: '2026-11' }, 400, '起始月份格式应为 YYYY-MM'],
      [{ grzh: '201000000101', from: '2026-01', to: '2026-11', yt: '炒股' }, 400, '证明用途只能是租房、购房、贷款、其他'],
      [{ grzh: '201000000101', to: '2026-11' }, 400, '请选择起始月份'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await create(zhang, body);
      expect([res.statusCode, res.json<{ msg: string }>().msg], JSON.stringify(body)).toEqual([status, msg]);
    }
    // 36 months is allowed.
    expect((await create(zhang, { grzh: '201000000101', from: '2023-12', to: '2026-11' })).statusCode).toBe(200);
  });

  it('another login\'s account answers 403, the same as an account that does not exist, and reveals nothing', async () => {
    const other = await create(li, { grzh: '201000000101', from: '2026-01', to: '2026-03' });
    const none = await create(li, { grzh: '209999999999', from: '2026-01', to: '2026-03' });
    expect([other.statusCode, none.statusCode]).toEqual([403, 403]);
    expect(other.json()).toEqual(none.json());
    expect(other.body).not.toContain('张三');
    // Her own account is fine.
    expect((await create(li, { grzh: '201000000233', from: '2026-01', to: '2026-03' })).statusCode).toBe(200);
    expect((await create(unit, { grzh: '201000000101', from: '2026-01', to: '2026-03' })).statusCode).toBe(403);
  });

  it('another login\'s certificate: download and revoke answer 403, and it is not in her list', async () => {
    const download = await app.inject({ url: `${J}/download?zmbh=${first.zmbh}`, headers: { token: li } });
    const revoke = await app.inject({ method: 'POST', url: `${J}/revoke`, headers: { token: li }, payload: { zmbh: first.zmbh } });
    const unknown = await app.inject({ url: `${J}/download?zmbh=JCZM20261126999999`, headers: { token: li } });
    expect([download.statusCode, revoke.statusCode, unknown.statusCode]).toEqual([403, 403, 403]);
    expect(download.json()).toEqual(unknown.json());
    const list = (await app.inject({ url: `${J}/list`, headers: { token: li } })).json<{ data: { list: Summary[] } }>().data.list;
    expect(list.map((c) => c.zmbh)).not.toContain(first.zmbh);
    expect((await verify(first.code)).json<{ data: { zt: string } }>().data.zt).toBe('01');
  });

  it('an unverified identity issues none (403, what to do)', async () => {
    const jiang = await signIn(app, '370102199403152213');
    const res = await create(jiang, { grzh: '201000000101', from: '2026-01', to: '2026-03' });
    expect([res.statusCode, res.json<{ msg: string }>().msg]).toEqual([403, UNVERIFIED_MESSAGE]);
  });

  it('the facts stay as issued: a later deposit changes neither the PDF nor what verification shows', async () => {
    const before = (await create(zhang, { grzh: '201000000188', from: '2026-09', to: '2026-11' })).json<{ data: Summary }>().data;
    await db.transaction((tx) =>
      postMovement(tx, { accountNo: '201000000188', amountFen: 100_000n, kind: '02', ywbh: 'BJ-JCZM-TEST', line: 1, valueDate: '2026-11-26', period: '202611' }),
    );
    const verified = (await verify(before.code, '10.9.2.1')).json<{ data: { paidMonths: number } }>().data;
    expect(verified.paidMonths).toBe(2);
    const after = (await create(zhang, { grzh: '201000000188', from: '2026-09', to: '2026-11' })).json<{ data: Summary }>().data;
    expect((await verify(after.code, '10.9.2.1')).json<{ data: { paidMonths: number } }>().data.paidMonths).toBe(3);
    if (has('pdftotext')) {
      const text = async (zmbh: string) => {
        const file = join(mkdtempSync(join(tmpdir(), 'jczm-')), 'c.pdf');
        writeFileSync(file, (await app.inject({ url: `${J}/download?zmbh=${zmbh}`, headers: { token: zhang } })).rawPayload);
        return execFileSync('pdftotext', ['-layout', file, '-']).toString();
      };
      expect(await text(before.zmbh)).toContain('账户余额 12,800.00 元');
      expect(await text(after.zmbh)).toContain('账户余额 13,800.00 元');
    }
  });

  it('at most downloadPerMinute PDFs a login and minute (429)', async () => {
    // 张三's downloads so far this minute (the clock stands still): one above, two more where pdftotext reads them; the
    // limit here is 5.
    const before = has('pdftotext') ? 3 : 1;
    const list = (await app.inject({ url: `${J}/list`, headers: { token: zhang } })).json<{ data: { list: Summary[] } }>().data.list;
    const get = () => app.inject({ url: `${J}/download?zmbh=${list[0]!.zmbh}`, headers: { token: zhang } });
    for (let i = before; i < 5; i += 1) expect((await get()).statusCode).toBe(200);
    const over = await get();
    expect([over.statusCode, over.json<{ msg: string }>().msg]).toEqual([429, '请求过于频繁，请稍后再试']);
  });

  it('lists the login\'s certificates newest first, by keyset pages', async () => {
    const res = await app.inject({ url: `${J}/list`, headers: { token: zhang } });
    const { list, next } = res.json<{ data: { list: Summary[]; next: string | null } }>().data;
    expect(list.length).toBe(5);
    expect(list.at(-1)!.zmbh).toBe(first.zmbh);
    expect(next).toBeNull();
  });

  it('at most issuePerDay a login and day (429), and again the next day', async () => {
    // Five so far today for 张三; the limit here is 6.
    for (let i = 0; i < 1; i += 1) expect((await create(zhang, { grzh: '201000000188', from: '2026-01', to: '2026-02' })).statusCode).toBe(200);
    const over = await create(zhang, { grzh: '201000000188', from: '2026-01', to: '2026-02' });
    expect([over.statusCode, over.json<{ msg: string }>().msg]).toEqual([429, CERTIFICATE_MESSAGES.tooMany(6)]);
  });

  describe('verification (public)', () => {
    it('while valid: the masked facts, without a session', async () => {
      const res = await verify(first.code.toLowerCase());
      expect(res.statusCode).toBe(200);
      const data = res.json<{ data: { zt: string; message: string; certificate: Record<string, string>; months: number; paidMonths: number } }>().data;
      expect(data).toMatchObject({ zt: '01', message: '该缴存证明真实有效', months: 12, paidMonths: 11 });
      expect(data.certificate).toMatchObject({
        zmbh: first.zmbh,
        xingming: '张*',
        zjhm: '110***********2316',
        grzh: '2010****0101',
        grzhztmc: '正常',
        from: '2025-12',
        to: '2026-11',
        yjce: '3,694.00',
        issuedDate: '2026-11-26',
        validUntil: '2027-02-25',
      });
      expect(res.body).not.toContain('张三');
      expect(res.body).not.toContain('201000000101');
    });

    it('a wrong code and an unknown one say the same: 验证码不存在', async () => {
      const unknown = (await verify(newCode())).json<{ data: unknown }>().data;
      const wrong = (await verify('12345')).json<{ data: unknown }>().data;
      expect(unknown).toEqual(wrong);
      expect(unknown).toMatchObject({ zt: '04', message: CERTIFICATE_MESSAGES.unknown, certificate: null });
      expect(normaliseCode(' k7q2-m9xw 4rt0-zb6h ')).toBe('K7Q2M9XW4RT0ZB6H');
      expect(normaliseCode('O1IL')).toBe('');
    });

    it('is limited per client address: 429 with the Chinese message beyond verifyPerMinute', async () => {
      const ip = '10.9.9.9';
      const answers: number[] = [];
      for (let i = 0; i < 9; i += 1) answers.push((await verify(newCode(), ip)).statusCode);
      expect(answers.slice(0, 8).every((s) => s === 200)).toBe(true);
      const over = await verify(first.code, ip);
      expect([over.statusCode, over.json<{ msg: string }>().msg]).toEqual([429, '请求过于频繁，请稍后再试']);
      // As the document says of every 429: how long to wait (limitByAddress; the conformance kit checks it too).
      expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Another address is not held back.
      expect((await verify(first.code, '10.9.9.10')).statusCode).toBe(200);
    });

    it('after revoke: 已作废, no personal facts; a second revoke answers 409', async () => {
      const res = await app.inject({ method: 'POST', url: `${J}/revoke`, headers: { token: zhang }, payload: { zmbh: first.zmbh } });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: Summary }>().data).toMatchObject({ zt: '02', ztmc: '已作废' });
      const data = (await verify(first.code)).json<{ data: { zt: string; message: string; certificate: Record<string, string> } }>().data;
      expect(data).toMatchObject({ zt: '02', message: '该缴存证明已作废', certificate: { zmbh: first.zmbh } });
      expect(data.certificate.xingming).toBeUndefined();
      const again = await app.inject({ method: 'POST', url: `${J}/revoke`, headers: { token: zhang }, payload: { zmbh: first.zmbh } });
      expect([again.statusCode, again.json<{ msg: string }>().msg]).toEqual([409, '该缴存证明已作废']);
    });

    it('after its last valid day: 已过期 (the clock moves on)', async () => {
      const list = (await app.inject({ url: `${J}/list`, headers: { token: zhang } })).json<{ data: { list: Summary[] } }>().data.list;
      const live = list.find((c) => c.zt === '01')!;
      clock = new Date('2027-02-25T15:59:00Z'); // 23:59 on the last day, centre time
      expect((await verify(live.code, '10.9.1.1')).json<{ data: { zt: string } }>().data.zt).toBe('01');
      clock = new Date('2027-02-25T16:00:00Z'); // 00:00 the day after
      const data = (await verify(live.code, '10.9.1.1')).json<{ data: { zt: string; message: string } }>().data;
      expect(data).toMatchObject({ zt: '03', message: '该缴存证明已过期' });
      clock = new Date('2026-11-26T02:00:00Z');
    });
  });
});
