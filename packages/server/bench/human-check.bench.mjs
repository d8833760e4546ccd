// The sign-in's proof of work on the server (issue 37 item 1; docs/security/human-check.md): what a challenge and a
// redemption cost, in CPU milliseconds of the whole call in process (app.inject: routing, hooks, the key derivation
// or the HMAC, the single-use record in the database). Solving is the browser's cost and is not counted. Runs against
// the built server: `npm run bench` builds it when stale.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { buildApp, prepareDatabase } from '../dist/index.js';

const N = 50;
const AUTH = '/api/auth/v1';
const db = await prepareDatabase({ memory: true }, false);
const app = await buildApp({ db });
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
// Each call from an address of its own: the per-address limits are not what is measured.
let ip = 0;
const nextIp = () => `10.9.${++ip >> 8}.${ip & 255}`;

const challenge = async (address) => {
  const res = await app.inject({ url: `${AUTH}/humanCheck/challenge`, query: { action: 'login' }, remoteAddress: address });
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  return res.json().data.challenge;
};

for (let k = 0; k < 5; k++) await challenge(nextIp());
let start = cpuMs();
for (let k = 0; k < N; k++) await challenge(nextIp());
const perChallenge = (cpuMs() - start) / N;

const payloads = [];
for (let k = 0; k < N; k++) {
  const address = nextIp();
  const c = await challenge(address);
  const solution = await solveChallenge({ challenge: c, deriveKey });
  payloads.push([address, Buffer.from(JSON.stringify({ challenge: c, solution })).toString('base64')]);
}
start = cpuMs();
for (const [address, payload] of payloads) {
  const res = await app.inject({ method: 'POST', url: `${AUTH}/humanCheck/verify`, payload: { action: 'login', payload }, remoteAddress: address });
  if (res.statusCode !== 200) throw new Error(`verify: ${res.statusCode} ${res.body}`);
}
const perRedeem = (cpuMs() - start) / N;
// Closing the app closes its database.
await app.close();

console.log(`POST humanCheck: N=${N} each, in process`);
console.table({
  challenge: { 'CPU ms per call': +perChallenge.toFixed(2), 'calls/s on one core': Math.round(1000 / perChallenge) },
  redemption: { 'CPU ms per call': +perRedeem.toFixed(2), 'calls/s on one core': Math.round(1000 / perRedeem) },
});
