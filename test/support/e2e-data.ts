import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A fresh data directory for a reference server of the end-to-end tests: a copy of the one the global setup
 * migrated and seeded once (GJJ_E2E_DATA_TEMPLATE, test/support/e2e-global-setup.ts), so the server opens it in about
 * a second instead of running initdb, the migrations and the demo seed. Empty (the server seeds it) when there is
 * no template. The caller removes it.
 *
 * @example
 * const dataDir = seededDataDir('gjj-e2e-wizard-');
 */
export function seededDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const template = process.env.GJJ_E2E_DATA_TEMPLATE;
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}
