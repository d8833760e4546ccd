import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { PDFDocument } from 'pdf-lib';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { LOAN_DEMO_LOGIN } from '../../seed/loans';
import { FORBIDDEN } from './routes';
import { SETTLEMENT_MESSAGES, SETTLEMENT_VERIFY_PER_MINUTE } from './settlement';

// 结清证明 (issue 38 item 7; docs/api-loans.md › 结清证明) on 刘安居's loan: refused while it runs, 403 for another
// login, issued once when settled (number from the sequence, code random), the PDF from the frozen facts with its QR,
// and the public check: a valid code shows the facts masked, an unknown one says so and nothing else.

const ZHZH = '/api/izfgjj-zhfw/v1';
const KEY = 'loan-settlement-test-key-3f9a1c7e5d';
const NOW = new Date('2026-11-26T03:00:00Z');

let db: Db;
let app: FastifyInstance;
let liu: string;
let zhang: string;
let dkzh = '';

const post = (url: string, token: string, payload: object) => app.inject({ method: 'POST', url: `${ZHZH}/${url}`, headers: { token }, payload });
const pdf = (token: string, id = dkzh) => app.inject({ url: `${ZHZH}/dkyw/jqzm/pdf?dkzh=${id}`, headers: { token } });
const verify = (code: string, ip = '10.38.7.1') => app.inject({ url: `${ZHZH}/dkyw/jqzmVerify?code=${encodeURIComponent(code)}`, remoteAddress: ip });
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
  app = await buildApp({ db, centreApiKey: KEY, now: () => NOW, publicUrl: 'https://gjj.example.gov.cn' });
  liu = await signIn(app, LOAN_DEMO_LOGIN.account);
  zhang = await signIn(app, '110101199003072316');
  dkzh = (await db.query<{ dkzh: string }>('select dkzh from loan where zjhm = $1', [LOAN_DEMO_LOGIN.account]))[0]!.dkzh;
});
afterAll(() => app?.close());

type Issued = { zmbh: string; yzm: string; jqrq: string; cjsj: string };
let issued: Issued;

describe('结清证明', () => {
  it('is refused with a clear message while the loan is not settled, and 403 for another login', async () => {
    for (const res of [await post('dkyw/jqzm', liu, { dkzh }), await pdf(liu)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: SETTLEMENT_MESSAGES.notSettled, data: null });
    }
    for (const id of [dkzh, '8026112699999']) {
      for (const res of [await post('dkyw/jqzm', zhang, { dkzh: id }), await pdf(zhang, id)]) {
        expect(res.statusCode, id).toBe(403);
        expect(res.json()).toEqual({ code: 403, msg: FORBIDDEN, data: null });
      }
    }
    expect((await db.query('select 1 from loan_settlement_certificate')).length).toBe(0);
  });

  it('once settled (GD0602 for the whole balance), it is issued once: its number from the sequence, the same on asking again', async () => {
    await db.query('update loan set card_debit_fails = false where dkzh = $1', [dkzh]);
    expect((await app.inject({ method: 'POST', url: '/api/centre/v1/loans/collect', headers: { 'x-centre-key': KEY }, payload: { date: '2026-11-26' } })).statusCode).toBe(200);
    const { zdje } = (await post('dkyw/tqhk/ss', liu, { dkzh, tqhkje: '10000' })).json<{ data: { zdje: string } }>().data;
    const settled = await post('ywsq/submit', liu, { ywlx: 'GD0602', payload: { dkzh, tqhkje: zdje, tqfs: '01' } });
    expect(settled.statusCode, settled.body).toBe(200);
    const res = await post('dkyw/jqzm', liu, { dkzh });
    expect(res.statusCode, res.body).toBe(200);
    issued = res.json<{ data: Issued }>().data;
    expect(issued).toEqual({ zmbh: expect.stringMatching(/^JQZM20261126\d{6}$/), yzm: expect.stringMatching(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/), jqrq: '2026-11-26', cjsj: '2026-11-26 11:00:00' });
    const again = (await post('dkyw/jqzm', liu, { dkzh })).json<{ data: Issued }>().data;
    expect(again).toEqual(issued);
    expect((await db.query('select 1 from loan_settlement_certificate')).length).toBe(1);
    // Another login still gets 403 for the settled loan.
    expect((await pdf(zhang)).statusCode).toBe(403);
  });

  it('the PDF says what was frozen: borrower, masked ID, contract, amount, dates, number, code and the QR to the public check', async () => {
    const res = await pdf(liu);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`住房公积金贷款结清证明 ${issued.zmbh}`);
    const [loan] = await db.query<{ jkhtbh: string }>('select jkhtbh from loan where dkzh = $1', [dkzh]);
    const dir = mkdtempSync(join(tmpdir(), 'jqzm-'));
    const file = join(dir, 'jqzm.pdf');
    writeFileSync(file, res.rawPayload);
    if (has('pdftotext')) {
      const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
      for (const words of ['住房公积金贷款结清证明', LOAN_DEMO_LOGIN.name, '110***********3010', loan!.jkhtbh, dkzh, '500,000.00 元', '2026年05月15日', '2026年11月26日', issued.zmbh, `验证码：${issued.yzm}`]) {
        expect(text).toContain(words);
      }
      expect(text).not.toContain(LOAN_DEMO_LOGIN.account);
    }
    if (has('pdftoppm')) {
      execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', file, join(dir, 'jqzm')]);
      const png = PNG.sync.read(readFileSync(join(dir, 'jqzm.png')));
      const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(read?.data).toBe(`https://gjj.example.gov.cn/home.html#/dkjqzmVerify?code=${issued.yzm.replace(/-/g, '')}`);
    }
  });

  it('the public check: a valid code (as typed, lower case and dashes) shows the frozen facts masked, without a session', async () => {
    const res = await verify(issued.yzm.toLowerCase());
    expect(res.statusCode).toBe(200);
    const [loan] = await db.query<{ jkhtbh: string }>('select jkhtbh from loan where dkzh = $1', [dkzh]);
    expect(res.json<{ data: unknown }>().data).toEqual({
      valid: true,
      message: SETTLEMENT_MESSAGES.valid,
      certificate: {
        zmbh: issued.zmbh,
        xingming: '刘**',
        zjhm: '110***********3010',
        jkhtbh: `${loan!.jkhtbh.slice(0, 4)}${'*'.repeat(loan!.jkhtbh.length - 8)}${loan!.jkhtbh.slice(-4)}`,
        dkje: '500,000.00',
        ffrq: '2026-05-15',
        jqrq: '2026-11-26',
        cjsj: '2026-11-26 11:00:00',
      },
    });
    expect(res.body).not.toContain(LOAN_DEMO_LOGIN.account);
  });

  it('an unknown code, a malformed one and a missing one reveal nothing; beyond the minute\'s tries 429', async () => {
    const answer = { code: 0, msg: expect.any(String), data: { valid: false, message: SETTLEMENT_MESSAGES.unknown, certificate: null } };
    expect((await verify('AAAA-AAAA-AAAA-AAAA', '10.38.7.2')).json()).toEqual(answer);
    expect((await verify('not a code', '10.38.7.2')).json()).toEqual(answer);
    const missing = await app.inject({ url: `${ZHZH}/dkyw/jqzmVerify`, remoteAddress: '10.38.7.2' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ msg: string }>().msg).toBe('请输入验证码');
    for (let i = 0; i < SETTLEMENT_VERIFY_PER_MINUTE; i += 1) await verify('AAAA-AAAA-AAAA-AAAA', '10.38.7.3');
    expect((await verify(issued.yzm, '10.38.7.3')).statusCode).toBe(429);
    expect((await verify(issued.yzm, '10.38.7.4')).statusCode).toBe(200);
  });
});
