import { rmSync, writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../../packages/server/src/start';

/**
 * Vitest global setup of the server's tests: one in-memory database, migrated and seeded with the demo data, dumped
 * to the file GJJ_TEST_DB_TEMPLATE names (vitest.config.ts), from which each test file's prepareDatabase({ memory:
 * true }, true) starts: about 2 s less per file than initdb, 60 migrations and the seed (issue 24, stop 28). Made afresh
 * by every run (its file name carries the run's process id), never cached across runs, and seeded as of the day
 * GJJ_TEST_SEED_DAY names (the demo calendar), so its dates never go stale.
 */
export default async function setup(project: TestProject) {
  const path = project.config.env?.GJJ_TEST_DB_TEMPLATE;
  if (!path) throw new Error('GJJ_TEST_DB_TEMPLATE 未设置');
  // Made from scratch here, whatever this process's environment says.
  const saved = process.env.GJJ_TEST_DB_TEMPLATE;
  delete process.env.GJJ_TEST_DB_TEMPLATE;
  // Seeded as of the day the project names (the demo calendar's seed day, vitest.config.ts), as each file's reads it.
  const savedDay = process.env.GJJ_TEST_SEED_DAY;
  const seedDay = project.config.env?.GJJ_TEST_SEED_DAY;
  if (seedDay) process.env.GJJ_TEST_SEED_DAY = seedDay;
  const db = await prepareDatabase({ memory: true }, true);
  try {
    writeFileSync(path, Buffer.from(await (await db.dumpDataDir!()).arrayBuffer()));
  } finally {
    await db.close();
    if (saved !== undefined) process.env.GJJ_TEST_DB_TEMPLATE = saved;
    if (savedDay === undefined) delete process.env.GJJ_TEST_SEED_DAY;
    else process.env.GJJ_TEST_SEED_DAY = savedDay;
  }
  return () => rmSync(path, { force: true });
}
