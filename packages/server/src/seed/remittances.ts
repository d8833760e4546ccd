import type { Queryable } from '../db/db';
import { postMovement } from '../records';
import { settleBatch } from '../records/interest';

/**
 * A demo individual's monthly 汇缴 of `amountFen` for `periods` (`YYYYMM`, oldest first), each on the 10th, under the
 * business number `${prefix}${period}`, then the account settled up to the last 30 June before the seed day
 * (`settledYear`). The demo calendar puts the months wherever the seed day does: when they cross a 30 June, the
 * account is first settled to it by the real engine, as the centre's sweep would have.
 */
export async function postMonthlyRemittances(
  tx: Queryable,
  grzh: string,
  amountFen: bigint,
  prefix: string,
  periods: readonly string[],
  settledYear: number,
): Promise<void> {
  for (const period of periods) {
    const year = Number(period.slice(0, 4));
    const valueDate = `${period.slice(0, 4)}-${period.slice(4)}-10`;
    if (valueDate > `${year}-06-30`) await settleAccountTo(tx, grzh, year);
    await postMovement(tx, { accountNo: grzh, amountFen, kind: '01', ywbh: `${prefix}${period}`, line: 1, valueDate, period });
  }
  await settleAccountTo(tx, grzh, settledYear);
}

/**
 * Settles one account's interest, year by year, up to 30 June of `year` by the real engine (settleBatch), as the
 * centre's yearly sweep would have; nothing when it is settled that far already.
 */
export async function settleAccountTo(tx: Queryable, grzh: string, year: number): Promise<void> {
  for (;;) {
    const [acct] = await tx.query<{ settled: string }>(`select interest_settled_to::text as settled from personal_account where grzh = $1`, [grzh]);
    if (!acct || acct.settled >= `${year}-06-30`) return;
    const next = acct.settled.slice(5) < '06-30' ? Number(acct.settled.slice(0, 4)) : Number(acct.settled.slice(0, 4)) + 1;
    // Only this account: the batch starts just before its number and takes one.
    const done = await settleBatch(tx, next, String(BigInt(grzh) - 1n), 1);
    if (done.accounts === 0) return;
  }
}
