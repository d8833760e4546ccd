// The public calculator (GET hkjh/gjjsdcs) on one core: the whole call in process (app.inject: routing, hooks, the
// per-client count in the database, both plans, the JSON), timed by the CPU it takes, so other load on the machine
// changes the figures less than wall time would. Runs against the built server: `npm run bench` builds it when stale.
import { buildApp, prepareDatabase } from '../dist/index.js';

const WARM_UP = 20;
const N = 100;
const PATH = '/api/izfgjj-zhfw/v1/hkjh/gjjsdcs';
const cases = [
  ['240 months, 01', 'htdkje=1000000&dkqs=240&dkffrq=2026-01-31&dkhkfs=01&sdll=3.5&gjjll=2.85&sfstf=0'],
  ['360 months, 02', 'htdkje=1000000&dkqs=360&dkffrq=2026-01-31&dkhkfs=02&sdll=3.5&gjjll=2.85&sfstf=0'],
  ['999 months, 01 (the longest)', 'htdkje=999999999999999.99&dkqs=999&dkffrq=2026-01-31&dkhkfs=01&sdll=10&gjjll=3.1&sfstf=0'],
];

const db = await prepareDatabase({ memory: true }, false);
// No limit and no shedding here: the bench measures the computation, not the guards in front of it; the centre's
// bounds (360 months, 120万 by default) are opened so that the engine's longest plan is still measured.
const loanLimits = { maxMonths: 999, maxProvidentAmount: 1e15, minAge: 18, maxAgeAtEnd: 65, minProvidentRate: 0, maxProvidentRate: 10, minCommercialRate: 0, maxCommercialRate: 10 };
const app = await buildApp({ db, calcRateLimit: 1_000_000, maxEventLoopDelay: 0, loanLimits });
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const rows = {};
for (const [name, query] of cases) {
  const url = `${PATH}?${query}`;
  for (let k = 0; k < WARM_UP; k++) await app.inject({ url });
  const start = cpuMs();
  for (let k = 0; k < N; k++) {
    const res = await app.inject({ url });
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
  }
  const perCall = (cpuMs() - start) / N;
  rows[name] = { 'CPU ms per call': +perCall.toFixed(2), 'calls/s on one core': Math.round(1000 / perCall) };
}
await app.close();

console.log(`GET hkjh/gjjsdcs in process, both loans and their plans, N=${N} after ${WARM_UP} warm-up calls`);
console.table(rows);
