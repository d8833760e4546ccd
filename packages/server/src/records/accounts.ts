import type { Queryable } from '../db/db';
import { ACCOUNT_STATUS, isClosedStatus, type AccountStatus } from './kinds';
import { RecordsError } from './money';

/** A personal account (个人账户), as personal_account holds it. Money in fen. */
export interface PersonalAccount {
  grzh: string;
  zjhm: string;
  xingming: string;
  dwzh: string | null;
  dwmc: string;
  kind: 'gr' | 'lhjy';
  /** Dictionary GRZHZT; a closed account's status says which kind of closing it was (03, 04, 05). */
  grzhzt: AccountStatus;
  /** Opening date, YYYY-MM-DD. */
  khrq: string;
  xhrq: string | null;
  jcjsFen: bigint;
  /** Unit and personal ratios, percent as text ('12.00'). */
  dwjcbl: string;
  grjcbl: string;
  yjceFen: bigint;
  balanceFen: bigint;
  lastValueDate: string | null;
  interestSettledTo: string;
}

const COLUMNS = `grzh, zjhm, xingming, dwzh, dwmc, kind, grzhzt, khrq::text as khrq, xhrq::text as xhrq,
  jcjs_fen::text as jcjs_fen, dwjcbl::text as dwjcbl, grjcbl::text as grjcbl, yjce_fen::text as yjce_fen,
  balance_fen::text as balance_fen, last_value_date::text as last_value_date, interest_settled_to::text as interest_settled_to`;

type Row = Record<string, string | null>;

function toAccount(r: Row): PersonalAccount {
  return {
    grzh: r.grzh!,
    zjhm: r.zjhm!,
    xingming: r.xingming!,
    dwzh: r.dwzh ?? null,
    dwmc: r.dwmc ?? '',
    kind: r.kind as PersonalAccount['kind'],
    grzhzt: r.grzhzt as AccountStatus,
    khrq: r.khrq!,
    xhrq: r.xhrq ?? null,
    jcjsFen: BigInt(r.jcjs_fen!),
    dwjcbl: r.dwjcbl!,
    grjcbl: r.grjcbl!,
    yjceFen: BigInt(r.yjce_fen!),
    balanceFen: BigInt(r.balance_fen!),
    lastValueDate: r.last_value_date ?? null,
    interestSettledTo: r.interest_settled_to!,
  };
}

/**
 * A scalar subquery that yields the account of number `$n` as one JSON value (or null), for a caller that reads it in
 * the same statement as something else (issue 35: fewer statements per signed-in read); `accountFromJson` reads it.
 *
 * @example
 * const [row] = await db.query(`select p.xingming, ${accountJsonSql(2)} as account from person_info p where p.account_id = $1`, [id, grzh]);
 * accountFromJson(row.account)?.balanceFen
 */
export const accountJsonSql = (param: number): string =>
  `(select to_jsonb(a) from (select ${COLUMNS} from personal_account where grzh = $${param}) a)`;

/** The account of `accountJsonSql`'s value (every column is text there, as in getAccount), or undefined. */
export function accountFromJson(value: unknown): PersonalAccount | undefined {
  return value && typeof value === 'object' ? toAccount(value as Row) : undefined;
}

/**
 * One personal account by number, or undefined.
 * @example const account = await getAccount(db, '201000000101'); account?.balanceFen // 8654235n
 */
export async function getAccount(q: Queryable, grzh: string, options: { forUpdate?: boolean } = {}): Promise<PersonalAccount | undefined> {
  const [row] = await q.query<Row>(`select ${COLUMNS} from personal_account where grzh = $1${options.forUpdate ? ' for update' : ''}`, [grzh]);
  return row ? toAccount(row) : undefined;
}

/**
 * Every account a person holds (by ID number), oldest first.
 * @example (await listAccountsOf(db, '110101199003072316')).map((a) => a.grzh) // ['201000000101', '201000000188']
 */
export async function listAccountsOf(q: Queryable, zjhm: string): Promise<PersonalAccount[]> {
  const rows = await q.query<Row>(`select ${COLUMNS} from personal_account where zjhm = $1 order by khrq, grzh`, [zjhm]);
  return rows.map(toAccount);
}

export interface OpenAccountInput {
  grzh: string;
  zjhm: string;
  xingming: string;
  dwzh?: string | null;
  dwmc?: string;
  kind: 'gr' | 'lhjy';
  /** Opening date, YYYY-MM-DD; interest runs from it. */
  khrq: string;
  jcjsFen?: bigint;
  dwjcbl?: string | number;
  grjcbl?: string | number;
  yjceFen?: bigint;
}

/**
 * Opens a personal account with a zero balance (money arrives through postMovement).
 * @example await openAccount(tx, { grzh: '201001000001', zjhm, xingming: '李梅', kind: 'lhjy', khrq: '2026-11-26' })
 */
export async function openAccount(tx: Queryable, input: OpenAccountInput): Promise<PersonalAccount> {
  const [row] = await tx.query<Row>(
    `insert into personal_account (grzh, zjhm, xingming, dwzh, dwmc, kind, khrq, jcjs_fen, dwjcbl, grjcbl, yjce_fen, interest_settled_to)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $7) on conflict (grzh) do nothing
     returning ${COLUMNS}`,
    [
      input.grzh,
      input.zjhm,
      input.xingming,
      input.dwzh ?? null,
      input.dwmc ?? '',
      input.kind,
      input.khrq,
      String(input.jcjsFen ?? 0n),
      String(input.dwjcbl ?? 0),
      String(input.grjcbl ?? 0),
      String(input.yjceFen ?? 0n),
    ],
  );
  if (!row) throw new RecordsError(`个人账号 ${input.grzh} 已存在`, 409);
  return toAccount(row);
}

/** The statuses setAccountStatus sets; closing goes through closeAccount. */
export type SettableStatus = typeof ACCOUNT_STATUS.normal | typeof ACCOUNT_STATUS.sealed | typeof ACCOUNT_STATUS.frozen | typeof ACCOUNT_STATUS.other;

/**
 * Seals (02), unseals or unfreezes (01), freezes (06) or marks 其他 (99) an account; a closed one stays closed.
 * @example await setAccountStatus(tx, '201000200007', '02') // 封存
 */
export async function setAccountStatus(tx: Queryable, grzh: string, status: SettableStatus): Promise<void> {
  if (isClosedStatus(status)) throw new RecordsError('销户请通过销户业务办理');
  const account = await getAccount(tx, grzh, { forUpdate: true });
  if (!account) throw new RecordsError('个人账户不存在');
  if (isClosedStatus(account.grzhzt)) throw new RecordsError('个人账户已销户，不能变更状态');
  await tx.query('update personal_account set grzhzt = $2 where grzh = $1', [grzh, status]);
}

/**
 * Why the account may not pay money out now (sealed, frozen, closed), in Chinese; undefined when it may.
 * The applications read this for their restrictions.
 * @example isRestricted(account) // '个人账户已封存，不能办理此项业务'
 */
export function isRestricted(account: Pick<PersonalAccount, 'grzhzt'>): string | undefined {
  if (isClosedStatus(account.grzhzt)) return '个人账户已销户，不能办理此项业务';
  switch (account.grzhzt) {
    case ACCOUNT_STATUS.other:
      return '个人账户状态异常，不能办理此项业务，请到中心柜台咨询';
    case ACCOUNT_STATUS.frozen:
      return '个人账户已冻结，不能办理此项业务，请到中心柜台咨询';
    case ACCOUNT_STATUS.sealed:
      return '个人账户已封存，不能办理此项业务';
    default:
      return undefined;
  }
}
