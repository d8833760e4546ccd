import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type GjjClient } from '@gjj-hall/sdk';
import {
  downloadFile,
  fetchComplaint,
  fetchComplaints,
  fetchDownloads,
  fetchPolicies,
  fetchPolicy,
  newIdempotencyKey,
  submitComplaint,
} from '@gjj-hall/sdk/public';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { UNSAFE_POLICY_TITLE } from '../seed/public';
import { signIn } from '../test-support/login';

// The sdk's public calls against the real server over HTTP: what the hall and the widgets rely on.
let db: Db;
let app: FastifyInstance;
let base = '';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(() => app.close());

const anonymous = (): GjjClient => createClient({ baseURL: base });

describe('sdk/public against the server', () => {
  it('pages the published policies and finds one by title keyword', async () => {
    const client = anonymous();
    const first = await fetchPolicies(client, { pageSize: 10 });
    expect(first.total).toBe(31);
    expect(first.list).toHaveLength(10);
    const last = await fetchPolicies(client, { pageSize: 10, pageNum: 4 });
    expect(last.list).toHaveLength(1);
    const ids = new Set([...first.list, ...last.list].map((p) => p.id));
    expect(ids.size).toBe(11);
    const found = await fetchPolicies(client, { keyword: '跨省通办' });
    expect(found.list.map((p) => p.title)).toContain(UNSAFE_POLICY_TITLE);
    const detail = await fetchPolicy(client, found.list[0]!.id);
    expect(detail.body).toContain('<');
  });

  it('downloads a form with progress up to its full length', async () => {
    const client = anonymous();
    const { list } = await fetchDownloads(client);
    const pdf = list.find((f) => f.contentType === 'application/pdf')!;
    const seen: number[] = [];
    const blob = await downloadFile(client, pdf, { onProgress: ({ loaded, total }) => (seen.push(loaded), expect(total).toBe(pdf.size)) });
    expect(blob.size).toBe(pdf.size);
    expect(seen.at(-1)).toBe(pdf.size);
    expect(new TextDecoder().decode((await blob.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });

  it('stores a complaint sent twice with one key once, and its owner sees it in the list and the detail', async () => {
    const token = await signIn(app, '110101199003072316');
    const client = createClient({ baseURL: base, getToken: () => token });
    const key = newIdempotencyKey();
    const form = { tslx: '02', zrbm: '01', nr: `建议增加周六上午的窗口服务 ${key.slice(0, 8)}`, lxdh: '13912345678' };
    const [a, b] = await Promise.all([submitComplaint(client, form, key), submitComplaint(client, form, key)]);
    expect(b.sqbh).toBe(a.sqbh);
    expect(a.sqbh).toMatch(/^TS\d{14}$/);
    const mine = await fetchComplaints(client, { pageSize: 50 });
    expect(mine.list.filter((c) => c.nr === form.nr)).toHaveLength(1);
    const detail = await fetchComplaint(client, a.id);
    expect(detail).toMatchObject({ sqbh: a.sqbh, nr: form.nr, lxdh: '139****5678', mine: true });
  });

  it('rejects a short complaint with the spec message', async () => {
    await expect(submitComplaint(anonymous(), { tslx: '01', zrbm: '01', nr: '很好' }, newIdempotencyKey())).rejects.toThrow('意见不得少于五个字！');
  });
});
