import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { freshIp, login } from '../test-support/login';
import { INPUT_MESSAGES, MAX_INPUT_DEPTH, validationMessage } from './validation';

// Issue 18 item 9: what answered 500 answers 400 with a Chinese message naming the field.

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db });
});

afterAll(() => app.close());

const P = '/api/izfgjj-zhfw/v1';
const get = (url: string) => app.inject({ url, remoteAddress: freshIp() });
const post = (url: string, payload: string | object) =>
  app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' }, remoteAddress: freshIp() });

describe('texts without control characters (every route)', () => {
  it('a NUL byte in a query text answers 400 naming the field, not 500', async () => {
    const res = await get(`${P}/zcxx/getList?keyword=${encodeURIComponent('住房\u0000')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: INPUT_MESSAGES.control('标题关键字'), data: null });
  });

  it.each(['\u0007', '\u001b[2J', '\u007f', '\u0085'])('refuses %j in a query text', async (control) => {
    expect((await get(`${P}/zcxx/getList?keyword=a${encodeURIComponent(control)}`)).statusCode).toBe(400);
  });

  it('a line break is refused in a one-line text, and kept in a multi-line one (x-multiline)', async () => {
    const one = await post(`${P}/tsjy/add`, { tslx: '01', zrbm: '01', nr: '窗口排队时间太长了', lxdh: '138\n00138000' });
    expect(one.statusCode).toBe(400);
    expect(one.json<{ msg: string }>().msg).toBe(INPUT_MESSAGES.lineBreak('联系电话'));
    const many = await post(`${P}/tsjy/add`, { tslx: '01', zrbm: '01', nr: '第一行意见内容\n第二行：\t排队太久' });
    expect(many.statusCode).toBe(200);
    const nul = await post(`${P}/tsjy/add`, { tslx: '01', zrbm: '01', nr: '意见内容很长\u0000' });
    expect(nul.json()).toMatchObject({ code: 400, msg: INPUT_MESSAGES.control('意见') });
  });

  it('a lone surrogate and a control character in a property name answer 400', async () => {
    expect((await post(`${P}/tsjy/add`, '{"tslx":"01","zrbm":"01","nr":"意见内容\\ud800很长"}')).json()).toMatchObject({
      code: 400,
      msg: INPUT_MESSAGES.surrogate('意见'),
    });
    expect((await post(`${P}/tsjy/add`, '{"tslx":"01","zrbm":"01","nr":"意见内容很长","\\u0000":1}')).statusCode).toBe(400);
  });

  it(`objects nested deeper than ${MAX_INPUT_DEPTH} levels answer 400`, async () => {
    const deep = `${'{"a":'.repeat(MAX_INPUT_DEPTH + 1)}1${'}'.repeat(MAX_INPUT_DEPTH + 1)}`;
    const res = await post(`${P}/tsjy/add`, deep);
    expect(res.json()).toEqual({ code: 400, msg: INPUT_MESSAGES.depth, data: null });
  });

  it('a NUL inside an SM2-encrypted account name answers 400, not 500', async () => {
    const res = await login(app, '110101199003072316\u0000');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ msg: string }>().msg).toBe(INPUT_MESSAGES.control('输入内容'));
  });
});

describe('numbers finite and within range', () => {
  it('pageNum=1e309 (Infinity once read) answers 400 with the field message, not 500', async () => {
    for (const list of ['zcxx/getList', 'tsjy/getList', 'cyxz/getList']) {
      const res = await get(`${P}/${list}?pageNum=1e309`);
      expect(res.statusCode, list).toBe(400);
      expect(res.json<{ msg: string }>().msg).toBe('页码应为大于 0 的整数');
    }
    expect((await get(`${P}/zcxx/getList?pageNum=-1e309`)).statusCode).toBe(400);
    expect((await get(`${P}/zcxx/getList?pageNum=100001`)).statusCode).toBe(400);
    expect((await get(`${P}/zcxx/getList?pageNum=100000`)).statusCode).toBe(200);
  });

  it('1e309 in a JSON body (Infinity once parsed) answers 400', async () => {
    const res = await post(`${P}/hcp/evaluate`, '{"sxbm":"01","myd":1e309}');
    expect(res.statusCode).toBe(400);
  });
});

describe('validationMessage', () => {
  it('words a schema error with the field name', () => {
    expect(validationMessage([{ keyword: 'maximum', instancePath: '/pageSize', params: { limit: 50 }, parentSchema: { description: '每页条数' } }])).toBe(
      '每页条数不能大于 50',
    );
  });
});
