// npm run standing -w @gjj-hall/server -- --date 2026-12-10: pays a period of rent by standing order
// (docs/api-withdrawals.md › 按月/按季租房提取). Builds the server first when its output is stale, then runs
// src/business/withdrawals/standing-command.ts from the build.
import { resolve } from 'node:path';
import { PACKAGES, buildPackages, isStale } from '../../../scripts/lib/packages.mjs';

const root = resolve(import.meta.dirname, '..', '..', '..');
process.chdir(root);
const server = PACKAGES.filter((p) => p.name === '@gjj-hall/server' || p.name === '@gjj-hall/sdk');
if (server.some(isStale) && !buildPackages(server.filter(isStale))) process.exit(1);
const { runStandingCommand } = await import('../dist/index.js');
process.exitCode = await runStandingCommand(process.argv.slice(2), process.env);
