// npm run interest -w @gjj-hall/server -- --year 2026: the yearly interest settlement (docs/api-records.md). Builds the
// server first when its output is stale, then runs src/records/command.ts from the build.
import { resolve } from 'node:path';
import { PACKAGES, buildPackages, isStale } from '../../../scripts/lib/packages.mjs';

const root = resolve(import.meta.dirname, '..', '..', '..');
process.chdir(root);
const server = PACKAGES.filter((p) => p.name === '@gjj-hall/server' || p.name === '@gjj-hall/sdk');
if (server.some(isStale) && !buildPackages(server.filter(isStale))) process.exit(1);
const { runInterestCommand } = await import('../dist/index.js');
process.exitCode = await runInterestCommand(process.argv.slice(2), process.env);
