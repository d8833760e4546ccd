import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../start';
import { runInterestCommand } from './command';
import { openAccount } from './accounts';
import { postMovement } from './journal';

const dir = mkdtempSync(join(tmpdir(), 'gjj-interest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run interest', () => {
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runInterestCommand(argv, { DATA_DIR: join(dir, 'data'), DB_UNSAFE_NO_FSYNC: '1' }, (line) => lines.push(line));
    return { code, out: lines.join('\n') };
  };

  it('explains its use when the year is missing or malformed', async () => {
    expect(await run()).toEqual({ code: 2, out: expect.stringContaining('用法：npm run interest -w @gjj-hall/server -- --year 2026') });
    expect((await run('--year', '二〇二六')).code).toBe(2);
    expect((await run('--yaer', '2026')).out).toContain('参数不正确');
    expect((await run('--year', '2026', '--divisor', '366')).out).toContain('--divisor 360|365');
    expect((await run('--year', '2026', '--max-batches', '0')).code).toBe(2);
  });

  it('settles a year that has ended, and a second run settles nobody; a year not ended is refused', async () => {
    const db = await prepareDatabase({ dataDir: join(dir, 'data'), unsafeNoFsync: true }, false);
    await db.transaction(async (tx) => {
      await openAccount(tx, { grzh: '209900000777', zjhm: '110101199003072316', xingming: '张三', kind: 'gr', khrq: '2025-07-01' });
      await postMovement(tx, { accountNo: '209900000777', amountFen: 200000n, kind: '01', ywbh: 'HJ-CLI', line: 1, valueDate: '2025-07-10' });
      await openAccount(tx, { grzh: '209900000778', zjhm: '110101199003072316', xingming: '张三', kind: 'gr', khrq: '2024-07-01' });
      await postMovement(tx, { accountNo: '209900000778', amountFen: 200000n, kind: '01', ywbh: 'HJ-CLI-365', line: 1, valueDate: '2024-07-10' });
    });
    await db.close();
    // 2,000.00 × 355 days (10 July 2025 – 30 June 2026) × 1.50 % ÷ 360 = 29.583… → 29.58
    // --divisor 365: 2,000.00 × 355 days (10 July 2024 – 30 June 2025) × 1.50 % ÷ 365 = 29.178… → 29.18 (÷ 360 would be 29.58).
    expect((await run('--year', '2025', '--divisor', '365')).out).toMatch(/^2025 年度结息.*本次结息 1 户、1 批，利息 29\.18 元/);
    // --max-batches 1 with batches of one account: the run stops after the first (209900000777); the next run carries on.
    const first = await run('--year', '2026', '--batch-size', '1', '--max-batches', '1');
    expect(first).toEqual({ code: 0, out: expect.stringMatching(/^2026 年度结息（截至 2026-06-30）：本次结息 1 户、1 批，利息 29\.58 元.*状态 进行中$/) });
    expect((await run('--year', '2026')).out).toMatch(/本次结息 1 户.*状态 已完成$/);
    expect((await run('--year', '2026')).out).toContain('本次结息 0 户、0 批');
    // The clock of this machine is after 2026-06-30 and before 2099-06-30.
    expect(await run('--year', '2099')).toEqual({ code: 1, out: '未到 2099 年度结息时间（2099-06-30）' });
  }, 180_000);
});
