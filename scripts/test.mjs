// `npm test`: every check of every layer, in order: build, types, lint, unit + browser (vitest), end to end
// (Playwright), the script-tag files (@web/test-runner), size budgets, Lighthouse, package lint. Each step runs even
// if an earlier one failed, except those that need the build; the exit code is non-zero if any step failed.
// Steps that share a `together` name run at the same time (each mostly on one core, on a 2-core machine), their
// output printed whole when each ends so the log stays readable.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const RESULTS = 'test-results';
const VITEST_JSON = `${RESULTS}/vitest.json`;
const PLAYWRIGHT_JSON = `${RESULTS}/playwright.json`;
const WTR_JSON = `${RESULTS}/wtr.json`;

const steps = [
  // The build first: the examples are type-checked against the packages' built types (dist/).
  { name: 'build', cmd: ['node', 'scripts/build.mjs'] },
  // tsc and eslint each use one core.
  { name: 'types', cmd: ['node', 'scripts/typecheck.mjs'], together: 'static' },
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings', '0'], together: 'static' },
  {
    name: 'unit + browser',
    cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_JSON}`],
  },
  { name: 'end to end', cmd: ['npx', 'playwright', 'test', '--reporter=list,json'], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_JSON }, needsBuild: true },
  // The script-tag files as built, on plain pages under a strict CSP (@web/test-runner: web-test-runner.config.mjs),
  // beside the size budgets and the package lint (none of them measures time).
  { name: 'script-tag', cmd: ['npx', 'wtr', '--static-logging'], env: { WTR_JSON_OUTPUT: WTR_JSON }, needsBuild: true, together: 'built' },
  { name: 'size', cmd: ['npx', 'size-limit'], needsBuild: true, together: 'built' },
  // publint and are-the-types-wrong on the packed sdk, widgets and conformance kit (ESM only: see the widgets' README).
  { name: 'package lint', cmd: ['npm', 'run', '--silent', 'lint:package'], needsBuild: true, together: 'built' },
  // Lighthouse (mobile) on the pages of lighthouse.budgets.json, one Chromium, page after page: each page's CLS and
  // transferred bytes within its budget (about a minute; npm run lighthouse prints the whole table). Neither is a
  // time, so it runs beside the three above (the performance score it prints is then lower than alone).
  { name: 'lighthouse', cmd: ['node', 'scripts/lighthouse.mjs', '--check'], needsBuild: true, together: 'built' },
];

rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

/** Runs one step; alone it writes straight to the terminal, beside others its output is kept and printed at its end. */
function run(step, alone) {
  return new Promise((done) => {
    const [cmd, ...args] = step.cmd;
    const started = Date.now();
    if (alone) console.log(`\n━━ ${step.name}: ${step.cmd.join(' ')}`);
    const child = spawn(cmd, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...step.env } });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const finish = (code) => {
      if (!alone) {
        console.log(`\n━━ ${step.name}: ${step.cmd.join(' ')}`);
        process.stdout.write(Buffer.concat(output));
      }
      done({ name: step.name, status: code === 0 ? 'ok' : 'FAILED', seconds: (Date.now() - started) / 1000 });
    };
    child.once('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.once('close', finish);
  });
}

// Consecutive steps with the same `together` name form one batch.
const batches = [];
for (const step of steps) {
  const last = batches.at(-1);
  if (step.together && last?.[0].together === step.together) last.push(step);
  else batches.push([step]);
}

const outcomes = [];
let built = true;
for (const batch of batches) {
  const runnable = batch.filter((step) => !(step.needsBuild && !built));
  for (const step of batch) {
    if (!runnable.includes(step)) outcomes.push({ name: step.name, status: 'skipped (build failed)', seconds: 0 });
  }
  const results = await Promise.all(runnable.map((step) => run(step, runnable.length === 1)));
  for (const result of results) {
    if (result.name === 'build' && result.status !== 'ok') built = false;
    outcomes.push(result);
  }
}

// Test counts from the runners' own JSON reports.
let passed = 0;
let failed = 0;
let skipped = 0;
// The failed tests by name, with the first line of their error, so the end of a CI log says what broke.
const failures = [];
const firstLine = (text) => stripVTControlCharacters(String(text ?? '')).split('\n').find((l) => l.trim()) ?? '';
if (existsSync(VITEST_JSON)) {
  const v = JSON.parse(readFileSync(VITEST_JSON, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
  for (const file of v.testResults ?? []) {
    const path = file.name.replace(`${process.cwd()}/`, '');
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') failures.push(`${path} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
    // A file that fails before any test runs (a syntax or import error) has no failed test to list.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push(`${path}: ${firstLine(file.message)}`);
    }
  }
}
if (existsSync(PLAYWRIGHT_JSON)) {
  const p = JSON.parse(readFileSync(PLAYWRIGHT_JSON, 'utf8'));
  passed += p.stats.expected;
  failed += p.stats.unexpected + p.stats.flaky;
  skipped += p.stats.skipped;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected' || t.status === 'flaky') {
          const error = t.results?.find((r) => r.error)?.error?.message;
          failures.push(`${spec.file} › ${[...titles, spec.title].join(' › ')} (${t.status}): ${firstLine(error)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of p.suites ?? []) walk(suite, []);
}

if (existsSync(WTR_JSON)) {
  const w = JSON.parse(readFileSync(WTR_JSON, 'utf8'));
  passed += w.passed;
  failed += w.failed;
  skipped += w.skipped;
  for (const f of w.failures) failures.push(`${f.file} › ${f.name}: ${firstLine(f.message)}`);
}

console.log('\n━━ summary');
for (const o of outcomes) console.log(`  ${o.status.padEnd(22)} ${o.name.padEnd(16)} ${o.seconds.toFixed(1)} s`);
const failedSteps = outcomes.filter((o) => o.status === 'FAILED');
const skippedSteps = outcomes.filter((o) => o.status.startsWith('skipped'));
if (!failedSteps.length) console.log('\nall steps passed');
else console.log(`\n${failedSteps.length} step(s) failed: ${failedSteps.map((o) => o.name).join(', ')}`);
if (skippedSteps.length) console.log(`${skippedSteps.length} step(s) not run because the build failed: ${skippedSteps.map((o) => o.name).join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failures.length) {
  console.log('\nfailed tests:');
  for (const f of failures) console.log(`  ✗ ${f.slice(0, 300)}`);
}
process.exit(failedSteps.length || skippedSteps.length || failed ? 1 : 0);
