import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../start';
import { openAccount, postMovement } from '../../records';
import { runStandingCommand } from './standing-command';
import { signStandingOrder } from './standing';

const dir = mkdtempSync(join(tmpdir(), 'gjj-standing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run standing', () => {
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runStandingCommand(argv, { DATA_DIR: join(dir, 'data'), DB_UNSAFE_NO_FSYNC: '1' }, (line) => lines.push(line), () => new Date('2026-12-10T02:00:00Z'));
    return { code, out: lines.join('\n') };
  };

  it('explains its use when the date is missing or not a day', async () => {
    expect(await run()).toEqual({ code: 2, out: expect.stringContaining('用法：npm run standing -w @gjj-hall/server -- --date 2026-12-10') });
    expect((await run('--date', '2026-02-30')).code).toBe(2);
    expect((await run('--dat', '2026-12-10')).out).toContain('参数不正确');
  });

  it('pays the period once: a second run of the same month pays nothing', async () => {
    const db = await prepareDatabase({ dataDir: join(dir, 'data'), unsafeNoFsync: true }, false);
    await db.transaction(async (tx) => {
      await openAccount(tx, { grzh: '209900000888', zjhm: '110101199003072316', xingming: '张三', kind: 'gr', khrq: '2025-07-01' });
      await postMovement(tx, { accountNo: '209900000888', amountFen: 500000n, kind: '01', ywbh: 'HJ-STANDING', line: 1, valueDate: '2026-06-10' });
      await tx.query(`update personal_account set interest_settled_to = '2026-06-30' where grzh = '209900000888'`);
      await signStandingOrder(tx, { grzh: '209900000888', zlht: 'ZL-CLI', zlzzrq: '2027-06-30', pl: 'M', amountFen: 150000n, skyh: '102', skzh: '6222021234567890128', skrxm: '张三' }, new Date());
    });
    await db.close();
    expect((await run('--date', '2026-12-10')).out).toMatch(/^2026-12 期按月\/按季租房提取：支付 1 笔，合计 1500\.00 元，自动终止协议 0 份/);
    expect((await run('--date', '2026-12-28')).out).toMatch(/支付 0 笔，合计 0\.00 元/);
  });
});
