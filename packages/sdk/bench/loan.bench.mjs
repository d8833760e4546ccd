// Loan engine timing: both 360-month plans (01 and 02) and their comparison, as the calculator computes them on one
// click. Runs against the built entry: `npx tsup` (or `npm run bench`, which builds when stale) first.
import { loadavg } from 'node:os';
import { calculateLoan, compareLoans } from '../dist/loan.js';
import { calculateLoanFast } from '../dist/loan-fast.js';

const WARM_UP = 30;
const N = 200;
const base = { amount: 1_000_000, months: 360, issueDate: '2024-01-31' };

/** Median and p95 (ms) of N runs of both plans and their comparison with `calculate`. */
function time(calculate) {
  const once = () => compareLoans(calculate({ ...base, annualRate: 3.1, method: '01' }), calculate({ ...base, annualRate: 3.5, method: '02' }));
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
  return { 'median ms': +pct(50).toFixed(3), 'p95 ms': +pct(95).toFixed(3), 'ops/s (median)': Math.round(1000 / pct(50)) };
}

// calculateLoan (decimal.js throughout, what pages use) and calculateLoanFast (issue 35: integers of fen where exact,
// what the server's calculator uses); the same plans to the fen (src/loan/engine-fen.test.ts).
console.log(`01 + 02 (360 months) + compareLoans, N=${N} after ${WARM_UP} warm-up runs; load average ${loadavg()[0].toFixed(2)}`);
console.table({ calculateLoan: time(calculateLoan), calculateLoanFast: time(calculateLoanFast) });
