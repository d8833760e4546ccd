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
    const draft = await app.inject({ method: 'POST', url: '/api/izfgjj-zhfw/v1/ywsq/saveDraft', headers: { token: zhang }, payload: { ywlx: 'GJ0302', payload: { zjhm: '110105199506205112' } } });
    const ywbh = draft.json<{ data: { ywbh: string } }>().data.ywbh;
    const res = await app.inject({ method: 'POST', url: '/api/dzda/v1/zhcjyw/qm', headers: { token: zhang }, payload: { ywbh } });
    const { data } = res.json<{ data: { uuid: string; urlBase: string; exp: number; codeImgBase64: string } }>();
    expect(data.urlBase).toMatch(/\/home\.html#\/mobileSign\?uuid=$/);
    expect(data.codeImgBase64).toMatch(/^data:image\/png;base64,/);
    const png = PNG.sync.read(Buffer.from(data.codeImgBase64.replace(/^data:image\/png;base64,/, ''), 'base64'));
    const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(read?.data).toBe(data.urlBase + data.uuid);

    // The phone reads the letter as text too, masked like the preview PDF.
    const info = await app.inject({ url: `/api/dzda/v1/zhcjyw/qmInfo?uuid=${data.uuid}` });
    const text: string = info.json<{ data: { letterText: string } }>().data.letterText;
    expect(text.split('\n').slice(0, 3)).toEqual(['授权委托书', '委托人：张*', expect.stringMatching(/^证件号码：1101\*+2316$|^证件号码：[0-9*]+$/)]);
    expect(text).toContain(`业务编号：${ywbh}`);
    expect(text).not.toContain('张三');
    expect(text).not.toContain('110101199003072316');
  });
});
