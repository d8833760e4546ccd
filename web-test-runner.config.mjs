// @web/test-runner: the script-tag bundles (packages/widgets/dist/standalone/*.js, built by `npm run build`) tested as
// an integrator's page loads them. Each test opens plain HTML pages in a frame, served by the middleware below exactly
// as a partner's web server would serve them: the built files byte for byte, the page with its Content-Security-Policy
// (a header, or a <meta> in the page), none of the test runner's own code inside. The reference server (the built one,
// on an in-memory database with the demo data) gives them content, on another origin.
//
//   npm run test:wtr                      every bundle
//   npx wtr packages/widgets/wtr/rate-table.wtr.test.ts
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import { defaultReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, findTestChromium } from './test/support/chromium.mjs';

const ROOT = import.meta.dirname;
const STANDALONE = resolve(ROOT, 'packages/widgets/dist/standalone');
const SERVER = resolve(ROOT, 'packages/server/dist/index.js');
const AXE = resolve(ROOT, 'node_modules/axe-core/axe.min.js');

// --- the reference server ------------------------------------------------------------------------------------------

let api = { origin: '', close: async () => {} };

/** Starts the built reference server on a free loopback port, as test/support/api-server.ts does for vitest. */
async function startApiServer() {
  for (const file of [SERVER, resolve(STANDALONE, 'gjj-widgets.js')]) {
    if (!existsSync(file)) throw new Error(`缺少构建产物 ${file}：请先运行 npm run build`);
  }
  // The development calls (/dev/...) are on outside production; the flag says so where the server asks for it.
  process.env.GJJ_DEV_ROUTES = '1';
  const { buildApp, prepareDatabase } = await import(SERVER);
  const db = await prepareDatabase({ memory: true }, true);
  // Every page calls from 127.0.0.1: the per-address limits are the server tests' to check.
  const app = await buildApp({ db, loginRateLimit: 1000, submitRateLimit: 1000, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('reference server has no TCP address');
  api = { origin: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

/** @type {import('@web/test-runner').TestRunnerPlugin} */
const apiServer = {
  name: 'gjj-api-server',
  serverStart: startApiServer,
  serverStop: () => api.close(),
};

// --- the partner's pages -------------------------------------------------------------------------------------------

/** Pages a test asked for (POST /host/pages), by number: served once or more at /host/pages/<n>.html. */
const pages = [];
/** Companion files held back, by gate, and the gates released (POST /host/release?gate=…). */
const held = new Map();
const released = new Set();

/** What a page reports from inside (its own script, loaded first): errors, console warnings and errors, CSP reports. */
const WATCH = `(function () {
  var problems = (window.gjjProblems = []);
  var text = function (args) { return Array.prototype.map.call(args, function (a) { return a instanceof Error ? a.message : String(a); }).join(' '); };
  ['error', 'warn'].forEach(function (level) {
    var original = console[level];
    console[level] = function () { problems.push(level + ': ' + text(arguments)); return original.apply(console, arguments); };
  });
  window.addEventListener('error', function (e) { problems.push('uncaught: ' + e.message); });
  window.addEventListener('unhandledrejection', function (e) { problems.push('unhandled rejection: ' + text([e.reason])); });
  document.addEventListener('securitypolicyviolation', function (e) { problems.push('CSP: ' + e.violatedDirective + ' ' + e.blockedURI); });
})();`;

/**
 * The partner's web server: the built files as they are (/host/standalone/<file>), the page watcher, the test pages with
 * their policy, and where the reference server is (GET /host/api).
 *
 * @type {import('@web/test-runner').TestRunnerConfig['middleware']}
 */
const partnerPages = [
  async (ctx, next) => {
    const path = ctx.path;
    if (!path.startsWith('/host/')) return next();
    if (path === '/host/api') {
      ctx.type = 'json';
      ctx.body = JSON.stringify({ apiBase: api.origin });
      return;
    }
    // axe-core, served from the page's own origin as its strict policy needs, for the accessibility checks.
    if (path === '/host/axe.js') {
      ctx.type = 'text/javascript; charset=utf-8';
      ctx.body = readFileSync(AXE);
      return;
    }
    if (path === '/host/watch.js') {
      ctx.type = 'text/javascript; charset=utf-8';
      ctx.body = WATCH;
      return;
    }
    if (path === '/host/pages' && ctx.method === 'POST') {
      const chunks = [];
      for await (const chunk of ctx.req) chunks.push(chunk);
      pages.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      ctx.type = 'json';
      ctx.body = JSON.stringify({ url: `/host/pages/${pages.length - 1}.html` });
      return;
    }
    const page = /^\/host\/pages\/(\d+)\.html$/.exec(path);
    if (page && pages[Number(page[1])]) {
      const { html, csp } = pages[Number(page[1])];
      ctx.type = 'text/html; charset=utf-8';
      if (csp) ctx.set('Content-Security-Policy', csp);
      ctx.body = html;
      return;
    }
    if (path === '/host/release' && ctx.method === 'POST') {
      const gate = ctx.query.gate;
      released.add(gate);
      for (const open of held.get(gate) ?? []) open();
      held.delete(gate);
      ctx.status = 204;
      return;
    }
    // /host/standalone/: every built file. For the calculator's companion files (engine, extras), as a slow network or
    // a bank that copied only the first file would: /host/slow/ holds them back until the test releases their gate
    // (the ?gate= query the first file passes on), /host/alone/ has none.
    const file = /^\/host\/(standalone|slow|alone)\/(gjj-[a-z.-]+\.js)$/.exec(path);
    if (file && existsSync(resolve(STANDALONE, file[2]))) {
      const companion = /\.(engine|extras)\.js$/.test(file[2]);
      if (companion && file[1] === 'alone') {
        ctx.status = 404;
        return;
      }
      const gate = String(ctx.query.gate ?? '');
      if (companion && file[1] === 'slow' && !released.has(gate)) {
        await new Promise((open) => held.set(gate, [...(held.get(gate) ?? []), open]));
      }
      ctx.type = 'text/javascript; charset=utf-8';
      ctx.body = readFileSync(resolve(STANDALONE, file[2]));
      return;
    }
    ctx.status = 404;
  },
];

// --- the tests themselves: TypeScript, compiled by the project's own compiler --------------------------------------

/** @type {import('@web/test-runner').TestRunnerPlugin} */
const typescript = {
  name: 'gjj-typescript',
  transform(context) {
    if (!context.path.endsWith('.ts')) return undefined;
    const { outputText } = ts.transpileModule(context.body, {
      fileName: context.path,
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: true },
    });
    return { body: outputText };
  },
};

// --- counts for `npm test` -----------------------------------------------------------------------------------------

/**
 * Writes the counts `npm test` sums up (and each failed test by name) to $WTR_JSON_OUTPUT, when set.
 *
 * @returns {import('@web/test-runner').Reporter}
 */
function jsonCounts() {
  return {
    stop({ sessions }) {
      const out = process.env.WTR_JSON_OUTPUT;
      if (!out) return;
      const counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
      const walk = (suite, file, titles) => {
        for (const t of suite.tests) {
          if (t.skipped) counts.skipped += 1;
          else if (t.passed) counts.passed += 1;
          else {
            counts.failed += 1;
            counts.failures.push({ file, name: [...titles, t.name].join(' › '), message: t.error?.message ?? '' });
          }
        }
        for (const s of suite.suites) walk(s, file, [...titles, s.name]);
      };
      for (const session of sessions) {
        const file = session.testFile.replace(`${ROOT}/`, '');
        if (session.testResults) walk(session.testResults, file, []);
        // A file that fails before its tests run (a syntax error, a failed import) counts as one failure.
        for (const error of session.errors) {
          counts.failed += 1;
          counts.failures.push({ file, name: '(file)', message: error.message });
        }
      }
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, JSON.stringify(counts, null, 2));
    },
  };
}

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  rootDir: ROOT,
  files: ['packages/widgets/wtr/**/*.wtr.test.ts'],
  nodeResolve: true,
  mimeTypes: { '**/*.ts': 'js' },
  plugins: [typescript, apiServer],
  middleware: partnerPages,
  browsers: [playwrightLauncher({ product: 'chromium', launchOptions: { executablePath: findTestChromium(), args: CHROMIUM_ARGS } })],
  // Two test files at a time, one a core.
  concurrency: 2,
  testFramework: { config: { timeout: 15_000 } },
  testsFinishTimeout: 120_000,
  reporters: [defaultReporter(), jsonCounts()],
};
