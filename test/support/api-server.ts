import type { TestProject } from 'vitest/node';
import { buildApp } from '../../packages/server/src/app';
import { prepareDatabase } from '../../packages/server/src/start';

import './vitest-context';

/**
 * Vitest global setup for browser tests: the real reference server on an in-memory database with the demo
 * data, on a free loopback port. Browser tests read its origin with `inject('apiBase')`.
 */
export default async function setup(project: TestProject) {
  const db = await prepareDatabase({ memory: true }, true);
  // Every browser test calls from 127.0.0.1: the per-address limits are the server tests' to check; so is shedding the
  // calculator while the event loop lags (this process also serves the browser its modules). The browser tests read
  // captcha answers and SMS codes at /dev/outbox (the page and the server are both on 127.0.0.1).
  const app = await buildApp({ db, loginRateLimit: 1000, submitRateLimit: 1000, calcRateLimit: 1000, maxEventLoopDelay: 0, devRoutes: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('reference server has no TCP address');
  project.provide('apiBase', `http://127.0.0.1:${address.port}`);
  return async () => {
    await app.close();
  };
}
