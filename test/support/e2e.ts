import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import { test as base, expect, type Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Playwright's test with `baseURL` set to the reference server the global setup started. A worker of the
 * `server-state` project (playwright.config.ts) talks to the second server, kept for the tests that change what the
 * whole server answers: every helper that reads GJJ_E2E_URL then reaches that one.
 */
export const test = base.extend<object, { serverOfProject: void }>({
  serverOfProject: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form for fixtures
    async ({}, use, workerInfo) => {
      if (workerInfo.project.name === 'server-state') {
        const url = process.env.GJJ_E2E_STATE_URL;
        if (!url) throw new Error('GJJ_E2E_STATE_URL 未设置：需要 test/support/e2e-global-setup.ts 启动的第二个服务端');
        process.env.GJJ_E2E_URL = url;
      }
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form for fixtures
  baseURL: async ({}, use) => {
    const url = process.env.GJJ_E2E_URL;
    if (!url) throw new Error('GJJ_E2E_URL 未设置：端到端测试需要 test/support/e2e-global-setup.ts 启动的服务端');
    await use(url);
  },
});

/** Runs axe-core in the page (open shadow roots included) and fails with each violation spelled out. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Evaluated over the devtools protocol rather than as a <script>, so pages under a strict CSP can be checked too;
  // once per document (a hash navigation keeps it), since sending and compiling its 550 KB costs more than a run.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(c: Document, o: RunOptions): Promise<AxeResults> } }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations).toEqual([]);
}

export { expect };

/**
 * What a page should never show, collected as it runs: console errors, Content Security Policy reports (Chromium
 * prints them to the console, some as warnings) and uncaught errors. A test ends with `expect(problems).toEqual([])`.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) problems.push(msg.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
