import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, BUILD_PRODUCTION_MESSAGES } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { placeholderSubmitted } from '../test-support/placeholder-draft';
import { CENTRE_KEY_HEADER, CENTRE_KEY_MESSAGE, centreKeyMatches } from './centre';
import { USAGE, centreKeyFrom, runCentre } from './centre-cli';
import { submitWithMaterials } from '../test-support/materials';

let db: Db;
let app: FastifyInstance;
let zhang: string;
const KEY = 'centre-test-key-9f2c6a1d7e5b4c3a';
const ZHZH = '/api/izfgjj-zhfw/v1';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, centreApiKey: KEY });
  zhang = await signIn(app, '110101199003072316');
});
afterAll(() => app.close());

const centre = (url: string, headers: Record<string, string> = { [CENTRE_KEY_HEADER]: KEY }, payload?: object) =>
  app.inject({ method: payload ? 'POST' : 'GET', url: `/api/centre/v1/${url}`, headers, ...(payload ? { payload } : {}) });
// As the wizard submits: a draft, its required materials uploaded (issue 31 item 3), then the submission.
const submit = async (ywlx: string, payload: Record<string, unknown>): Promise<string> =>
  (await submitWithMaterials(app, zhang, ywlx, payload)).json<{ data: { ywbh: string } }>().data.ywbh;
/**
 * An application waiting for the centre, of a business not open online (issue 31 item 9: the hall no longer files
 * placeholders, so one filed before is written as data).
 */
const filed = (ywlx: string, payload: Record<string, unknown>): Promise<string> => placeholderSubmitted(db, zhang, ywlx, payload);

describe('the centre API key', () => {
  it('refuses every call without the key, or with a wrong one, with 401 and nothing else', async () => {
    const ywbh = await filed('GD0404', { hkfs: '02' });
    const calls: Array<[string, object | undefined]> = [
      ['applications', undefined],
      [`applications/${ywbh}`, undefined],
      ...(['accept', 'complete', 'return', 'reject'] as const).map((a): [string, object] => [`applications/${ywbh}/${a}`, { operator: '王经办', reasons: ['x'] }]),
    ];
    const wrong: Array<Record<string, string>> = [{}, { [CENTRE_KEY_HEADER]: 'wrong' }, { [CENTRE_KEY_HEADER]: `${KEY}x` }, { [CENTRE_KEY_HEADER]: KEY.slice(0, -1) }, { token: zhang }];
    for (const headers of wrong) {
      for (const [url, payload] of calls) {
        const res = await centre(url, headers, payload);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ code: 401, msg: CENTRE_KEY_MESSAGE, data: null });
      }
    }
    // Nothing was decided.
    const detail = await app.inject({ url: `${ZHZH}/ywsq/detail?ywbh=${ywbh}`, headers: { token: zhang } });
    expect(detail.json<{ data: { zt: string } }>().data.zt).toBe('01');
  });

  it('compares keys whatever their length, and refuses an empty or missing one', () => {
    expect(centreKeyMatches(KEY, KEY)).toBe(true);
    expect(centreKeyMatches(KEY, KEY.toUpperCase())).toBe(false);
    expect(centreKeyMatches(KEY, '')).toBe(false);
    expect(centreKeyMatches(KEY, undefined)).toBe(false);
    expect(centreKeyMatches(KEY, ['a'])).toBe(false);
  });

  it('is absent (404) when no key is configured, and a key shorter than 16 characters stops the start', async () => {
    const bare = await prepareDatabase({ memory: true }, false);
    const without = await buildApp({ db: bare, centreApiKey: undefined });
    try {
      for (const headers of [{}, { [CENTRE_KEY_HEADER]: KEY }]) {
        const res = await without.inject({ url: '/api/centre/v1/applications', headers });
        expect(res.statusCode).toBe(404);
      }
      await expect(buildApp({ db: bare, centreApiKey: 'short' })).rejects.toThrow(BUILD_PRODUCTION_MESSAGES.centreKey);
    } finally {
      await without.close();
    }
  });
});

describe('the centre API', () => {
  it('lists pending applications in business-number order, one page at a time', async () => {
    const numbers = [await filed('GD0405', { a: '1' }), await filed('GD0406', { b: '2' }), await filed('GD0602', { c: '3' })];
    const seen: string[] = [];
    let after = '';
    for (;;) {
      const page = (await centre(`applications?zt=01&limit=2${after ? `&after=${after}` : ''}`)).json<{ data: { list: Array<{ ywbh: string; ztmc: string; zh: string }>; next: string | null } }>().data;
      expect(page.list.length).toBeLessThanOrEqual(2);
      seen.push(...page.list.map((r) => r.ywbh));
      if (!page.next) break;
      after = page.next;
    }
    expect(seen).toEqual([...seen].sort());
    for (const n of numbers) expect(seen).toContain(n);
    const one = (await centre(`applications/${numbers[0]}`)).json<{ data: Record<string, unknown> }>().data;
    expect(one).toMatchObject({ ywbh: numbers[0], ywlx: 'GD0405', ywmc: '还款账户变更', zt: '01', zh: '201000000101', payload: { a: '1' } });
  });

  it('answers 404 for an unknown number, 400 for bad input, and runs decisions through the status machine', async () => {
    expect((await centre('applications/GD040520260101' + '00000000')).json()).toMatchObject({ code: 404, msg: '业务不存在' });
    expect((await centre('applications/abc')).json()).toMatchObject({ code: 400, msg: '业务编号格式不正确' });
    // A name change waits for the centre (a real business: its completion changes the records).
    const ywbh = await submit('GJ0302', { xingming: '张叁' });
    expect(ywbh).toMatch(/^GJ0302/);
    expect((await centre(`applications/${ywbh}/accept`, undefined, {})).json()).toMatchObject({ code: 400, msg: '缺少经办人' });
    expect((await centre(`applications/${ywbh}/complete`, undefined, { operator: '王经办' })).json()).toMatchObject({
      code: 409,
      msg: '业务当前状态为“已提交”，不能办结',
    });
    expect((await centre(`applications/${ywbh}/reject`, undefined, { operator: '王经办', reasons: [] })).json()).toMatchObject({
      code: 400,
      msg: '请填写不予受理原因',
    });
    expect((await centre(`applications/${ywbh}/accept`, undefined, { operator: '王经办', note: '材料齐全' })).json()).toMatchObject({ code: 0, data: { zt: '02' } });
    expect((await centre(`applications/${ywbh}/complete`, undefined, { operator: '王经办' })).json()).toMatchObject({ code: 0, data: { zt: '03', ztmc: '已办结' } });
    const events = (await centre(`applications/${ywbh}`)).json<{ data: { events: Array<{ zt: string; actorName: string; note: string }> } }>().data.events;
    // The wizard's draft first: its materials are uploaded to it before it is submitted (issue 31 item 3).
    expect(events.map((e) => [e.zt, e.actorName, e.note])).toEqual([
      ['00', '张三', ''],
      ['01', '张三', ''],
      ['02', '王经办', '材料齐全'],
      ['03', '王经办', ''],
    ]);
  });

  it('cannot complete a business not open online (issue 31 item 9): accept, return and reject still work', async () => {
    // A code still a placeholder (GD0602 became a business of its own in issue 38).
    const ywbh = await filed('YT1101', { b: '3' });
    expect((await centre(`applications/${ywbh}/accept`, undefined, { operator: '王经办' })).json()).toMatchObject({ code: 0, data: { zt: '02' } });
    expect((await centre(`applications/${ywbh}/complete`, undefined, { operator: '王经办' })).json()).toMatchObject({
      code: 409,
      msg: '“异地贷款冲还贷签约”暂未开通网上办理，不能在网上办结，请退回或不予受理',
    });
    expect((await centre(`applications/${ywbh}`)).json()).toMatchObject({ data: { zt: '02' } });
    expect((await centre(`applications/${ywbh}/reject`, undefined, { operator: '王经办', reasons: ['请到柜台办理'] })).json()).toMatchObject({ code: 0, data: { zt: '05' } });
  });
});

describe('the centre command', () => {
  // The command's fetch, answered by the app in this process (the command talks to a running server over HTTP).
  const viaApp: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers: init?.headers as Record<string, string>,
      ...(init?.body ? { payload: String(init.body) } : {}),
    });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
  };
  const run = (...argv: string[]) => runCentre(argv, { CENTRE_API_KEY: KEY, CENTRE_URL: 'http://127.0.0.1:1' }, viaApp);

  it('lists, accepts, returns with reasons and says what it did', async () => {
    const ywbh = await filed('GD0605', { hkje: 1000 });
    expect((await run('list', '--zt', '01', '--limit', '200')).join('\n')).toContain(`${ywbh}  已提交  公积金提前还贷  账号 201000000101`);
    expect(await run('accept', ywbh, '--operator', '李审核')).toEqual([`${ywbh}  公积金提前还贷：已受理`]);
    await expect(run('return', ywbh)).rejects.toThrow('请填写退回原因');
    expect(await run('return', ywbh, '--reason', '银行卡号有误', '--reason', '缺少身份证复印件')).toEqual([`${ywbh}  公积金提前还贷：已退回`]);
    const shown = JSON.parse((await run('show', ywbh))[0]!) as { events: Array<{ reasons: string[] }> };
    expect(shown.events.at(-1)?.reasons).toEqual(['银行卡号有误', '缺少身份证复印件']);
  });

  it('says what is wrong: a wrong key, no number, an unknown command, no key at all', async () => {
    await expect(runCentre(['list'], { CENTRE_API_KEY: 'wrong-key-0000000000', CENTRE_URL: 'http://x' }, viaApp)).rejects.toThrow(CENTRE_KEY_MESSAGE);
    await expect(run('accept')).rejects.toThrow('缺少业务编号');
    await expect(run('approve', 'GD06022026010100000001')).rejects.toThrow('不认识的命令：approve');
    expect(() => centreKeyFrom({ DATA_DIR: '/nonexistent-gjj' })).toThrow('找不到中心接口密钥');
    expect((await run())[0]).toBe(USAGE);
  });
});
