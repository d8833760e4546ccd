// The hall's own files as the built server serves them, against Fastify's hello world in the same run (issue 23):
// autocannon, 50 connections, each target in turn, both servers in child processes and each on its own core as far
// as a 2-core machine allows. The goal: /home.html and the hashed entry script at no less than half the requests per
// second of hello world. Needs the build (npm run build). BENCH_SECONDS sets each run's length (default 8).
// Beside requests per second, each server's CPU time per answer (from /proc, Linux): on a machine busy with other work
// the rates move with the load, the CPU an answer costs much less.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { freePort, HALL_HOME, startReferenceServer } from '../../../scripts/lib/reference-server.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
// What a browser sends: the server picks the brotli file.
const HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

async function startHelloWorld(bytesFile) {
  const port = await freePort();
  const child = spawn(process.execPath, [new URL('./hello-world.mjs', import.meta.url).pathname], {
    env: { ...process.env, PORT: String(port), BYTES_FILE: bytesFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((ready, reject) => {
    child.stdout.on('data', (chunk) => chunk.toString().includes('ready') && ready());
    child.once('exit', (code) => reject(new Error(`hello world exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () => new Promise((done) => (child.exitCode === null ? (child.once('exit', done), child.kill('SIGTERM')) : done())),
  };
}

/** CPU seconds a process has used (user + system), or NaN where /proc is not there. */
function cpuSeconds(pid) {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return NaN;
  const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const run = (url) =>
  new Promise((done, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: HEADERS }, (error, result) => (error ? reject(error) : done(result))),
  );

const html = readFileSync(HALL_HOME, 'utf8');
const entry = html.match(/src="(\/assets\/[\w.-]+\.js)"/)?.[1];
// The smallest hashed script home.html names (the chunk it preloads): a file's cost without the weight of its bytes.
const small = html.match(/modulepreload"[^>]*href="(\/assets\/[\w.-]+\.js)"/)?.[1];
if (!entry || !small) throw new Error('home.html names no entry script or preloaded chunk');
const entryBr = join(dirname(HALL_HOME), `${entry}.br`);
if (!existsSync(entryBr)) throw new Error(`${entryBr} is missing: the hall's build precompresses its files`);

const load = loadavg()[0];
const hello = await startHelloWorld(entryBr);
const hall = await startReferenceServer();
const rows = {};
try {
  const targets = [
    ['Fastify hello world', `${hello.url}/`, hello.pid],
    ['/home.html', `${hall.url}/home.html`, hall.pid],
    [`${entry} (hashed entry)`, `${hall.url}${entry}`, hall.pid],
    ['Fastify, the same bytes from memory', `${hello.url}/bytes`, hello.pid],
    [`${small} (hashed, small)`, `${hall.url}${small}`, hall.pid],
    ['Fastify hello world (again)', `${hello.url}/`, hello.pid],
  ];
  // A short warm-up of each, so JIT and first-request costs are not measured.
  for (const [, url] of targets) await new Promise((done) => autocannon({ url, connections: 10, duration: 1, headers: HEADERS }, done));
  for (const [name, url, pid] of targets) {
    const cpuBefore = cpuSeconds(pid);
    const r = await run(url);
    const cpu = cpuSeconds(pid) - cpuBefore;
    if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
    rows[name] = {
      'req/s': Math.round(r.requests.average),
      'p99 ms': r.latency.p99,
      'bytes/answer': Math.round(r.throughput.average / r.requests.average),
      'server CPU µs/answer': Math.round((cpu / r.requests.total) * 1e6),
    };
  }
} finally {
  await hall.stop();
  await hello.stop();
}
const mean = (key) => (rows['Fastify hello world'][key] + rows['Fastify hello world (again)'][key]) / 2;
const [rate, cpu] = [mean('req/s'), mean('server CPU µs/answer')];
for (const row of Object.values(rows)) {
  row['req/s of hello world'] = `${Math.round((row['req/s'] / rate) * 100)} %`;
  // The rate each server would reach with a core to itself: the inverse of its CPU per answer.
  row['by CPU, of hello world'] = `${Math.round((cpu / row['server CPU µs/answer']) * 100)} %`;
}
console.log(`autocannon, ${CONNECTIONS} connections, ${SECONDS} s each, Accept-Encoding "${HEADERS['accept-encoding']}"; load average ${load.toFixed(2)} at the start`);
console.table(rows);
