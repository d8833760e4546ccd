// Upload throughput of the electronic archive (issue 22): a 10 MB file (just under the default limit) sent to
// uploadCl as multipart and to uploadClBase64 as JSON, over loopback to the built server, each stored in one
// transaction (archive_file + archive_blob). Run from the repository root: `node packages/server/bench/upload.bench.mjs [N]`
// or `npm run bench`. Builds the sdk and the server first when their output is stale. With BENCH_DATABASE_URL (an
// empty PostgreSQL database; the bench migrates and seeds it) it runs against PostgreSQL too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PACKAGES, buildPackages, isStale } from '../../../scripts/lib/packages.mjs';

const root = resolve(import.meta.dirname, '..', '..', '..');
process.chdir(root);
const needed = PACKAGES.filter((p) => p.name === '@gjj-hall/server' || p.name === '@gjj-hall/sdk');
if (needed.some(isStale) && !buildPackages(needed.filter(isStale))) process.exit(1);
const { buildApp, prepareDatabase, DEMO_PASSWORD } = await import('../dist/index.js');
const { sm2Encrypt } = await import('@gjj-hall/sdk/crypto');

const N = Number(process.argv[2] ?? 5);
const SIZE = 10 * 1024 * 1024 - 4096;
const A = '/api/dzda/v1/zhcjyw';

// A PNG header (signature and IHDR of a 1 × 1 image) padded to SIZE: what the archive checks is the content's type.
const png = Buffer.alloc(SIZE, 0x5a);
Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex').copy(png);
const mb = SIZE / 1024 / 1024;

async function run(label, target) {
  const db = await prepareDatabase(target, true);
  const app = await buildApp({ db, devRoutes: true, loginRateLimit: 1000 });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const get = async (url) => (await fetch(base + url)).json();
    const key = (await get('/api/auth/v1/getPubleKey')).data;
    const { uuid } = (await get('/api/auth/v1/getImgCode')).data;
    const code = (await get(`/dev/outbox?kind=captcha&to=${uuid}`)).data[0].code;
    const login = await fetch(`${base}/api/auth/v1/otherAuth/accountLogin?grant_type=password&scope=server`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginType: 1, username: sm2Encrypt('110101199003072316', key), password: sm2Encrypt(DEMO_PASSWORD, key), code, uuid }),
    });
    const token = login.headers.get('token');
    if (!token) throw new Error(`登录失败：${await login.text()}`);
    const post = async (url, body, headers = { 'content-type': 'application/json' }) =>
      (await fetch(base + url, { method: 'POST', headers: { token, ...headers }, body: typeof body === 'string' || body instanceof FormData ? body : JSON.stringify(body) })).json();
    const { ywbh } = (await post('/api/izfgjj-zhfw/v1/ywsq/saveDraft', { ywlx: 'GJ0302', payload: {} })).data;

    const timed = async (send) => {
      const times = [];
      for (let i = 0; i < N + 1; i++) {
        const started = process.hrtime.bigint();
        const answer = await send();
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        if (answer.code !== 0) throw new Error(JSON.stringify(answer));
        await post(`${A}/delCl`, { ywbh, fileId: answer.data.fileId });
        // The first is a warm-up (schemas compiled, pages faulted in).
        if (i > 0) times.push(seconds);
      }
      times.sort((a, b) => a - b);
      return times[Math.floor(times.length / 2)];
    };
    const multipart = await timed(() => {
      const form = new FormData();
      form.append('ywbh', ywbh);
      form.append('clbh', 'QT');
      form.append('file', new Blob([png], { type: 'image/png' }), 'bench.png');
      return post(`${A}/uploadCl`, form, {});
    });
    const b64 = png.toString('base64');
    const base64 = await timed(() => post(`${A}/uploadClBase64`, { ywbh, clbh: 'QT', fileName: 'bench.png', base64: b64 }));
    console.log(`${label.padEnd(26)} uploadCl（multipart）${mb.toFixed(1)} MB 中位 ${multipart.toFixed(3)} 秒，${(mb / multipart).toFixed(1)} MB/s`);
    console.log(`${label.padEnd(26)} uploadClBase64       ${mb.toFixed(1)} MB 中位 ${base64.toFixed(3)} 秒，${(mb / base64).toFixed(1)} MB/s`);
  } finally {
    await app.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'gjj-upload-'));
try {
  await run('PGlite in memory', { memory: true });
  await run('PGlite data dir (durable)', { dataDir: join(dir, 'data') });
  if (process.env.BENCH_DATABASE_URL) await run('PostgreSQL (BENCH_DATABASE_URL)', { databaseUrl: process.env.BENCH_DATABASE_URL });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
