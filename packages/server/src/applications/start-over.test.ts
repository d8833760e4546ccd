import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpStatusMessage } from '@gjj-hall/sdk';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { image, multipartBody } from '../archive/test-files';

// 重新填写 (issue 21, docs/api-wizard.md › Starting over): the wizard's draft goes with the status-00 application it
// made for the materials, and that application's files; another login's number is 403 and nothing goes.
let db: Db;
let app: FastifyInstance;
const ZHFW = '/api/izfgjj-zhfw/v1';
const A = '/api/dzda/v1/zhcjyw';
let qian: string;
let sun: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db });
  qian = await signIn(app, '110105199208153027');
  sun = await signIn(app, '110105198503014033');
});
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers of many calls, read field by field
type Body = { code: number; msg: string; data: any };
const json = (res: LightMyRequestResponse): Body => res.json<Body>();
const post = (token: string, url: string, payload: object) => app.inject({ method: 'POST', url: `${ZHFW}/${url}`, headers: { token }, payload });
const answers = { zjhm: '110105199208153051' };

/** What the wizard does up to its materials step: a 00 application with one file, its number in the wizard's draft. */
async function wizardUpToMaterials(token: string): Promise<string> {
  const ywbh = json(await post(token, 'ywsq/saveDraft', { ywlx: 'GJ0302', payload: answers })).data.ywbh as string;
  const { payload, headers } = multipartBody({ ywbh, clbh: 'SFZ' }, { name: '正面.png', bytes: image('png') });
  expect(json(await app.inject({ method: 'POST', url: `${A}/uploadCl`, headers: { ...headers, token }, payload })).code).toBe(0);
  expect(json(await post(token, 'draftbox/save', { ywlx: 'GJ0302', step: 4, payload: { ...answers, _ywbh: ywbh } })).code).toBe(0);
  return ywbh;
}

const drafts00 = async (token: string) =>
  json(await app.inject({ url: `${ZHFW}/ywsq/list?zt=00&pageNum=1&pageSize=50`, headers: { token } })).data.list.map((r: { ywbh: string }) => r.ywbh);
const filesOf = async (ywbh: string) =>
  (await db.query<{ n: number }>('select count(*)::int as n from archive_file f join application a on a.id = f.application_id where a.ywbh = $1', [ywbh]))[0]!.n;
const blobs = async () => (await db.query<{ n: number }>('select count(*)::int as n from archive_blob'))[0]!.n;

describe('draftbox/delete (重新填写)', () => {
  it('discards the draft, its 00 application and the files, in one go', async () => {
    const ywbh = await wizardUpToMaterials(qian);
    expect(await drafts00(qian)).toContain(ywbh);
    expect(await filesOf(ywbh)).toBe(1);
    const before = await blobs();
    const res = json(await post(qian, 'draftbox/delete', { ywlx: 'GJ0302' }));
    expect(res).toMatchObject({ code: 0, msg: '草稿已删除', data: { discarded: [ywbh] } });
    expect(json(await app.inject({ url: `${ZHFW}/draftbox/get?ywlx=GJ0302`, headers: { token: qian } })).data).toBeNull();
    expect(await drafts00(qian)).not.toContain(ywbh);
    expect(await blobs()).toBe(before - 1);
    // The number is no one's now.
    expect((await app.inject({ method: 'POST', url: `${A}/getCls`, headers: { token: qian }, payload: { ywbh } })).statusCode).toBe(403);
  });

  it('takes the number of a draft the browser kept (never saved on the server)', async () => {
    const ywbh = json(await post(qian, 'ywsq/saveDraft', { ywlx: 'GJ0302', payload: answers })).data.ywbh as string;
    expect(json(await post(qian, 'draftbox/delete', { ywlx: 'GJ0302', ywbh })).data).toEqual({ discarded: [ywbh] });
    expect(await drafts00(qian)).not.toContain(ywbh);
  });

  it("another login's number, in the stored draft or in the body, is 403 and nothing is deleted", async () => {
    const theirs = await wizardUpToMaterials(qian);
    // Sun's own wizard draft made to point at Qian's application.
    await post(sun, 'draftbox/save', { ywlx: 'GJ0302', step: 4, payload: { txdz: '北京市', _ywbh: theirs } });
    for (const attempt of [{ ywlx: 'GJ0302' }, { ywlx: 'GJ0302', ywbh: theirs }, { ywlx: 'GJ0302', ywbh: 'GJ03022026010199999999' }]) {
      const res = await post(sun, 'draftbox/delete', attempt);
      expect(res.statusCode).toBe(403);
      expect(json(res)).toEqual({ code: 403, msg: httpStatusMessage(403), data: null });
    }
    expect(await drafts00(qian)).toContain(theirs);
    expect(await filesOf(theirs)).toBe(1);
    expect(json(await app.inject({ url: `${ZHFW}/draftbox/get?ywlx=GJ0302`, headers: { token: sun } })).data.payload.txdz).toBe('北京市');
    await post(qian, 'draftbox/delete', { ywlx: 'GJ0302' });
  });

  it('leaves an application already submitted; a draft deleted in 我的业务 leaves the wizard nothing to discard', async () => {
    const submitted = json(await post(qian, 'ywsq/submit', { ywlx: 'GJ0302', payload: { txdz: '北京市东城区东四十条 1 号' } })).data.ywbh as string;
    await post(qian, 'draftbox/save', { ywlx: 'GJ0302', step: 4, payload: { _ywbh: submitted } });
    expect(json(await post(qian, 'draftbox/delete', { ywlx: 'GJ0302' }))).toMatchObject({ code: 0, data: { discarded: [] } });
    expect(json(await app.inject({ url: `${ZHFW}/ywsq/list?ywbh=${submitted}&pageNum=1&pageSize=10`, headers: { token: qian } })).data.total).toBe(1);

    const ywbh = await wizardUpToMaterials(qian);
    expect(json(await post(qian, 'ywsq/deleteDraft', { ywbh })).code).toBe(0);
    const kept = json(await app.inject({ url: `${ZHFW}/draftbox/get?ywlx=GJ0302`, headers: { token: qian } })).data;
    expect(kept.payload).toEqual(answers);
    expect(json(await post(qian, 'draftbox/delete', { ywlx: 'GJ0302' }))).toMatchObject({ code: 0, data: { discarded: [] } });
  });
});
