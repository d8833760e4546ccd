import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { contentDisposition, parseMaxFileBytes } from './routes';
import { formatMegabytes } from './files';
import { image, multipartBody } from './test-files';

// The file limit is a setting: a centre that allows 1 MB says 1 MB.
let db: Db;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, archive: { maxFileBytes: 1024 * 1024 } });
  token = await signIn(app, '110101199003072316');
});
afterAll(() => app.close());

describe('a configured file limit', () => {
  it('answers 413 with the configured size, and stores nothing', async () => {
    const ywbh = (await app.inject({ method: 'POST', url: '/api/izfgjj-zhfw/v1/ywsq/saveDraft', headers: { token }, payload: { ywlx: 'GJ0302', payload: { zjhm: '110105199506205112' } } })).json<{ data: { ywbh: string } }>()
      .data.ywbh;
    const bytes = Buffer.concat([image('png'), Buffer.alloc(1024 * 1024, 1)]);
    const { payload, headers } = multipartBody({ ywbh, clbh: 'SFZ' }, { name: 'a.png', bytes });
    const res = await app.inject({ method: 'POST', url: '/api/dzda/v1/zhcjyw/uploadCl', headers: { ...headers, token }, payload });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, msg: '文件超过 1 MB，请压缩后重新上传', data: null });
    const fits = multipartBody({ ywbh, clbh: 'SFZ' }, { name: 'a.png', bytes: bytes.subarray(0, 1024 * 1024) });
    expect((await app.inject({ method: 'POST', url: '/api/dzda/v1/zhcjyw/uploadCl', headers: { ...fits.headers, token }, payload: fits.payload })).json()).toMatchObject({ code: 0 });
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from archive_file');
    expect(row!.n).toBe(1);
  });
});

describe('settings and headers', () => {
  it('reads ARCHIVE_MAX_FILE_BYTES, refusing nonsense', () => {
    expect(parseMaxFileBytes(undefined)).toBeUndefined();
    expect(parseMaxFileBytes('')).toBeUndefined();
    expect(parseMaxFileBytes('5242880')).toBe(5242880);
    for (const bad of ['10MB', '0', '-1', '1.5', '999999999999']) expect(() => parseMaxFileBytes(bad)).toThrow(/ARCHIVE_MAX_FILE_BYTES/);
  });

  it('states the limit in MB or KB', () => {
    expect(formatMegabytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatMegabytes(512 * 1024)).toBe('512 KB');
  });

  it('puts a name in Content-Disposition with no quote, line break or path unescaped', () => {
    expect(contentDisposition('a.pdf')).toBe(`attachment; filename="a.pdf"; filename*=UTF-8''a.pdf`);
    const header = contentDisposition('x"\r\nSet-Cookie: a=b;/..\\y.png');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toMatch(/^attachment; filename="x___Set-Cookie: a=b_\/\.\._y\.png"; filename\*=UTF-8''x%22%0D%0ASet-Cookie%3A%20a%3Db%3B%2F\.\.%5Cy\.png$/);
  });
});
