import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { ARCHIVE_MESSAGES } from './files';
import { image, multipartBody } from './test-files';

// Issue 31, item 6: a multipart body the parser cannot read is the sender's fault: 400 with a Chinese message, never 500.

let db: Db;
let app: FastifyInstance;
let token: string;
let ywbh: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db });
  token = await signIn(app, '110101199003072316');
  ywbh = (await app.inject({ method: 'POST', url: '/api/izfgjj-zhfw/v1/ywsq/saveDraft', headers: { token }, payload: { ywlx: 'GJ0302', payload: { zjhm: '110105199506205112' } } })).json<{
    data: { ywbh: string };
  }>().data.ywbh;
});
afterAll(() => app.close());

const send = (contentType: string, payload: Buffer) =>
  app.inject({ method: 'POST', url: '/api/dzda/v1/zhcjyw/uploadCl', headers: { token, 'content-type': contentType }, payload });

describe('malformed multipart on uploadCl', () => {
  const good = () => multipartBody({ ywbh, clbh: 'SFZ' }, { name: 'a.png', bytes: image('png') });

  it('no boundary: 400', async () => {
    const res = await send('multipart/form-data', good().payload);
    expect([res.statusCode, res.json<{ msg: string }>().msg]).toEqual([400, ARCHIVE_MESSAGES.badMultipart]);
  });

  it('a boundary over 256 characters: 400', async () => {
    const boundary = 'b'.repeat(300);
    const body = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="ywbh"\r\n\r\n${ywbh}\r\n--${boundary}--\r\n`);
    const res = await send(`multipart/form-data; boundary=${boundary}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ msg: string }>().msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('a truncated body: 400, and nothing stored', async () => {
    const { payload, headers } = good();
    const res = await send(headers['content-type']!, payload.subarray(0, payload.length - 60));
    expect([res.statusCode, res.json<{ msg: string }>().msg]).toEqual([400, ARCHIVE_MESSAGES.badMultipart]);
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from archive_file');
    expect(row!.n).toBe(0);
  });
});
