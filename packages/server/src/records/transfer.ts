import type { Queryable } from '../db/db';
import { getAccount } from './accounts';
import { postMovement } from './journal';
import { ACCOUNT_STATUS, isClosedStatus, UNIT_ACCOUNT_STATUS } from './kinds';
import { monthlyDeposit, readParameters } from '../params/centre';
import { RecordsError } from './money';

/** What a move of a personal account to another unit of the centre did. Money in fen. */
export interface UnitMove {
  grzh: string;
  from: { dwzh: string; dwmc: string };
  to: { dwzh: string; dwmc: string };
  /** The balance that moved (0 for an empty account: then no entry is posted). */
  amountFen: bigint;
  /** The monthly deposit at the new unit's ratios. */
  yjceFen: bigint;
}

/** Why the records refuse a move, in the words the hall shows (docs/api-personal.md › 同城转移). */
export const MOVE_MESSAGES = {
  missing: '个人账户不存在',
  flexible: '该账户为灵活就业人员账户，不能办理单位间转移，请办理“灵活就业人员账户转移”',
  closed: '该个人账户已销户，不能办理转移',
  frozen: '该个人账户已冻结，不能办理转移，请到住房公积金管理中心柜台咨询',
  sameUnit: '转入单位与原单位相同，无需办理转移',
  targetMissing: '转入单位账号与单位名称不一致，或该单位未在本中心开户，请向新单位经办人核实后重新填写',
  targetNotNormal: '转入单位的住房公积金单位账户当前不是正常状态，暂不能转入，请联系新单位经办人',
} as const;

/**
 * Moves a personal account to another unit of the centre (同城转移), inside the caller's transaction (the one that
 * completes the application): the whole balance goes out of the old unit's list (转出 22, line 1) and into the new
 * unit's (转入 21, line 2), both through the transfer clearing account C300, which nets to zero; the account keeps
 * its number, takes the new unit, the new unit's ratios and the monthly deposit they give on its base (each part
 * rounded half up to the centre's rounding unit, parameter roundingFen), and becomes 正常 (01) so the new unit can remit. Interest is untouched: the balance
 * is the same after the two entries, and both are dated `valueDate`. A replay with the same `ywbh` posts nothing twice.
 *
 * @example
 * await db.transaction((tx) => moveToUnit(tx, { grzh: '201000000501', toDwzh: '100200300103', ywbh, valueDate: '2026-11-26' }))
 */
export async function moveToUnit(
  tx: Queryable,
  m: { grzh: string; toDwzh: string; ywbh: string; valueDate: string; at?: Date },
): Promise<UnitMove> {
  const account = await getAccount(tx, m.grzh, { forUpdate: true });
  if (!account) throw new RecordsError(MOVE_MESSAGES.missing);
  if (account.kind !== 'gr' || !account.dwzh) throw new RecordsError(MOVE_MESSAGES.flexible, 409);
  if (isClosedStatus(account.grzhzt)) throw new RecordsError(MOVE_MESSAGES.closed, 409);
  if (account.grzhzt === ACCOUNT_STATUS.frozen || account.grzhzt === ACCOUNT_STATUS.other) throw new RecordsError(MOVE_MESSAGES.frozen, 409);
  if (account.dwzh === m.toDwzh) throw new RecordsError(MOVE_MESSAGES.sameUnit, 409);
  // The new unit's row is locked against a change of its status until this transaction ends.
  const [target] = await tx.query<{ dwzh: string; dwmc: string; dwzhzt: string; dwjcbl: string | null; grjcbl: string | null }>(
    `select r.dwzh, r.dwmc, r.dwzhzt, a.dwjcbl::text as dwjcbl, a.grjcbl::text as grjcbl
       from unit_record r left join unit_account a on a.dwzh = r.dwzh
      where r.dwzh = $1 and r.category = 'jcdw' for share of r`,
    [m.toDwzh],
  );
  if (!target) throw new RecordsError(MOVE_MESSAGES.targetMissing, 409);
  if (target.dwzhzt !== UNIT_ACCOUNT_STATUS.normal || target.dwjcbl === null || target.grjcbl === null) throw new RecordsError(MOVE_MESSAGES.targetNotNormal, 409);

  const from = { dwzh: account.dwzh, dwmc: account.dwmc };
  const amount = account.balanceFen;
  if (amount > 0n) {
    await postMovement(tx, { accountNo: m.grzh, amountFen: -amount, kind: '22', ywbh: m.ywbh, line: 1, valueDate: m.valueDate, note: `同城转移转出（转入单位：${target.dwmc}）` });
    await postMovement(tx, { accountNo: m.grzh, amountFen: amount, kind: '21', ywbh: m.ywbh, line: 2, valueDate: m.valueDate, note: `同城转移转入（原单位：${from.dwmc}）` });
  }
  // The monthly deposit on the new unit's ratios, by the centre's one rounding rule (src/params/centre.ts).
  const { totalFen } = monthlyDeposit(account.jcjsFen, target.dwjcbl, target.grjcbl, (await readParameters(tx)).roundingFen);
  const [moved] = await tx.query<{ yjce_fen: string }>(
    `update personal_account
        set dwzh = $2, dwmc = $3, grzhzt = '01', dwjcbl = $4::numeric, grjcbl = $5::numeric, yjce_fen = $6
      where grzh = $1
      returning yjce_fen::text as yjce_fen`,
    [m.grzh, target.dwzh, target.dwmc, target.dwjcbl, target.grjcbl, String(totalFen)],
  );
  await tx.query(
    `insert into personal_transfer (ywbh, grzh, from_dwzh, from_dwmc, to_dwzh, to_dwmc, amount_fen, value_date, completed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [m.ywbh, m.grzh, from.dwzh, from.dwmc, target.dwzh, target.dwmc, String(amount), m.valueDate, m.at ?? new Date()],
  );
  return { grzh: m.grzh, from, to: { dwzh: target.dwzh, dwmc: target.dwmc }, amountFen: amount, yjceFen: BigInt(moved!.yjce_fen) };
}
