import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../db/db';
import { prepareDatabase } from '../../start';
import { checkLedger, postMovements } from '../../records';
import { employeeMonthlyFen } from './params';
import { remittanceSummary, writeRemittanceLines } from './remittance';

// The whole remittance as a property (issue 34): for any unit of employees (any base, any ratios, some sealed, some
// already credited for the month due by a unit they left), the list, its totals, the lines written and the money
// posted agree to the fen with the TypeScript rule, every employee due is credited exactly once, nobody else is, every
// balance equals its journal, and posting the same lines again moves nothing. Each run works in one transaction on a
// unit of the seed with no employees (示范市恒通物流有限公司) and is rolled back, so the runs do not see one another.

const UNIT = '100200300103';
let db: Db;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
});
afterAll(() => db.close());

interface Employee {
  baseFen: bigint;
  dw: number;
  gr: number;
  sealed: boolean;
  credited: boolean;
}

const employee = fc.record({
  baseFen: fc.bigInt({ min: 0n, max: 5_000_000n }),
  dw: fc.integer({ min: 0, max: 12 }),
  gr: fc.integer({ min: 0, max: 12 }),
  sealed: fc.boolean(),
  credited: fc.boolean(),
});

class Rollback extends Error {}

const balances = async (q: Queryable, grzhs: string[]) =>
  new Map(
    (await q.query<{ grzh: string; b: string }>(`select grzh, balance_fen::text as b from personal_account where grzh = any($1::text[])`, [grzhs])).map(
      (r) => [r.grzh, BigInt(r.b)] as const,
    ),
  );

async function run(tx: Queryable, staff: Employee[], roundingFen: number) {
  const [{ due } = { due: '' }] = await tx.query<{ due: string }>(
    `select to_char(coalesce(to_date(jzny, 'YYYYMM') + interval '1 month', date_trunc('month', khrq)), 'YYYYMM') as due from unit_account where dwzh = $1`,
    [UNIT],
  );
  const grzhs = staff.map((_, i) => `3990${String(i).padStart(8, '0')}`);
  await tx.query(
    `insert into personal_account (grzh, zjhm, xingming, dwzh, dwmc, kind, khrq, jcjs_fen, dwjcbl, grjcbl, yjce_fen, grzhzt, interest_settled_to)
     select x.grzh, 'P' || lpad(x.n::text, 17, '0'), '职工' || x.n, $1, '', 'gr', date '2026-07-01', x.base, x.dw, x.gr, 0, x.zt, date '2026-07-01'
       from unnest($2::text[], $3::bigint[], $4::numeric[], $5::numeric[], $6::text[]) with ordinality as x(grzh, base, dw, gr, zt, n)`,
    [UNIT, grzhs, staff.map((e) => String(e.baseFen)), staff.map((e) => e.dw), staff.map((e) => e.gr), staff.map((e) => (e.sealed ? '02' : '01'))],
  );
  // Those credited for the month due already: by the unit they came from (a 补缴 line of 1.00 for that month).
  const credited = grzhs.filter((_, i) => staff[i]!.credited);
  if (credited.length) {
    await postMovements(tx, { kind: '02', ywbh: 'PROP-EARLIER', valueDate: '2026-12-01', period: due }, credited.map((accountNo, i) => ({ accountNo, amountFen: 100n, line: i + 1 })));
  }
  const before = await balances(tx, grzhs);

  // What the rule says: open, not yet credited for the month, a monthly amount above zero.
  const expected = new Map<string, { dw: bigint; gr: bigint }>();
  staff.forEach((e, i) => {
    const total = employeeMonthlyFen(e.baseFen, e.dw, e.gr, roundingFen);
    if (!e.sealed && !e.credited && total > 0n) {
      expected.set(grzhs[i]!, { dw: employeeMonthlyFen(e.baseFen, e.dw, 0, roundingFen), gr: employeeMonthlyFen(e.baseFen, 0, e.gr, roundingFen) });
    }
  });
  const sum = (pick: (v: { dw: bigint; gr: bigint }) => bigint) => [...expected.values()].reduce((s, v) => s + pick(v), 0n);

  const summary = await remittanceSummary(tx, UNIT, roundingFen);
  expect({ persons: summary.persons, dw: summary.dwFen, gr: summary.grFen, total: summary.totalFen }).toEqual({
    persons: expected.size,
    dw: sum((v) => v.dw),
    gr: sum((v) => v.gr),
    total: sum((v) => v.dw + v.gr),
  });

  await tx.query(`insert into unit_remittance (ywbh, dwzh, period, persons, total_fen, paid_at) values ('PROP-HJ', $1, $2, $3, $4, now())`, [
    UNIT,
    due,
    summary.persons,
    String(summary.totalFen),
  ]);
  const lines = await writeRemittanceLines(tx, 'PROP-HJ', UNIT, roundingFen);
  // One line per employee due, numbered 1.. in account order, each the rule's amount.
  expect(lines.map((l) => l.accountNo)).toEqual([...expected.keys()].sort());
  expect(lines.map((l) => l.line)).toEqual(lines.map((_, i) => i + 1));
  for (const l of lines) expect(l.amountFen).toBe(expected.get(l.accountNo)!.dw + expected.get(l.accountNo)!.gr);

  const batch = { kind: '01' as const, ywbh: 'PROP-HJ', valueDate: '2026-12-07', period: due };
  expect(await postMovements(tx, batch, lines)).toEqual({ posted: lines.length, replayed: 0, totalFen: summary.totalFen });
  const after = await balances(tx, grzhs);
  for (const g of grzhs) {
    const due = expected.get(g);
    expect(after.get(g)! - before.get(g)!).toBe(due ? due.dw + due.gr : 0n);
  }
  expect((await checkLedger(tx, grzhs)).ok).toBe(true);
  // The same lines again move nothing, and the month due has nobody left on the list.
  expect(await postMovements(tx, batch, lines)).toEqual({ posted: 0, replayed: lines.length, totalFen: 0n });
  expect((await remittanceSummary(tx, UNIT, roundingFen)).persons).toBe(0);
}

describe('the whole remittance of a unit (property)', () => {
  it('list, totals, lines and postings agree with the rule for any staff; each due employee credited once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(employee, { minLength: 0, maxLength: 25 }), fc.constantFrom(1, 10, 100), async (staff, roundingFen) => {
        await db
          .transaction(async (tx) => {
            await run(tx, staff, roundingFen);
            throw new Rollback();
          })
          .catch((e: unknown) => {
            if (!(e instanceof Rollback)) throw e;
          });
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
