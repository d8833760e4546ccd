// Loan engine timing: both 360-month plans (01 and 02) and their comparison, as the calculator computes them on one
// click. Runs against the built entry: `npx tsup` (or `npm run bench`, which builds when stale) first.
import { calculateLoan, compareLoans } from '../dist/loan.js';

const WARM_UP = 30;
const N = 200;
const base = { amount: 1_000_000, months: 360, issueDate: '2024-01-31' };

function once() {
  const equalPayment = calculateLoan({ ...base, annualRate: 3.1, method: '01' });
  const equalPrincipal = calculateLoan({ ...base, annualRate: 3.5, method: '02' });
  return compareLoans(equalPayment, equalPrincipal);
}

for (let k = 0; k < WARM_UP; k++) once();

const ms = [];
for (let k = 0; k < N; k++) {
  const start = process.hrtime.bigint();
  once();
  ms.push(Number(process.hrtime.bigint() - start) / 1e6);
}
ms.sort((a, b) => a - b);

/** Nearest-rank percentile of the sorted timings. */
const pct = (p) => ms[Math.min(ms.length - 1, Math.ceil((p / 100) * ms.length) - 1)];
const median = pct(50);
const p95 = pct(95);

console.log(`calculateLoan 01 + 02 (360 months) + compareLoans, N=${N} after ${WARM_UP} warm-up runs`);
console.table({
  median: { ms: +median.toFixed(3), 'ops/s': Math.round(1000 / median) },
  p95: { ms: +p95.toFixed(3), 'ops/s': Math.round(1000 / p95) },
});
