import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { freshIp, signIn } from '../test-support/login';

// POST /dev/state replyComplaint and processComplaint: what the centre's back office does to a complaint, for the tests.
let db: Db;
let app: FastifyInstance;
const clock = Date.parse('2026-11-24T10:00:00+08:00');
const P = '/api/izfgjj-zhfw/v1';
const PERSON = '110101199003072316';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date(clock) });
});

afterAll(() => app.close());

const state = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/dev/state', payload });

interface Item {
  id: string;
  sqbh: string;
  nr: string;
  zt: number;
  ztmc: string;
  hfnr: string;
  hfsj: string;
  gkbz: number;
}

async function add(token: string, nr: string): Promise<{ id: string; sqbh: string }> {
  const res = await app.inject({ method: 'POST', url: `${P}/tsjy/add`, payload: { tslx: '01', zrbm: '02', nr }, headers: { token }, remoteAddress: freshIp() });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { id: string; sqbh: string } }>().data;
}

const info = async (id: string, token?: string) => {
  const res = await app.inject({ url: `${P}/tsjy/getInfo?id=${id}`, headers: token ? { token } : {} });
  return { status: res.statusCode, data: res.json<{ data: Item }>().data };
};

describe('POST /dev/state: complaints', () => {
  it('processComplaint sets 处理中; replyComplaint sets 已回复 with the reply and its time, unpublished unless asked', async () => {
    const token = await signIn(app, PERSON);
    const { id, sqbh } = await add(token, '公积金提取到账时间太长，希望缩短。');
    expect((await info(id, token)).data).toMatchObject({ zt: 0, ztmc: '待处理', hfnr: '', hfsj: '' });

    expect((await state({ processComplaint: sqbh })).statusCode).toBe(200);
    expect((await info(id, token)).data).toMatchObject({ zt: 1, ztmc: '处理中', hfnr: '' });

    const res = await state({ replyComplaint: { sqbh, hfnr: '  已督促提取科室在三个工作日内办结。 ' } });
    expect(res.statusCode).toBe(200);
    expect((await info(id, token)).data).toMatchObject({
      zt: 2,
      ztmc: '已回复',
      hfnr: '已督促提取科室在三个工作日内办结。',
      hfsj: '2026-11-24 10:00:00',
      gkbz: 0,
    });
    // Not published: a stranger still cannot see it.
    expect((await info(id)).status).toBe(404);
    // A reply does not take a replied complaint back to 处理中.
    await state({ processComplaint: sqbh });
    expect((await info(id, token)).data.zt).toBe(2);
  });

  it('replyComplaint with publish shows it, with its reply, in the public list and detail', async () => {
    const token = await signIn(app, PERSON);
    const { id, sqbh } = await add(token, '建议在公积金中心大厅增加自助查询机。');
    await state({ replyComplaint: { sqbh, hfnr: '已在大厅增设两台自助查询机。', publish: true } });
    const publicList = (await app.inject({ url: `${P}/tsjy/getList?pageSize=50` })).json<{ data: { list: Item[] } }>().data.list;
    expect(publicList.find((c) => c.sqbh === sqbh)).toMatchObject({ ztmc: '已回复', hfnr: '已在大厅增设两台自助查询机。', gkbz: 1 });
    expect((await info(id)).data).toMatchObject({ sqbh, hfnr: '已在大厅增设两台自助查询机。' });
  });

  it('refuses an unknown or malformed reference number and an empty reply in Chinese', async () => {
    const unknown = await state({ replyComplaint: { sqbh: 'TS209901010001', hfnr: '回复' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ msg: '没有这个受理编号：TS209901010001' });
    const malformed = await state({ processComplaint: 'TS1' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ msg: string }>().msg).toContain('受理编号格式不正确');
    const token = await signIn(app, PERSON);
    const { sqbh } = await add(token, '空白回复不应被接受的一条意见。');
    const blank = await state({ replyComplaint: { sqbh, hfnr: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ msg: string }>().msg).toContain('回复内容');
    const typo = await state({ replyComplaint: { sqbh, hfnr: '回复', pubilsh: true } });
    expect(typo.statusCode).toBe(400);
    expect(typo.json<{ msg: string }>().msg).toContain('replyComplaint 只支持');
    expect((await state({ replyComplaints: {} })).json<{ msg: string }>().msg).toContain('replyComplaint、processComplaint');
  });
});
