// Load where a depositor waits (issue 35), against Fastify's hello world in the same run: the public reads (rates,
// policies), the calculator (one input repeated, and distinct inputs) and the signed-in reads (account info, the
// detail list's first page, my business), each in turn with autocannon (50 connections, loopback), on PGlite (a
// durable data directory, as `npm start` runs) and on PostgreSQL (DATABASE_URL, else a throwaway cluster of the local
// PostgreSQL with fsync on). Prints requests per second, the ratio to hello world, p99 and errors/timeouts.
//   npm run bench:load [-- --pglite | --pg] [-- --seconds 8]
// Needs the built server and hall (npm run build -w @gjj-hall/server -w @gjj-hall/hall). Not part of npm test.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort, startReferenceServer } from '../../../scripts/lib/reference-server.mjs';
import { startPostgres } from './lib/postgres.mjs';

const { values } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    pg: { type: 'boolean', default: false },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '8' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', client: 'pc' };
const ZHANG = '110101199003072316';
const PASSWORD = 'Gjj@2026';
const GRZH = '201000000101';
const Z = '/api/izfgjj-zhfw/v1';
const CALC = `${Z}/hkjh/gjjsdcs`;
const calcQuery = (amount) =>
  `${CALC}?htdkje=${amount}&dkqs=360&dkffrq=2026-12-01&dkhkfs=01&sdll=3.05&gjjll=2.85&sfstf=0`;

async function startHelloWorld() {
  const port = await freePort();
  const child = spawn(process.execPath, [new URL('./hello-world.mjs', import.meta.url).pathname], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((ready, reject) => {
    child.stdout.on('data', (chunk) => chunk.toString().includes('ready') && ready());
    child.once('exit', (code) => reject(new Error(`hello world exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((done) => (child.exitCode === null ? (child.once('exit', done), child.kill('SIGTERM')) : done())),
  };
}

const cannon = (options) => new Promise((done, reject) => autocannon(options, (error, result) => (error ? reject(error) : done(result))));

/** Signs in as 张三 the way the hall does; the session token. */
async function signIn(url) {
  const { sm2Encrypt } = await import('../../sdk/dist/crypto.js');
  const json = async (path) => (await fetch(`${url}${path}`)).json();
  const key = (await json('/api/auth/v1/getPubleKey')).data;
  const { uuid } = (await json('/api/auth/v1/getImgCode')).data;
  const code = (await json(`/dev/outbox?kind=captcha&to=${uuid}`)).data[0].code;
  const res = await fetch(`${url}/api/auth/v1/otherAuth/accountLogin?grant_type=password&scope=server`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginType: 1, username: sm2Encrypt(ZHANG, key), password: sm2Encrypt(PASSWORD, key), code, uuid }),
  });
  const token = res.headers.get('token');
  if (!token) throw new Error(`登录失败：${res.status} ${await res.text()}`);
  return token;
}

async function measure(name, options) {
  await cannon({ ...options, connections: 10, duration: 1 }); // warm-up: JIT, first-call compilation
  const load = loadavg()[0];
  const r = await cannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    name,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    'non-2xx': r.non2xx,
    'errors/timeouts': `${r.errors}/${r.timeouts}`,
    'KB/answer': Number((r.throughput.average / Math.max(1, r.requests.average) / 1024).toFixed(1)),
    load: load.toFixed(2),
  };
}

async function runOn(label, env) {
  const hello = await startHelloWorld();
  const server = await startReferenceServer({ CALC_RATE_LIMIT: '1000000000', ...env });
  const rows = [];
  try {
    const token = await signIn(server.url);
    const signedIn = { ...HEADERS, token };
    let n = 0;
    const targets = [
      ['Fastify hello world', { url: `${hello.url}/` }],
      ['公开 商业贷款利率 llgl/getDkllList', { url: `${server.url}${Z}/llgl/getDkllList?lllx=03`, headers: HEADERS }],
      ['公开 政策列表 zcxx/getList', { url: `${server.url}${Z}/zcxx/getList?pageNum=1&pageSize=10`, headers: HEADERS }],
      ['试算 同一输入 hkjh/gjjsdcs', { url: `${server.url}${calcQuery(1000000)}`, headers: HEADERS }],
      [
        '试算 不同输入 hkjh/gjjsdcs',
        {
          url: server.url,
          headers: HEADERS,
          // Each request a loan amount not asked before in this run: no answer can come from a cache.
          requests: [{ setupRequest: (req) => ({ ...req, path: calcQuery(100000 + (n += 1)) }) }],
        },
      ],
      ['登录后 个人账户信息 grzhxx/info', { url: `${server.url}${Z}/grzhxx/info?grzh=${GRZH}`, headers: signedIn }],
      ['登录后 个人明细首页 grmx/list', { url: `${server.url}${Z}/grmx/list?grzh=${GRZH}&startTime=2015-01-01&endTime=2026-11-26&pageSize=20`, headers: signedIn }],
      ['登录后 我的业务 ywsq/list', { url: `${server.url}${Z}/ywsq/list?pageNum=1&pageSize=10`, headers: signedIn }],
      ['Fastify hello world（再测）', { url: `${hello.url}/` }],
    ].filter(([name]) => !values.only || name.includes('hello') || name.includes(values.only));
    for (const [name, options] of targets) rows.push(await measure(name, options));
  } finally {
    await server.stop();
    await hello.stop();
  }
  const hellos = rows.filter((r) => r.name.startsWith('Fastify'));
  const base = hellos.reduce((s, r) => s + r['req/s'], 0) / hellos.length;
  for (const r of rows) r['of hello world'] = `${((r['req/s'] / base) * 100).toFixed(1)} %`;
  console.log(`\n${label}：autocannon ${CONNECTIONS} 连接，每项 ${SECONDS} 秒，本机回环；load 为每项开始时的 1 分钟平均负载`);
  console.table(Object.fromEntries(rows.map(({ name, ...r }) => [name, r])));
}

const both = !values.pglite && !values.pg;
if (values.pglite || both) await runOn('PGlite（持久数据目录，同 npm start）', {});
if (values.pg || both) {
  const pg = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, version: 'DATABASE_URL', stop() {} } : await startPostgres(false, { durable: true });
  try {
    await runOn(`PostgreSQL：${pg.version}`, { DATABASE_URL: pg.url });
  } finally {
    pg.stop();
  }
}
