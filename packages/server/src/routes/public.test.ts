import type { FastifyInstance } from 'fastify';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Db } from '../db/db';
import { loadMigrations, migrate } from '../db/migrate';
import { prepareDatabase } from '../start';
import { UNSAFE_POLICY_TITLE, demoPolicies } from '../seed/public';
import { freshIp, signIn } from '../test-support/login';

// One in-memory PGlite for the whole file.
let db: Db;
let app: FastifyInstance;
let clock = Date.parse('2026-11-24T10:00:00+08:00');

const P = '/api/izfgjj-zhfw/v1';
const PERSON = '110101199003072316';
const OTHER = '320106198506124022';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date(clock) });
});

afterAll(() => app.close());

interface Answer<T> {
  status: number;
  body: { code: number; msg: string; data: T };
}

interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

const get = async <T>(url: string, token?: string): Promise<Answer<T>> => {
  const res = await app.inject({ url, headers: token ? { token } : {} });
  return { status: res.statusCode, body: res.json() };
};

/** A POST from an address of its own, so the per-address submission limit only counts where a test means it to. */
const post = async <T>(url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}, remoteAddress = freshIp()): Promise<Answer<T>> => {
  const res = await app.inject({ method: 'POST', url, payload, headers, remoteAddress });
  return { status: res.statusCode, body: res.json() };
};

interface PolicyRow {
  id: string;
  title: string;
  category: string;
  categoryName: string;
  publishDate: string;
}

const published = demoPolicies().filter((p) => p.status === 'published');

describe('policies', () => {
  it('seeds at least 30, in four categories, two withdrawn', () => {
    expect(demoPolicies().length).toBeGreaterThanOrEqual(30);
    expect(new Set(demoPolicies().map((p) => p.category)).size).toBe(4);
    expect(published.length).toBe(demoPolicies().length - 2);
  });

  it('pages the published ones newest first with the default size of 20', async () => {
    const first = await get<Page<PolicyRow>>(`${P}/zcxx/getList`);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: published.length, pageNum: 1, pageSize: 20 });
    expect(first.body.data.list).toHaveLength(20);
    expect(first.body.data.list.map((p) => p.title)).toEqual(published.slice(0, 20).map((p) => p.title));
    const second = await get<Page<PolicyRow>>(`${P}/zcxx/getList?pageNum=2&pageSize=20`);
    expect(second.body.data.list.map((p) => p.title)).toEqual(published.slice(20, 40).map((p) => p.title));
    const tens = await get<Page<PolicyRow>>(`${P}/zcxx/getList?pageNum=3&pageSize=10`);
    expect(tens.body.data.list.map((p) => p.title)).toEqual(published.slice(20, 30).map((p) => p.title));
    const dates = first.body.data.list.map((p) => p.publishDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('refuses page sizes other than 10, 20, 30, 50 and a page number below 1', async () => {
    const odd = await get(`${P}/zcxx/getList?pageSize=25`);
    expect(odd.status).toBe(400);
    expect(odd.body.msg).toBe('每页条数只能是 10、20、30 或 50');
    const zero = await get(`${P}/zcxx/getList?pageNum=0`);
    expect(zero.status).toBe(400);
    expect(zero.body.msg).toBe('页码应为大于 0 的整数');
  });

  it('searches titles by keyword and filters by category', async () => {
    const rent = await get<Page<PolicyRow>>(`${P}/zcxx/getList?keyword=${encodeURIComponent('租房')}`);
    const expected = published.filter((p) => p.title.includes('租房')).map((p) => p.title);
    expect(expected.length).toBeGreaterThan(1);
    expect(rent.body.data.list.map((p) => p.title)).toEqual(expected);
    expect(rent.body.data.total).toBe(expected.length);

    const loans = await get<Page<PolicyRow>>(`${P}/zcxx/getList?category=dkzc&pageSize=50`);
    expect(loans.body.data.list.every((p) => p.category === 'dkzc' && p.categoryName === '贷款政策')).toBe(true);
    expect(loans.body.data.total).toBe(published.filter((p) => p.category === 'dkzc').length);

    const both = await get<Page<PolicyRow>>(`${P}/zcxx/getList?category=tqzc&keyword=${encodeURIComponent('租房')}`);
    expect(both.body.data.list.map((p) => p.title)).toEqual(published.filter((p) => p.category === 'tqzc' && p.title.includes('租房')).map((p) => p.title));

    // LIKE wildcards are literal.
    const percent = await get<Page<PolicyRow>>(`${P}/zcxx/getList?keyword=%25`);
    expect(percent.body.data.total).toBe(0);
  });

  it('lists the categories with their published counts', async () => {
    const cats = await get<Array<{ code: string; name: string; total: number }>>(`${P}/zcxx/getCategories`);
    expect(cats.body.data.map((c) => c.name)).toEqual(['缴存政策', '提取政策', '贷款政策', '综合管理']);
    expect(cats.body.data.reduce((n, c) => n + c.total, 0)).toBe(published.length);
  });

  it('answers a detail with its body as published, unsafe payloads included; a withdrawn one is 410', async () => {
    const all = await get<Page<PolicyRow>>(`${P}/zcxx/getList?pageSize=50`);
    const unsafe = all.body.data.list.find((p) => p.title === UNSAFE_POLICY_TITLE);
    expect(unsafe).toBeDefined();
    const detail = await get<{ body: string; title: string }>(`${P}/zcxx/getInfo?id=${unsafe?.id ?? ''}`);
    expect(detail.body.data.body).toContain('<script>');
    expect(detail.body.data.body).toContain('onerror=');
    expect(detail.body.data.body).toContain('javascript:');

    const [withdrawn] = await db.query<{ id: string; title: string }>(`select id::text as id, title from policy where status = 'withdrawn' limit 1`);
    const gone = await get(`${P}/zcxx/getInfo?id=${withdrawn?.id ?? ''}`);
    expect(gone.status).toBe(410);
    expect(gone.body.msg).toBe('该政策已撤回，不再公开');
    // Nothing of it is answered (issue 18, item 11): no title, no body.
    expect(gone.body.data).toBeNull();
    expect(JSON.stringify(gone.body)).not.toContain(withdrawn?.title ?? '');
    expect((await get(`${P}/zcxx/getInfo?id=999999`)).status).toBe(404);
    expect((await get(`${P}/zcxx/getInfo?id=abc`)).body.msg).toBe('编号不正确');
  });

  it('answers a summary: total, latest date, counts and the newest five', async () => {
    const summary = await get<{ total: number; latestDate: string; categories: unknown[]; latest: Array<{ title: string }> }>(`${P}/zcxx/getSummary`);
    expect(summary.body.data.total).toBe(published.length);
    expect(summary.body.data.latestDate).toBe(published[0]?.publishDate);
    expect(summary.body.data.categories).toHaveLength(4);
    expect(summary.body.data.latest.map((p) => p.title)).toEqual(published.slice(0, 5).map((p) => p.title));
  });

  it('answers the introduction', async () => {
    const intro = await get<{ title: string; body: string }>(`${P}/zxjs/getInfo`);
    expect(intro.body.data.title).toContain('简介');
    expect(intro.body.data.body).toContain('<h3>主要职责</h3>');
  });
});

describe('downloads', () => {
  interface FileRow {
    id: string;
    fileName: string;
    contentType: string;
    size: number;
    url: string;
  }

  it('serves a real PDF and a real DOCX with type, length and a download name', async () => {
    const list = await get<Page<FileRow>>(`${P}/cyxz/getList`);
    const pdf = list.body.data.list.find((f) => f.contentType === 'application/pdf');
    const docx = list.body.data.list.find((f) => f.fileName.endsWith('.docx'));
    expect(pdf && docx).toBeTruthy();

    const pdfRes = await app.inject({ url: pdf?.url ?? '' });
    expect(pdfRes.statusCode).toBe(200);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    expect(Number(pdfRes.headers['content-length'])).toBe(pdf?.size);
    expect(String(pdfRes.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent(pdf?.fileName ?? '')}`);
    const pdfBytes = pdfRes.rawPayload;
    expect(pdfBytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(pdfBytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    // The startxref offset points at the cross-reference table.
    const text = pdfBytes.toString('latin1');
    const xref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    // Every object offset of the table points at its object; the text is Chinese in a CJK font.
    const offsets = [...text.matchAll(/(\d{10}) 00000 n/g)].map((m) => Number(m[1]));
    offsets.forEach((o, i) => expect(text.slice(o).startsWith(`${i + 1} 0 obj`)).toBe(true));
    expect(text).toContain('/BaseFont /STSong-Light');
    const hex = [...'姓名'].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()).join('');
    expect(text).toContain(`<${hex}`);

    const docxRes = await app.inject({ url: docx?.url ?? '' });
    expect(docxRes.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const zip = docxRes.rawPayload;
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    // Walk the local headers and inflate word/document.xml.
    let at = 0;
    const names: string[] = [];
    let documentXml = '';
    while (zip.readUInt32LE(at) === 0x04034b50) {
      const size = zip.readUInt32LE(at + 18);
      const nameLength = zip.readUInt16LE(at + 26);
      const name = zip.subarray(at + 30, at + 30 + nameLength).toString('utf8');
      const data = zip.subarray(at + 30 + nameLength, at + 30 + nameLength + size);
      names.push(name);
      if (name === 'word/document.xml') documentXml = inflateRawSync(data).toString('utf8');
      at += 30 + nameLength + size;
    }
    expect(names).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(documentXml).toContain('<w:document');
    expect(documentXml).toContain('单位名称');
  });

  it('answers 404 for a file that is not there', async () => {
    const res = await get(`${P}/cyxz/download?id=9999`);
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('文件不存在或已下架');
  });
});

describe('videos and smart push', () => {
  it('lists videos with a poster image and a clear message where the file is absent', async () => {
    const list = await get<Page<{ posterUrl: string; videoUrl: string | null; available: boolean; message: string }>>(`${P}/czsp/getList`);
    expect(list.body.data.total).toBeGreaterThanOrEqual(4);
    const video = list.body.data.list.find((v) => !v.available);
    expect(video).toMatchObject({ videoUrl: null, available: false });
    expect(video?.message).toContain('暂未上传');
    const poster = await app.inject({ url: video?.posterUrl ?? '' });
    expect(poster.headers['content-type']).toBe('image/svg+xml');
    expect(poster.body.startsWith('<svg')).toBe(true);
    expect(poster.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('publishes the recorded videos with captions and a transcript, and serves their files (ranges too)', async () => {
    type Video = { title: string; videoUrl: string | null; captionsUrl: string | null; transcript: string; available: boolean; durationSeconds: number };
    const list = (await get<Page<Video>>(`${P}/czsp/getList?pageSize=10`)).body.data.list;
    const recorded = list.filter((v) => v.available);
    expect(recorded.map((v) => v.title)).toEqual(['个人用户登录网上业务大厅', '住房公积金贷款计算器', '提交投诉建议']);
    for (const v of recorded) {
      expect(v.videoUrl).toMatch(new RegExp(`^${P}/czsp/file/[a-z-]+\\.webm$`));
      expect(v.transcript.split('\n')[0]).toBe(v.title);
      expect(v.durationSeconds).toBeGreaterThan(5);
      const file = await app.inject({ url: v.videoUrl ?? '' });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('video/webm');
      // The WebM (EBML) signature, and small.
      expect(file.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
      expect(file.rawPayload.length).toBeLessThan(600 * 1024);
      const captions = await app.inject({ url: v.captionsUrl ?? '' });
      expect(captions.headers['content-type']).toBe('text/vtt; charset=utf-8');
      expect(captions.body.startsWith('WEBVTT')).toBe(true);
      expect(captions.body).toMatch(/\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}\n[\u4e00-\u9fa5]/);
    }
    const url = recorded[0]?.videoUrl ?? '';
    const part = await app.inject({ url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(part.rawPayload.length).toBe(100);
    expect((await app.inject({ url, headers: { range: 'bytes=999999999-' } })).statusCode).toBe(416);
    for (const name of ['nothing.webm', 'sign-in.txt', '..%2Fvideos.json', 'videos.json']) {
      const res = await get(`${P}/czsp/file/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.body.msg).toBe('视频不存在');
    }
  });

  it('lists smart-push items newest first and answers a detail', async () => {
    const list = await get<Page<{ id: string; publishDate: string }>>(`${P}/intellect/getList?pageSize=10`);
    expect(list.body.data.total).toBe(6);
    const dates = list.body.data.list.map((i) => i.publishDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const detail = await get<{ body: string }>(`${P}/intellect/getInfo?id=${list.body.data.list[0]?.id ?? ''}`);
    expect(detail.body.data.body).toContain('12329');
  });
});

describe('session-only calls', () => {
  it('answer 401 without a session', async () => {
    for (const url of [`${P}/kfslpxx/getList`, `${P}/kfslpxx/getBankList`, `${P}/hcp/getRecords`, `${P}/hcp/getInfo?id=1`]) {
      expect((await get(url)).status).toBe(401);
    }
    expect((await post(`${P}/hcp/evaluate`, { sxbm: 'TQ01', myd: '5' })).status).toBe(401);
  });

  it('partner developments: list and the unit-name search rule', async () => {
    const token = await signIn(app, PERSON);
    const all = await get<Page<{ kfsmc: string }>>(`${P}/kfslpxx/getList`, token);
    // The centre's eight, and the three approved developers' projects on sale (seed step 65, docs/api-developer.md).
    expect(all.body.data.total).toBe(11);
    const search = await get<Page<{ kfsmc: string }>>(`${P}/kfslpxx/getList?kfsmc=${encodeURIComponent('示例置业')}`, token);
    expect(search.body.data.total).toBe(4);
    expect(search.body.data.list.every((d) => d.kfsmc.includes('示例置业'))).toBe(true);
    const short = await get(`${P}/kfslpxx/getList?kfsmc=${encodeURIComponent(' 示 ')}`, token);
    expect(short.status).toBe(400);
    expect(short.body.msg).toBe('请输入查询单位信息(不能少于2个字符)');
    const banks = await get<Array<{ hzyh: string; total: number }>>(`${P}/kfslpxx/getBankList`, token);
    expect(banks.body.data.reduce((n, b) => n + b.total, 0)).toBe(11);
    expect(banks.body.data.map((b) => b.hzyh)).toContain('中国建设银行');
  });
});

describe('complaints', () => {
  const valid = { tslx: '02', zrbm: '05', nr: '希望增加夜间在线客服。', lxdh: '13912345678' };

  it('lists types and departments', async () => {
    expect((await get<unknown[]>(`${P}/tsjy/getTypes`)).body.data).toHaveLength(4);
    expect((await get<Array<{ name: string }>>(`${P}/tsjy/getDepts`)).body.data.map((d) => d.name)).toContain('信贷管理处');
  });

  it('applies the opinion rule of spec 5.4 and checks the phone', async () => {
    const empty = await post(`${P}/tsjy/add`, { ...valid, nr: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('请输入意见！');
    const missing = await post(`${P}/tsjy/add`, { tslx: '02', zrbm: '05' });
    expect(missing.body.msg).toBe('请输入意见！');
    const four = await post(`${P}/tsjy/add`, { ...valid, nr: '服务很好' });
    expect(four.status).toBe(400);
    expect(four.body.msg).toBe('意见不得少于五个字！');
    const five = await post<{ sqbh: string }>(`${P}/tsjy/add`, { ...valid, nr: '服务很周到', lxdh: '' });
    expect(five.status).toBe(200);
    const phone = await post(`${P}/tsjy/add`, { ...valid, lxdh: '1391234' });
    expect(phone.status).toBe(400);
    expect(phone.body.msg).toBe('请输入正确的联系电话（手机号码或带区号的固定电话）');
    const type = await post(`${P}/tsjy/add`, { ...valid, tslx: '77' });
    expect(type.body.msg).toBe('请选择正确的类型');
    const dept = await post(`${P}/tsjy/add`, { ...valid, zrbm: undefined });
    expect(dept.body.msg).toBe('请选择责任部门');
  });

  it('a signed-in person sees their own complaints with status, reply and masked phone; others do not', async () => {
    const token = await signIn(app, PERSON);
    const added = await post<{ id: string; sqbh: string }>(`${P}/tsjy/add`, valid, { token });
    expect(added.body.msg).toBe('提交成功');
    expect(added.body.data.sqbh).toMatch(/^TS20261124\d{6}$/);
    await db.query(`update complaint set status = 2, reply = '已转信息技术处研究。', replied_at = now() where id = $1`, [added.body.data.id]);

    const mine = await get<Page<{ sqbh: string; ztmc: string; hfnr: string; lxdh: string; mine: boolean }>>(`${P}/tsjy/getList`, token);
    expect(mine.body.data.list[0]).toMatchObject({ sqbh: added.body.data.sqbh, ztmc: '已回复', hfnr: '已转信息技术处研究。', lxdh: '139****5678', mine: true });
    expect(mine.body.data.list.every((c) => c.mine)).toBe(true);
    const detail = await get<{ nr: string }>(`${P}/tsjy/getInfo?id=${added.body.data.id}`, token);
    expect(detail.body.data.nr).toBe(valid.nr);

    const other = await signIn(app, OTHER);
    expect((await get(`${P}/tsjy/getInfo?id=${added.body.data.id}`, other)).status).toBe(404);
    expect((await get(`${P}/tsjy/getInfo?id=${added.body.data.id}`)).status).toBe(404);
    const othersList = await get<Page<{ sqbh: string }>>(`${P}/tsjy/getList`, other);
    expect(othersList.body.data.list.map((c) => c.sqbh)).not.toContain(added.body.data.sqbh);
  });

  it('a token that no longer opens a session answers 401, not an anonymous answer', async () => {
    const stale = 'f'.repeat(64);
    expect((await get(`${P}/tsjy/getList`, stale)).status).toBe(401);
    expect((await get(`${P}/tsjy/getInfo?id=1`, stale)).status).toBe(401);
    const add = await post(`${P}/tsjy/add`, valid, { token: stale });
    expect(add.status).toBe(401);
    expect(add.body.msg).toBe('登录已过期，请重新登录');
  });

  it('without a session the list shows only what the centre published, without contact details', async () => {
    const list = await get<Page<{ gkbz: number; lxdh: string; hfnr: string }>>(`${P}/tsjy/getList`);
    expect(list.body.data.total).toBe(3);
    expect(list.body.data.list.every((c) => c.gkbz === 1 && c.lxdh === '' && c.hfnr !== '')).toBe(true);
  });

  it('accepts a form-encoded body as spec 7.3 says, with the same rules', async () => {
    const form = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: `${P}/tsjy/add`,
        remoteAddress: freshIp(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const good = await form({ tslx: '03', zrbm: '02', nr: '请问缴存基数何时调整？' });
    expect(good.statusCode).toBe(200);
    expect(good.json<{ data: { sqbh: string } }>().data.sqbh).toMatch(/^TS\d{14}$/);
    const short = await form({ tslx: '03', zrbm: '02', nr: '何时' });
    expect(short.json<{ msg: string }>().msg).toBe('意见不得少于五个字！');
  });

  it('limits submissions per address: the 31st in a minute is refused', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i += 1) {
      expect((await post(`${P}/tsjy/add`, { ...valid, nr: '' }, {}, ip)).status).toBe(400);
    }
    const over = await post(`${P}/tsjy/add`, valid, {}, ip);
    expect(over.status).toBe(429);
    expect(over.body.msg).toBe('请求过于频繁，请稍后再试');
  });

  it('numbers each day from 000001 on', async () => {
    clock = Date.parse('2026-11-25T09:00:00+08:00');
    const a = await post<{ sqbh: string }>(`${P}/tsjy/add`, valid);
    const b = await post<{ sqbh: string }>(`${P}/tsjy/add`, valid);
    expect([a.body.data.sqbh, b.body.data.sqbh]).toEqual(['TS20261125000001', 'TS20261125000002']);
  });
});

describe('idempotent submissions', () => {
  const body = { tslx: '01', zrbm: '06', nr: '窗口工作人员态度需要改进。' };
  const count = async (content: string) =>
    Number((await db.query<{ n: number }>('select count(*)::int as n from complaint where content = $1', [content]))[0]?.n);

  // A visitor's key is theirs: each retry below comes from the one client address (see 'another client' below).
  const visitor = freshIp();

  it('the same key twice stores once and answers the first answer', async () => {
    const headers = { 'idempotency-key': 'test-key-0001' };
    const first = await post<{ sqbh: string }>(`${P}/tsjy/add`, body, headers, visitor);
    const second = await post<{ sqbh: string }>(`${P}/tsjy/add`, body, headers, visitor);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(await count(body.nr)).toBe(1);
  });

  it('a key reused with other content is refused with 422', async () => {
    const headers = { 'idempotency-key': 'test-key-0001' };
    const other = await post(`${P}/tsjy/add`, { ...body, nr: '另一条完全不同的意见。' }, headers, visitor);
    expect(other.status).toBe(422);
    expect(other.body.msg).toBe('该幂等键已用于另一份不同内容的提交，请刷新页面后重新提交');
  });

  it('concurrent submissions with one key store one', async () => {
    const content = '并发提交只应保存一条意见。';
    const headers = { 'idempotency-key': 'concurrent-key-01' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => post<{ sqbh: string }>(`${P}/tsjy/add`, { ...body, nr: content }, headers, visitor)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.sqbh)).size).toBe(1);
    expect(await count(content)).toBe(1);
  });

  it('the same key from another client is a submission of its own, never the first receipt (issue 18, item 17)', async () => {
    const headers = { 'idempotency-key': 'shared-key-0001' };
    const content = '同一幂等键由另一访客使用。';
    const mine = await post<{ id: string; sqbh: string; tjsj: string }>(`${P}/tsjy/add`, { ...body, nr: content }, headers, visitor);
    expect(mine.status).toBe(200);
    // Another visitor with the same key and the same content: a new complaint, a new number.
    const theirs = await post<{ id: string; sqbh: string }>(`${P}/tsjy/add`, { ...body, nr: content }, headers, freshIp());
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.sqbh).not.toBe(mine.body.data.sqbh);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    // ...and with other content: not 422 (which would tell that the key is in use), but their own submission.
    const third = await post<{ sqbh: string }>(`${P}/tsjy/add`, { ...body, nr: '第三位访客的另一条意见。' }, headers, freshIp());
    expect(third.status).toBe(200);
    expect(await count(content)).toBe(2);
    // The first visitor's retry still answers their own receipt.
    expect((await post(`${P}/tsjy/add`, { ...body, nr: content }, headers, visitor)).body.data).toEqual(mine.body.data);
    // A signed-in person's key is their login's, whatever the address.
    const token = await signIn(app, PERSON);
    const signed = { ...headers, token };
    const a = await post<{ sqbh: string }>(`${P}/tsjy/add`, { ...body, nr: content }, signed, freshIp());
    const b = await post<{ sqbh: string }>(`${P}/tsjy/add`, { ...body, nr: content }, signed, freshIp());
    expect(b.body.data).toEqual(a.body.data);
    expect(a.body.data.sqbh).not.toBe(mine.body.data.sqbh);
  });

  it('a malformed key is refused; a key expires after 24 hours', async () => {
    const bad = await post(`${P}/tsjy/add`, body, { 'idempotency-key': 'a b' });
    expect(bad.status).toBe(400);
    const headers = { 'idempotency-key': 'expiring-key-01' };
    const content = '二十四小时后同一键视为新的提交。';
    const first = await post<{ sqbh: string }>(`${P}/tsjy/add`, { ...body, nr: content }, headers, visitor);
    clock += 24 * 3600_000 + 1000;
    const later = await post<{ sqbh: string }>(`${P}/tsjy/add`, { ...body, nr: content }, headers, visitor);
    expect(later.body.data.sqbh).not.toBe(first.body.data.sqbh);
    expect(await count(content)).toBe(2);
  });

  it('evaluations: items, levels, one record per key, own records only', async () => {
    expect((await get<unknown[]>(`${P}/hcp/getTypes`)).body.data).toHaveLength(5);
    expect((await get<unknown[]>(`${P}/hcp/getItems`)).body.data.length).toBeGreaterThanOrEqual(8);
    const token = await signIn(app, PERSON);
    const headers = { token, 'idempotency-key': 'evaluate-key-001' };
    const answers = await Promise.all([
      post<{ pjbh: string }>(`${P}/hcp/evaluate`, { sxbm: 'TQ01', myd: '5', pjnr: '办理很快' }, headers),
      post<{ pjbh: string }>(`${P}/hcp/evaluate`, { sxbm: 'TQ01', myd: '5', pjnr: '办理很快' }, headers),
    ]);
    expect(answers[0]?.body.data.pjbh).toMatch(/^PJ\d{14}$/);
    expect(answers[1]?.body.data).toEqual(answers[0]?.body.data);
    const records = await get<Page<{ id: string; pjbh: string; sxmc: string; mydmc: string }>>(`${P}/hcp/getRecords`, token);
    expect(records.body.data.total).toBe(1);
    expect(records.body.data.list[0]).toMatchObject({ sxmc: '租房提取', mydmc: '非常满意', pjbh: answers[0]?.body.data.pjbh });
    const one = records.body.data.list[0]?.id ?? '';
    expect((await get<{ pjnr: string }>(`${P}/hcp/getInfo?id=${one}`, token)).body.data.pjnr).toBe('办理很快');
    const bad = await post(`${P}/hcp/evaluate`, { sxbm: 'TQ01', myd: '9' }, { token });
    expect(bad.body.msg).toBe('请选择满意度');
    const other = await signIn(app, OTHER);
    expect((await get<Page<unknown>>(`${P}/hcp/getRecords`, other)).body.data.total).toBe(0);
    expect((await get(`${P}/hcp/getInfo?id=${one}`, other)).status).toBe(404);
    // The same key from another person is their own key.
    const theirs = await post<{ pjbh: string }>(`${P}/hcp/evaluate`, { sxbm: 'DK01', myd: '3' }, { token: other, 'idempotency-key': 'evaluate-key-001' });
    expect(theirs.status).toBe(200);
  });
});

describe('reference numbers (issue 18, item 4)', () => {
  const valid = { tslx: '02', zrbm: '05', nr: '建议增加周末服务时间，方便上班族办理业务。' };
  const setCounter = (prefix: string, day: string, last: number) =>
    db.query(
      `insert into reference_counter (prefix, day, last) values ($1, $2, $3) on conflict (prefix, day) do update set last = excluded.last`,
      [prefix, day, last],
    );
  const day = async (stem: string, order: 'sqbh' | 'id') =>
    (await db.query<{ sqbh: string }>(`select sqbh from complaint where sqbh like $1 order by ${order}`, [`${stem}%`])).map((r) => r.sqbh);

  it('the 9,999th, 10,000th and 10,001st of a day are distinct, all kept, and sort in the order they came', async () => {
    clock = Date.parse('2026-12-01T09:00:00+08:00');
    // The day's counter set directly to 9,998 numbers given.
    await setCounter('TS', '20261201', 9998);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await post<{ sqbh: string }>(`${P}/tsjy/add`, valid));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const numbers = answers.map((a) => a.body.data.sqbh);
    expect(numbers).toEqual(['TS20261201009999', 'TS20261201010000', 'TS20261201010001']);
    expect(await day('TS20261201', 'sqbh')).toEqual(numbers);
    expect(await day('TS20261201', 'id')).toEqual(numbers);

    const token = await signIn(app, PERSON);
    await setCounter('PJ', '20261201', 9999);
    const evaluations = [];
    for (const sxbm of ['TQ01', 'DK01']) evaluations.push(await post<{ pjbh: string }>(`${P}/hcp/evaluate`, { sxbm, myd: '4' }, { token }));
    expect(evaluations.map((e) => e.body.data.pjbh)).toEqual(['PJ20261201010000', 'PJ20261201010001']);
  });

  it('200 concurrent submissions get 200 distinct numbers, and all 200 are kept', async () => {
    clock = Date.parse('2026-12-02T09:00:00+08:00');
    // Each from an address of its own (post's default), so the per-address limit plays no part.
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => post<{ sqbh: string }>(`${P}/tsjy/add`, { ...valid, nr: `并发提交的第 ${i + 1} 条意见。` })));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    const numbers = answers.map((a) => a.body.data.sqbh);
    expect(new Set(numbers).size).toBe(200);
    expect([...numbers].sort()).toEqual(Array.from({ length: 200 }, (_, i) => `TS20261202${String(i + 1).padStart(6, '0')}`));
    expect(await day('TS20261202', 'sqbh')).toHaveLength(200);
  });

  it('after the 999,999th of a day, answers 429 with a message and stores nothing', async () => {
    clock = Date.parse('2026-12-03T09:00:00+08:00');
    await setCounter('TS', '20261203', 999_998);
    expect((await post<{ sqbh: string }>(`${P}/tsjy/add`, valid)).body.data.sqbh).toBe('TS20261203999999');
    const full = await post(`${P}/tsjy/add`, valid);
    expect(full.status).toBe(429);
    expect(full.body.msg).toBe('今日受理编号已用完，请明日再提交，或拨打 12329 服务热线');
    expect(await day('TS20261203', 'sqbh')).toEqual(['TS20261203999999']);
    // The next day starts again from 000001.
    clock = Date.parse('2026-12-04T09:00:00+08:00');
    expect((await post<{ sqbh: string }>(`${P}/tsjy/add`, valid)).body.data.sqbh).toBe('TS20261204000001');
  });

  it('a database numbered the old way (four digits) goes on from where it stopped', async () => {
    const old = await openDatabase({ memory: true });
    try {
      const all = loadMigrations();
      await migrate(old, all.filter((m) => m.version < '012'));
      await old.query(`insert into complaint_type (code, name) values ('02', '建议')`);
      await old.query(`insert into complaint_dept (code, name) values ('05', '归集管理处')`);
      for (const sqbh of ['TS202611240001', 'TS202611240002', 'TS2026112410000', 'TS202611259999']) {
        await old.query(`insert into complaint (sqbh, type_code, dept_code, content, created_at) values ($1, '02', '05', '旧编号', now())`, [sqbh]);
      }
      await migrate(old, all);
      const counters = await old.query<{ prefix: string; day: string; last: number }>('select prefix, day, last from reference_counter order by day');
      expect(counters).toEqual([
        { prefix: 'TS', day: '20261124', last: 10000 },
        { prefix: 'TS', day: '20261125', last: 9999 },
      ]);
    } finally {
      await old.close();
    }
  });
});
