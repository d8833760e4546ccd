import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOAN_CALCULATION_PATH, type LoanCalculationResult } from '@gjj-hall/sdk/loan';
import { RATE_PATHS, type LoanRate } from '@gjj-hall/sdk/rates';
import { prepareDatabase, settingsFromEnv, startServer, type ServerSettings } from './start';
import { PARAMETER_DEFAULTS } from './params/centre';

// Issue 30, item 5: the reference data every centre needs (loan rates, deposit rates, bounds, holiday calendar) comes
// with the migrations, not the demo seed: a production start on an empty database has the published rates.

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gjj-ref-'));
  writeFileSync(join(dir, 'home.html'), '<!doctype html><title>hall</title>');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('NODE_ENV=production on an empty database', () => {
  it('lists the published loan rates, computes with them, and holds the deposit rates, bounds and calendar', async () => {
    const env = { NODE_ENV: 'production', HALL_PUBLIC_URL: 'https://gjj.example.gov.cn/', GJJ_SECRET_KEY: randomBytes(32).toString('hex'), PORT: '0' };
    const settings: ServerSettings = { ...settingsFromEnv(env), target: { memory: true }, hallDir: dir };
    expect(settings.seed).toBe(false);
    const { app } = await startServer(settings);
    try {
      // What /loanRate (the rate page) lists: the national rates of 2025-05-08 and the LPR of 2025-05-20.
      const provident = (await app.inject({ url: `${RATE_PATHS.provident}?lllx=01` })).json<{ data: LoanRate[] }>().data;
      expect(provident.map((r) => [r.llmc, r.zxll, r.sxrq])).toEqual([
        ['01', 2.1, '2025-05-08'],
        ['02', 2.6, '2025-05-08'],
        ['71', 2.525, '2025-05-08'],
        ['72', 3.075, '2025-05-08'],
      ]);
      const commercial = (await app.inject({ url: `${RATE_PATHS.commercial}?lllx=03` })).json<{ data: LoanRate[] }>().data;
      expect(commercial.map((r) => [r.llmc, r.zxll])).toEqual([
        ['21', 3.0],
        ['22', 3.5],
        ['23', 3.0],
        ['24', 3.5],
      ]);

      // The calculator with the rates it was given: 1,000,000 over 240 months at 2.6 % and 3.5 %, equal payments.
      const query = new URLSearchParams({ htdkje: '1000000', dkqs: '240', dkffrq: '2026-01-31', dkhkfs: '01', sdll: '3.5', gjjll: '2.6', sfstf: '0' });
      const calc = await app.inject({ url: `${LOAN_CALCULATION_PATH}?${query.toString()}` });
      expect(calc.statusCode).toBe(200);
      const result = calc.json<{ data: LoanCalculationResult }>().data;
      // 1,000,000 × r(1+r)^240 / ((1+r)^240 − 1), r = 2.6 % / 12: 5,347.8805… → 5,347.88; at 3.5 %: 5,799.597… → 5,799.60.
      expect([result.gjjYhke, result.sdYhke]).toEqual(['5347.88', '5799.60']);

    } finally {
      await app.close();
    }
    // The other reference data, on a database with the migrations and nothing else (what production starts from):
    // deposit rates (019), the parameter table (071, 120), the holiday calendar (030), and no demo login.
    const db = await prepareDatabase({ memory: true }, false);
    try {
      expect(await db.query('select 1 from app_user limit 1')).toEqual([]);
      expect(await db.query('select effective_date::text as d, current_rate::text as r from deposit_rate order by 1')).toEqual([
        { d: '2000-01-01', r: '0.3500' },
        { d: '2016-02-21', r: '1.5000' },
      ]);
      // Every parameter a centre sets is a row, installed by migration (071, 120), none from the demo seed.
      const params = await db.query<{ key: string }>('select key from centre_parameter');
      expect(params.map((p) => p.key).sort()).toEqual(Object.keys(PARAMETER_DEFAULTS).sort());
      const [days] = await db.query<{ n: number }>('select count(*)::int as n from holiday_day');
      expect(days!.n).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  }, 120_000);
});
