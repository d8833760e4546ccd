// The time bounds `npm test` does not assert (issue 35: the tests time nothing, a shared machine's load would fail
// them): this runs the server's test files that carry one with GJJ_TIMING=1, so each bound is asserted, and prints
// the figures they measure.
//   - http/flood.test.ts: two 4-second floods of 50 connections on the calculator; a sign-in under max(1 s, 5 × quiet)
//     and health's p99 under the same bound throughout;
//   - archive/bombs.test.ts: /api/health within 200 ms (+3 × the idle machine's slowest answer) while bombs are
//     refused and a 4000 × 4000 image is merged;
//   - business/units/units.pg.test.ts and employee-import.pg.test.ts (PostgreSQL): each step of a 5,000-employee
//     remittance and a 5,000-row import under 10 s, one page of a 50,000-employee unit p95 under 20 ms.
//   node packages/server/bench/timing.bench.mjs   (npm run bench:timing)
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..', '..');
const FILES = [
  'src/http/flood.test.ts',
  'src/archive/bombs.test.ts',
  'src/business/units/units.pg.test.ts',
  'src/business/units/employee-import.pg.test.ts',
];
const result = spawnSync(process.execPath, [resolve(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server', ...FILES], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, GJJ_TIMING: '1' },
});
process.exit(result.status ?? 1);
