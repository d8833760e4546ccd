import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { CAPTCHA_MISSING_MESSAGE, CAPTCHA_WRONG_MESSAGE } from '../auth/require-captcha';
import { TOO_MANY_REQUESTS_MESSAGE } from '../auth/rate-limit';
import { captcha, freshIp } from '../test-support/login';
import { COMPLAINT_LOOKUP_MESSAGES } from './public';

// POST tsjy/query (issue 23): a complaint's status and the centre's reply by reference number and contact phone,
// without signing in. On a real PGlite of its own.
let db: Db;
let app: FastifyInstance;

const P = '/api/izfgjj-zhfw/v1';
const PHONE = '13912345678';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date('2026-11-24T10:00:00+08:00') });
});

afterAll(() => app.close());

async function file(lxdh: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `${P}/tsjy/add`,
    payload: { tslx: '02', zrbm: '01', nr: '希望增加周末办理时间', lxdh },
    remoteAddress: freshIp(),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { sqbh: string } }>().data.sqbh;
}

interface Answer {
  status: number;
  body: { code: number; msg: string; data: Record<string, unknown> | null };
}

async function query(payload: Record<string, unknown>, ip = freshIp(), withCaptcha = true): Promise<Answer> {
  const c = withCaptcha ? await captcha(app) : {};
  const res = await app.inject({ method: 'POST', url: `${P}/tsjy/query`, payload: { ...c, ...payload }, remoteAddress: ip });
  return { status: res.statusCode, body: res.json() };
}

describe('tsjy/query', () => {
  it('answers the status, and the reply once the centre has replied, for the right number and phone', async () => {
    const sqbh = await file(PHONE);
    const before = await query({ sqbh, lxdh: PHONE });
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ sqbh, zt: 0, ztmc: '待处理', hfnr: '', tslxmc: '建议', nr: '希望增加周末办理时间' });
    // Nothing that names the sender comes back.
    expect(before.body.data).not.toHaveProperty('lxdh');
    expect(before.body.data).not.toHaveProperty('id');

    const reply = await app.inject({ method: 'POST', url: '/dev/state', payload: { replyComplaint: { sqbh, hfnr: '自下月起每周六上午办理。' } } });
    expect(reply.statusCode).toBe(200);
    const after = await query({ sqbh: sqbh.toLowerCase(), lxdh: ` ${PHONE} ` });
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({ sqbh, zt: 2, ztmc: '已回复', hfnr: '自下月起每周六上午办理。' });
    expect(after.body.data?.hfsj).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('a landline with its area code works too', async () => {
    const sqbh = await file('0571-88886666');
    expect((await query({ sqbh, lxdh: '0571-88886666' })).status).toBe(200);
    expect((await query({ sqbh, lxdh: '0571-88886667' })).status).toBe(404);
  });

  it('a wrong phone, an unknown number and a complaint sent without a phone get the same answer', async () => {
    const sqbh = await file(PHONE);
    const withoutPhone = await file('');
    const answers = [
      await query({ sqbh, lxdh: '13900000000' }),
      await query({ sqbh: 'TS20261124999999', lxdh: PHONE }),
      await query({ sqbh: withoutPhone, lxdh: PHONE }),
    ];
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(a.body).toEqual({ code: 404, msg: COMPLAINT_LOOKUP_MESSAGES.notFound, data: null });
    }
  });

  it('needs a captcha, each good for one try', async () => {
    const sqbh = await file(PHONE);
    const missing = await query({ sqbh, lxdh: PHONE }, freshIp(), false);
    expect(missing.status).toBe(428);
    expect(missing.body.msg).toBe(CAPTCHA_MISSING_MESSAGE);
    const wrong = await query({ sqbh, lxdh: PHONE, code: 'zzzz' });
    expect(wrong.status).toBe(428);
    expect(wrong.body.msg).toBe(CAPTCHA_WRONG_MESSAGE);
    const c = await captcha(app);
    const first = await app.inject({ method: 'POST', url: `${P}/tsjy/query`, payload: { ...c, sqbh, lxdh: PHONE }, remoteAddress: freshIp() });
    expect(first.statusCode).toBe(200);
    const again = await app.inject({ method: 'POST', url: `${P}/tsjy/query`, payload: { ...c, sqbh, lxdh: PHONE }, remoteAddress: freshIp() });
    expect(again.statusCode).toBe(428);
  });

  it('says what is wrong with a malformed number or phone, in Chinese, before spending the captcha', async () => {
    const badNumber = await query({ sqbh: 'AB123', lxdh: PHONE });
    expect(badNumber.status).toBe(400);
    expect(badNumber.body.msg).toBe(COMPLAINT_LOOKUP_MESSAGES.sqbh);
    const badPhone = await query({ sqbh: 'TS20261124000001', lxdh: '12345' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.msg).toBe(COMPLAINT_LOOKUP_MESSAGES.lxdh);
    const missing = await app.inject({ method: 'POST', url: `${P}/tsjy/query`, payload: { sqbh: 'TS20261124000001' }, remoteAddress: freshIp() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ msg: string }>().msg).toBe('请输入提交时填写的联系电话');
  });

  it('allows 10 tries a minute per client address, then answers 429', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await query({ sqbh: 'TS20261124999999', lxdh: PHONE }, ip, false)).status);
    expect(statuses.slice(0, 10).every((s) => s === 428)).toBe(true);
    expect(statuses[10]).toBe(429);
    const refused = await query({ sqbh: 'TS20261124999999', lxdh: PHONE }, ip);
    expect(refused.body.msg).toBe(TOO_MANY_REQUESTS_MESSAGE);
    // Another address is not held back.
    expect((await query({ sqbh: 'TS20261124999999', lxdh: PHONE })).status).toBe(404);
  });
});
