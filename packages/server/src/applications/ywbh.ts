import type { Queryable } from '../db/db';
import { centreDate } from '../clock';

/**
 * Business numbers (业务编号, ywbh): the type code, the centre's day of issue (yyyymmdd, Asia/Shanghai) and the next
 * value of the sequence `application_ywbh_seq` in eight digits: `GJ0302` + `20261126` + `00000042`, 22 characters.
 * The sequence is shared by every type and never reset, so a number is unique without a lock, a counter row or max().
 */
export const YWBH_PATTERN = '^[A-Z]{2}[0-9]{4}[0-9]{8}[0-9]{8}$';

/**
 * The number of sequence value `seq` issued on `at`.
 *
 * @example
 * formatYwbh('GJ0302', new Date('2026-11-26T02:00:00Z'), 42) // 'GJ03022026112600000042'
 */
export function formatYwbh(ywlx: string, at: Date, seq: number | string): string {
  // Past 10^8 numbers the tail keeps its last eight digits; the day in front keeps them apart (the unique index checks).
  const tail = String(BigInt(seq) % 100_000_000n).padStart(8, '0');
  return `${ywlx}${centreDate(at).replaceAll('-', '')}${tail}`;
}

/** Takes the next business number of `ywlx`. */
export async function nextYwbh(q: Queryable, ywlx: string, at: Date): Promise<string> {
  const [row] = await q.query<{ seq: string }>(`select nextval('application_ywbh_seq')::text as seq`);
  return formatYwbh(ywlx, at, row!.seq);
}
