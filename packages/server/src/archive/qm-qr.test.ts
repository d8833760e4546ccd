import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { buildApp } from '../app';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';

let app: FastifyInstance;
let zhang: string;

beforeAll(async () => {
  const db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db });
  zhang = await signIn(app, '110101199003072316');
});
afterAll(() => app.close());

describe('qm draws the signing QR (codeImgBase64)', () => {
  it('answers a PNG whose QR reads urlBase + uuid, the mobile signing page of that link', async () => {
    const draft = await app.inject({ method: 'POST', url: '/api/izfgjj-zhfw/v1/ywsq/saveDraft', headers: { token: zhang }, payload: { ywlx: 'GJ0302', payload: {} } });
    const ywbh = draft.json<{ data: { ywbh: string } }>().data.ywbh;
    const res = await app.inject({ method: 'POST', url: '/api/dzda/v1/zhcjyw/qm', headers: { token: zhang }, payload: { ywbh } });
    const { data } = res.json<{ data: { uuid: string; urlBase: string; exp: number; codeImgBase64: string } }>();
    expect(data.urlBase).toMatch(/\/home\.html#\/mobileSign\?uuid=$/);
    expect(data.codeImgBase64).toMatch(/^data:image\/png;base64,/);
    const png = PNG.sync.read(Buffer.from(data.codeImgBase64.replace(/^data:image\/png;base64,/, ''), 'base64'));
    const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(read?.data).toBe(data.urlBase + data.uuid);
  });
});
