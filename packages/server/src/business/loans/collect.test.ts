import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { checkLedger, getAccount, openAccount, postMovement } from '../../records';
import { collectInstalments, repaymentYwbh } from './collect';
import { createLoan, getLoan, type NewLoan } from './ledger';
import { PARAMETER_DEFAULTS, readParameters, setParameter } from '../../params/centre';

// The monthly collection command: offsets (冲还贷, kind 31 into C400) before the card, overdue periods and their
// interest, settlement, and a second run of a month that collects nothing more; every account equal to its journal.

const AT = new Date('2026-11-26T03:00:00Z');
const ZJHM = '110101199601012345';
let db: Db;

const loanInput = (ywbh: string, extra: Partial<NewLoan> = {}): NewLoan => ({
  ywbh,
  zjhm: ZJHM,
  xingming: '测扣款',
  grzh: '209800000001',
  amountFen: 12_000_000n,
  months: 120,
  annualRate: '2.6',
  rateCode: '02',
  method: '01',
  issueDate: '2026-05-26',
  fwlx: '02',
  fwdz: '示范市测试路 1 号',
  fwmj: '90',
  fwzjFen: 50_000_000n,
  secondHome: false,
  dbfs: '01',
  hkyh: '中国银行',
  hkzh: '6216600000000001',
  at: AT,
  ...extra,
});
const centre = async (code: string) => BigInt((await db.query<{ b: string }>('select balance_fen::text as b from centre_account where code = $1', [code]))[0]!.b);
const count = async (sql: string, params: unknown[]) => Number((await db.query<{ n: string }>(sql, params))[0]!.n);

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  await db.transaction(async (tx) => {
    for (const grzh of ['209800000001', '209800000002']) {
      await openAccount(tx, { grzh, zjhm: ZJHM, xingming: '测扣款', dwzh: null, kind: 'gr', khrq: '2026-07-01' });
    }
    // 3,000.00 yuan on the first account: enough for some instalments (about 1,134 a month), not all six.
    await postMovement(tx, { accountNo: '209800000001', amountFen: 300_000n, kind: '02', ywbh: 'BJ-COLLECT-1', line: 1, valueDate: '2026-07-01', period: '202606' });
  });
});
afterAll(() => db?.close?.());

describe('collectInstalments', () => {
  let offsetLoan = '';
  let lateLoan = '';
  let shortLoan = '';

  it('takes the offset from the provident account first (kind 31 into C400), the rest from the card', async () => {
    await db.transaction(async (tx) => {
      offsetLoan = (await createLoan(tx, loanInput('GD-COLLECT-1'))).dkzh;
      lateLoan = (await createLoan(tx, loanInput('GD-COLLECT-2', { grzh: '209800000002' }))).dkzh;
      shortLoan = (await createLoan(tx, loanInput('GD-COLLECT-3', { grzh: '209800000002', amountFen: 1_200_000n, months: 12, issueDate: '2025-11-26' }))).dkzh;
      await tx.query(`insert into loan_offset (dkzh, grzh, seq, ywbh, started_on) values ($1, '209800000001', 1, 'GD0601-TEST', '2026-05-26')`, [offsetLoan]);
      await tx.query('update loan set card_debit_fails = true where dkzh = $1', [lateLoan]);
    });
    const c400 = await centre('C400');
    const report = await collectInstalments(db, '2026-11-26', AT);
    expect(report.offsetFen).toBe(300_000n);
    expect((await getAccount(db, '209800000001'))!.balanceFen).toBe(0n);
    expect((await centre('C400')) - c400).toBe(300_000n);
    // Six periods of the offset loan (06-26 … 11-26), the short loan's twelve; the late loan's card pays nothing.
    expect(await count(`select count(*)::text as n from loan_schedule where dkzh = $1 and status = '1'`, [offsetLoan])).toBe(6);
    expect(await count(`select count(*)::text as n from loan_repayment where dkzh = $1 and source = 'offset'`, [offsetLoan])).toBeGreaterThanOrEqual(2);
    expect(report.cardPayments).toBe(6 + 12 - report.offsets + (await count(`select count(*)::text as n from loan_repayment where source = 'offset' and principal_fen + interest_fen < (select payment_fen from loan_schedule s where s.dkzh = loan_repayment.dkzh and s.period = loan_repayment.period)`, [])));
    const loan = (await getLoan(db, offsetLoan))!;
    const [paid] = await db.query<{ p: string }>(`select coalesce(sum(principal_fen), 0)::text as p from loan_repayment where dkzh = $1`, [offsetLoan]);
    expect(loan.balanceFen).toBe(loan.amountFen - BigInt(paid!.p));
    expect((await checkLedger(db, ['209800000001'])).ok).toBe(true);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('marks what the card did not pay as overdue, the loan 逾期', async () => {
    expect(await count(`select count(*)::text as n from loan_schedule where dkzh = $1 and status = '2'`, [lateLoan])).toBe(6);
    expect((await getLoan(db, lateLoan))!.status).toBe('2');
  });

  it('settles a loan whose every period is paid', async () => {
    const loan = (await getLoan(db, shortLoan))!;
    expect([loan.status, loan.balanceFen, loan.settledDate]).toEqual(['3', 0n, '2026-11-26']);
  });

  it('run twice for the month, collects once', async () => {
    const before = await count('select count(*)::text as n from loan_repayment', []);
    const journal = await count('select count(*)::text as n from journal_entry where kind = $1', ['31']);
    const again = await collectInstalments(db, '2026-11-26', AT);
    expect([again.offsets, again.cardPayments, again.offsetFen, again.cardFen]).toEqual([0, 0, 0n, 0n]);
    expect(await count('select count(*)::text as n from loan_repayment', [])).toBe(before);
    expect(await count('select count(*)::text as n from journal_entry where kind = $1', ['31'])).toBe(journal);
    expect(await count(`select runs::text as n from loan_collection_run where month = '202611'`, [])).toBe(2);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it(`collects a late period later with overdue interest per day (annual ÷ 360 × loanOverdueFactor, default ${PARAMETER_DEFAULTS.loanOverdueFactor}; here the row set to 1.25, a decimal kept exact)`, async () => {
    await db.query('update loan set card_debit_fails = false where dkzh = $1', [lateLoan]);
    await setParameter(db, 'loanOverdueFactor', 1.25);
    try {
      expect((await readParameters(db)).loanOverdueFactor).toBe(1.25);
      await collectInstalments(db, '2026-12-06', AT);
    } finally {
      await setParameter(db, 'loanOverdueFactor', PARAMETER_DEFAULTS.loanOverdueFactor);
    }
    const [first] = await db.query<{ principal_fen: string; overdue_interest_fen: string }>(
      `select principal_fen::text as principal_fen, overdue_interest_fen::text as overdue_interest_fen from loan_repayment where ywbh = $1`,
      [repaymentYwbh(lateLoan, 1)],
    );
    // Due 2026-06-26, paid 2026-12-06: 163 days.
    const expected = Math.round((Number(first!.principal_fen) * 2.6 * 1.25 * 163) / 36000);
    expect(Number(first!.overdue_interest_fen)).toBe(expected);
    expect((await getLoan(db, lateLoan))!.status).toBe('1');
  });
});
