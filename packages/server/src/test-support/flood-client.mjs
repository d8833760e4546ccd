// A bounded load generator for the flood tests and measurements (issue 18 item 7): `connections` keep-alive
// connections each send GET `url` one after another until `ms` milliseconds have passed or `max` requests have been
// sent in all, then prints one line of JSON: the count, the count per status and the latency percentiles (ms).
// Loopback only: it refuses any other host.
//
//   node flood-client.mjs http://127.0.0.1:8080/api/... [connections=50] [ms=3000] [max=100000]
import { Agent, request } from 'node:http';

const [url, connections = '50', ms = '3000', max = '100000'] = process.argv.slice(2);
const target = new URL(url);
if (target.hostname !== '127.0.0.1' && target.hostname !== 'localhost') {
  console.error('flood-client: 只对本机地址（127.0.0.1）施压');
  process.exit(2);
}

const agent = new Agent({ keepAlive: true, maxSockets: Number(connections) });
const deadline = Date.now() + Number(ms);
const statuses = {};
const latencies = [];
let sent = 0;
let failed = 0;

/** One GET; resolves when the body has been read. */
const once = () =>
  new Promise((done) => {
    const started = performance.now();
    const req = request(target, { agent, headers: { accept: 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => {
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        latencies.push(performance.now() - started);
        done();
      });
    });
    req.on('error', () => {
      failed += 1;
      done();
    });
    req.end();
  });

async function worker() {
  while (Date.now() < deadline && sent < Number(max)) {
    sent += 1;
    await once();
  }
}

await Promise.all(Array.from({ length: Number(connections) }, worker));
agent.destroy();
latencies.sort((a, b) => a - b);
const pct = (p) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]) : null);
console.log(JSON.stringify({ count: latencies.length, failed, statuses, p50: pct(50), p99: pct(99) }));
