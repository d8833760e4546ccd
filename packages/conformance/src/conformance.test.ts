import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/db';
import { buildApp } from '../../server/src/app';
import Fastify from 'fastify';
import { breakForConformance, CONFORMANCE_BREAKS } from '../../server/src/http/conformance-break';
import { prepareDatabase } from '../../server/src/start';
import { hooksFromLoginFile, htmlReport, jsonReport, junitReport, looksLikeTestTarget, refusal, runConformance, type ConformanceReport, type LoginFile, type Profile } from './index';

// The kit against the reference server, both ways (issue 36): all green against the server as it is, and against
// servers started with deliberate breakages (GJJ_CONFORMANCE_BREAK, http/conformance-break.ts) it fails, naming the
// check that should catch each. One seeded database serves every server of the
// file in turn, each server on a loopback port of its own: starting a database costs several seconds, a server on it
// well under one, and the breakages live in the servers' hooks, not in the data. The database is closed at the end.

const KEY = 'conformance-test-centre-key-0001';
const DEMO_PASSWORD = 'Gjj@2026';

let db: Db;
let shared: Db;
beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  // Closing a server closes its database: this one outlives them.
  shared = Object.assign(Object.create(db) as Db, { close: async () => undefined });
}, 120_000);
afterAll(() => db?.close());

async function startServer(conformanceBreak?: string): Promise<{ app: FastifyInstance; base: string }> {
  // Every run signs in from 127.0.0.1 several times (the second check signs in again); the sign-in limit of the
  // address is the server tests' to check, the kit probes the deposit certificate's check instead.
  const app = await buildApp({ db: shared, devRoutes: true, centreApiKey: KEY, conformanceBreak, loginRateLimit: 1000, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return { app, base: `http://127.0.0.1:${address.port}/api` };
}

async function withServer<T>(conformanceBreak: string | undefined, use: (base: string) => Promise<T>): Promise<T> {
  // Each server starts with the address's counters empty, as a server of its own would.
  await db.query('delete from rate_limit_hit');
  const { app, base } = await startServer(conformanceBreak);
  try {
    return await use(base);
  } finally {
    await app.close();
  }
}

function loginFile(base: string): LoginFile {
  const root = base.replace(/\/api$/, '');
  return {
    individual: [
      { account: '110101199003072316', password: DEMO_PASSWORD, phone: '13800138000' },
      { account: '110105198503014033', password: DEMO_PASSWORD },
    ],
    unit: [{ account: '100200300001', password: DEMO_PASSWORD }],
    developer: [{ account: '900100200001', password: DEMO_PASSWORD }],
    hooks: {
      captcha: `${root}/dev/outbox?kind=captcha&to={uuid}`,
      sms: `${root}/dev/outbox?kind=sms&to={phone}`,
      centre: { base: `${root}/api/centre/v1`, key: KEY },
    },
  };
}

async function run(base: string, profiles: Profile[], allowWrites = false): Promise<ConformanceReport> {
  const full = loginFile(base);
  // The public profile alone runs without logins (its session calls are then skipped), as a centre may run it.
  const logins = profiles.every((p) => p === 'public') ? { hooks: full.hooks } : full;
  return runConformance({ base, profiles, logins, hooks: hooksFromLoginFile(logins), allowWrites, rate: 5000, budget: 1000, log: () => undefined });
}

/** GJJ_CONFORMANCE_REPORT_DIR=<dir>: the runs' reports are written there too (to look at them; docs/conformance.md). */
function keep(name: string, report: ConformanceReport): void {
  const dir = process.env.GJJ_CONFORMANCE_REPORT_DIR;
  if (!dir) return;
  mkdirSync(join(dir, name), { recursive: true });
  writeFileSync(join(dir, name, 'report.html'), htmlReport(report));
  writeFileSync(join(dir, name, 'report.json'), jsonReport(report));
  writeFileSync(join(dir, name, 'junit.xml'), junitReport(report));
}

const failed = (report: ConformanceReport) => report.results.filter((r) => r.outcome === 'fail');

describe('safety', () => {
  it('test-looking targets run; anything else needs --i-own-this', () => {
    for (const ok of ['http://127.0.0.1:8080', 'http://localhost:3000/api', 'https://centre.example/api', 'https://gjj.test', 'http://10.2.3.4', 'https://uat.gjj.city.gov.cn', 'https://gjj-staging.city.gov.cn', 'http://[::1]:80']) {
      expect(looksLikeTestTarget(ok), ok).toBe(true);
    }
    for (const prod of ['https://gjj.city.gov.cn/api', 'https://8.8.8.8', 'https://contest.gov.cn', 'https://gjj.latest.cn']) {
      expect(looksLikeTestTarget(prod), prod).toBe(false);
      expect(refusal(prod, false)).toMatch(/--i-own-this/);
      expect(refusal(prod, true)).toBeNull();
    }
  });

  it('a production-looking target is refused before any request', async () => {
    let calls = 0;
    const counting = (async () => {
      calls += 1;
      return new Response('{}');
    }) as typeof fetch;
    await expect(runConformance({ base: 'https://gjj.city.gov.cn/api', fetch: counting, log: () => undefined })).rejects.toThrow(/生产环境/);
    expect(calls).toBe(0);
  });

  it('the server keeps its breakages out of production, and knows each by name', async () => {
    const app = Fastify();
    try {
      expect(() => breakForConformance(app, shared, 'leak', true)).toThrow(/生产环境不能开启 GJJ_CONFORMANCE_BREAK/);
      expect(() => breakForConformance(app, shared, 'leak,no-such-break', false)).toThrow(/no-such-break 不是已知的故障/);
    } finally {
      await app.close();
    }
  });

  it('each journey says what it needs, and without it is skipped, naming it; nothing fails for want of a login', async () => {
    const report = await withServer(undefined, (base) => runConformance({ base, profiles: ['personal', 'withdrawals', 'developer'], rate: 5000, log: () => undefined }));
    expect(failed(report)).toEqual([]);
    const journeys = report.results.filter((r) => r.id.includes('/journey/'));
    expect(journeys.map((r) => r.id).sort()).toEqual([
      'developer/journey/sign-in-developer',
      'personal/journey/account-equals-journal',
      'personal/journey/sign-in-individual',
      'personal/journey/sign-in-sms',
      'withdrawals/journey/submit-decide',
    ]);
    for (const r of journeys) {
      expect(r.outcome, r.id).toBe('skip');
      expect(r.needs?.length, r.id).toBeGreaterThan(0);
      expect(r.reason, r.id).toMatch(/^需要：/);
    }
    expect(journeys.find((r) => r.id === 'withdrawals/journey/submit-decide')!.reason).toMatch(/--allow-writes.*个人测试账号.*图形验证码钩子.*中心审批钩子/);
  });

  it('the budget is never exceeded: the checks left are skipped, saying so', async () => {
    const report = await withServer(undefined, (base) => runConformance({ base, profiles: ['public'], budget: 12, rate: 5000, log: () => undefined }));
    expect(report.requests).toBe(12);
    expect(report.results.some((r) => r.outcome === 'skip' && /请求预算/.test(r.reason ?? ''))).toBe(true);
  });
});

describe('against the reference server', () => {
  let report: ConformanceReport;
  beforeAll(async () => {
    report = await withServer(undefined, (base) => run(base, ['public', 'personal', 'withdrawals', 'loans', 'units', 'developer'], true));
    keep('green', report);
  }, 60_000);

  it('passes 100 %: no check fails, the journeys included', () => {
    expect(failed(report).map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
    const passed = new Set(report.results.filter((r) => r.outcome === 'pass').map((r) => r.id));
    for (const id of [
      'personal/journey/sign-in-individual',
      'units/journey/sign-in-unit',
      'developer/journey/sign-in-developer',
      'personal/journey/second-check',
      'personal/journey/sign-in-sms',
      'personal/schema/getYwsqDetail',
      'personal/403/getYwsqDetail',
      'personal/journey/account-equals-journal',
      'withdrawals/journey/submit-decide',
      'personal/schema/getGrzhxxList',
      'personal/403/getGrzhxxInfo',
      'public/paging/getZcxxGetList',
      'public/throttle/getJczmVerify',
      'personal/download/getGrmxExport',
      'personal/headers/token',
    ]) {
      expect(passed, id).toContain(id);
    }
    for (const profile of report.profiles) expect(report.summary[profile]!.passed, profile).toBeGreaterThan(0);
    expect(report.ok).toBe(true);
  });

  it('writes the reports: HTML rows for every check, JUnit with one case per check', () => {
    const html = htmlReport(report);
    expect(html).toContain('全部通过');
    expect(html.match(/<tr class="(pass|fail|skip)">/g)?.length).toBe(report.results.length);
    const junit = junitReport(report);
    expect(junit.match(/<testcase /g)?.length).toBe(report.results.length);
    expect(junit).toContain('failures="0"');
  });
});

/**
 * The breakages, grouped into servers whose breakages touch different calls (a server takes a list): the profiles
 * each group's run covers, and per breakage the check that must fail and the words of its reason. Every other check
 * must pass: a failure no breakage of the group explains fails the test.
 */
const GROUPS: Array<{ profiles: Profile[]; breaks: Array<[name: string, check: string, reason: RegExp]>; alsoFailing?: RegExp }> = [
  {
    profiles: ['personal', 'withdrawals'],
    breaks: [
      ['missing-field', 'personal/schema/getGrzhxxList', /必需属性 grzhye/],
      ['leak', 'personal/403/getGrzhxxInfo', /HTTP 200，应为 403/],
      ['download-type', 'personal/answer/getGrmxExport', /application\/octet-stream/],
      ['no-401', 'personal/401/getGrzhxxList', /HTTP 200，应为 401/],
      ['token-in-query', 'personal/headers/token', /查询串中的 token/],
    ],
    // Without grzhye the journal cannot be compared with the balance; the token is refused nowhere else either.
    alsoFailing: /^personal\/journey\/account-equals-journal$|^withdrawals\/headers\/token$/,
  },
  {
    profiles: ['public'],
    breaks: [
      ['wrong-code', 'public/envelope/getTzxxGetList', /code 为 1/],
      ['server-error-on-bad-input', 'public/bad-input/getZcxxGetList', /HTTP 500，应为 400/],
      ['paging-repeat', 'public/paging/getZcxxGetList', /重复/],
      ['date-format', 'public/formats/getZcxxGetList', /publishDate.*日期格式/],
      ['no-throttle', 'public/throttle/getJczmVerify', /没有限流/],
    ],
  },
  { profiles: ['public'], breaks: [['no-retry-after', 'public/throttle/getJczmVerify', /Retry-After/]] },
  { profiles: ['public'], breaks: [['no-msg', 'public/bad-input/getZcxxGetList', /缺少 msg/]], alsoFailing: /^public\/(bad-input|throttle)\// },
  { profiles: ['public'], breaks: [['english-msg', 'public/bad-input/getZcxxGetList', /不是中文/]], alsoFailing: /^public\/(bad-input|throttle)\// },
];

describe('against broken reference servers: fails, naming the right check', () => {
  it('every breakage the server keeps is proven here', () => {
    expect(GROUPS.flatMap((g) => g.breaks.map(([name]) => name)).sort()).toEqual(Object.keys(CONFORMANCE_BREAKS).sort());
  });

  for (const group of GROUPS) {
    const names = group.breaks.map(([name]) => name);
    it(`${names.join(', ')}: ${group.breaks.map(([, check]) => check).join(', ')} fail`, async () => {
      const report = await withServer(names.join(','), (base) => run(base, group.profiles));
      keep(names.join('+'), report);
      expect(report.ok).toBe(false);
      for (const [name, check, reason] of group.breaks) {
        const row = report.results.find((r) => r.id === check);
        expect(row, `${name}: ${check} (failing: ${failed(report).map((r) => r.id).join(', ')})`).toMatchObject({ outcome: 'fail' });
        expect(row!.reason, name).toMatch(reason);
        expect(row!.request?.url).toBeTruthy();
        expect(row!.answer?.status).toBeGreaterThan(0);
      }
      const named = new Set(group.breaks.map(([, check]) => check));
      const unexplained = failed(report).filter((r) => !named.has(r.id) && !group.alsoFailing?.test(r.id));
      expect(unexplained.map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
      if (group.profiles.includes('withdrawals')) {
        // Read-only by default: the submitting journey is skipped, saying how to run it.
        expect(report.results.find((r) => r.id === 'withdrawals/journey/submit-decide')).toMatchObject({ outcome: 'skip', reason: expect.stringContaining('--allow-writes') });
      }
    });
  }
});
