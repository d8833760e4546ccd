import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../../db/db';
import { centreDate } from '../../clock';
import { ApiError, ok } from '../../http/envelope';
import { CENTRE_KEY_HEADER, CENTRE_KEY_MESSAGE, CENTRE_PREFIX, centreKeyMatches } from '../../applications/centre';
import { readParameters } from '../../params/centre';
import { fenToYuan } from '../../records/money';

/**
 * 保证金 (issue 38, docs/api-developer.md › 保证金): the deposit a developer keeps with the centre for the staged
 * guarantees (阶段性担保) of its projects, a ledger of its own (`developer_deposit_entry`, migration 191; not a provident
 * account, so not `records.postMovement`). Each guaranteed loan (担保方式 72 on a project with `jdxdb`) holds
 * `developerDepositPercent` % of its amount once (`holdDeposits`, set-based and idempotent); its share is released when
 * the centre records the loan's mortgage as registered (`registerMortgage`, in the same transaction).
 */

/** The share of `amountFen` at `percent` %, rounded half-up to the fen, in integers. */
export const depositShare = (amountFen: bigint, percent: number): bigint => (amountFen * BigInt(Math.round(percent * 100)) + 5000n) / 10000n;

/**
 * Holds the share of every guaranteed loan issued on or before `date` that has none yet and whose mortgage is not
 * registered: one statement, idempotent (one hold per loan). Returns how many loans and how much.
 *
 * @example await holdDeposits(db, '2026-11-26', now) // { loans: 1, amountFen: 2500000n } the first time, { loans: 0 } after
 */
export async function holdDeposits(q: Queryable, date: string, at: Date): Promise<{ loans: number; amountFen: bigint }> {
  const percent = (await readParameters(q)).developerDepositPercent;
  const [r] = await q.query<{ loans: number; amount: string }>(
    `with ins as (
       insert into developer_deposit_entry (dwzh, dkzh, kind, amount_fen, value_date, created_at)
       select p.dwzh, l.dkzh, 'hold', (l.amount_fen * $2::bigint + 5000) / 10000, l.issue_date, $3
         from loan l join developer_project p on p.xmbh = l.xmbh
        where l.dbfs = '72' and p.jdxdb and l.issue_date <= $1::date
          and not exists (select 1 from loan_mortgage m where m.dkzh = l.dkzh)
       on conflict (dkzh, kind) do nothing
       returning amount_fen)
     select count(*)::int as loans, coalesce(sum(amount_fen), 0)::text as amount from ins`,
    [date, Math.round(percent * 100), at],
  );
  return { loans: r?.loans ?? 0, amountFen: BigInt(r?.amount ?? '0') };
}

/**
 * Records a loan's mortgage as registered and releases its share (if it held one), in the caller's transaction.
 * 404 without the loan, 409 when already recorded.
 */
export async function registerMortgage(tx: Queryable, dkzh: string, date: string, operator: string, at: Date): Promise<bigint> {
  const [loan] = await tx.query('select 1 from loan where dkzh = $1 for update', [dkzh]);
  if (!loan) throw new ApiError(404, '贷款不存在');
  const added = await tx.query(
    `insert into loan_mortgage (dkzh, registered_on, operator, created_at) values ($1, $2, $3, $4) on conflict (dkzh) do nothing returning dkzh`,
    [dkzh, date, operator, at],
  );
  if (added.length === 0) throw new ApiError(409, '该贷款的抵押登记已记录');
  const [released] = await tx.query<{ amount: string }>(
    `insert into developer_deposit_entry (dwzh, dkzh, kind, amount_fen, value_date, created_at)
     select dwzh, dkzh, 'release', amount_fen, $2, $3 from developer_deposit_entry where dkzh = $1 and kind = 'hold'
     on conflict (dkzh, kind) do nothing returning amount_fen::text as amount`,
    [dkzh, date, at],
  );
  return BigInt(released?.amount ?? '0');
}

/** One guaranteed loan of the developer: its share held and released. */
export interface DepositRow {
  id: string;
  xmbh: string;
  xmmc: string;
  xingming: string;
  loan_fen: string;
  held_fen: string;
  hold_date: string;
  released_fen: string | null;
  release_date: string | null;
}

/** A page of the developer's guaranteed loans, newest hold first (index developer_deposit_unit), keyset on the hold's id. */
export function depositPage(q: Queryable, dwzh: string, afterId: string, limit: number): Promise<DepositRow[]> {
  return q.query<DepositRow>(
    `select h.id::text as id, l.xmbh, coalesce(p.xmmc, '') as xmmc, l.xingming, l.amount_fen::text as loan_fen, h.amount_fen::text as held_fen,
            h.value_date::text as hold_date, r.amount_fen::text as released_fen, r.value_date::text as release_date
       from developer_deposit_entry h
       join loan l on l.dkzh = h.dkzh
       left join developer_project p on p.xmbh = l.xmbh
       left join developer_deposit_entry r on r.dkzh = h.dkzh and r.kind = 'release'
      where h.dwzh = $1 and h.kind = 'hold' and h.id < $2::bigint
      order by h.id desc limit $3`,
    [dwzh, afterId, limit],
  );
}

/** The developer's balance: Σ holds − Σ releases, and how many loans still hold. */
export async function depositBalance(q: Queryable, dwzh: string): Promise<{ balanceFen: bigint; holding: number }> {
  const [r] = await q.query<{ balance: string; holding: number }>(
    `select coalesce(sum(case kind when 'hold' then amount_fen else -amount_fen end), 0)::text as balance,
            (count(*) filter (where kind = 'hold') - count(*) filter (where kind = 'release'))::int as holding
       from developer_deposit_entry where dwzh = $1`,
    [dwzh],
  );
  return { balanceFen: BigInt(r?.balance ?? '0'), holding: r?.holding ?? 0 };
}

const tags = ['中心接口'] as const;
const envelope = (data: Record<string, unknown>) => ({ 200: { type: 'object', required: ['code', 'msg', 'data'], properties: { code: { type: 'integer' }, msg: { type: 'string' }, data } } });
const dateSchema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', 'x-msg': '日期格式应为 YYYY-MM-DD' } as const;

/** The centre's deposit calls, under the centre API's key: the hold command and a mortgage registered. */
export async function depositCentreRoutes(app: FastifyInstance, db: Db, key: string, now: () => Date): Promise<void> {
  await app.register(async (centre) => {
    centre.addHook('onRoute', (route) => {
      route.config = { ...route.config, protection: 'centreKey' };
    });
    centre.addHook('onRequest', async (request) => {
      if (!centreKeyMatches(key, request.headers[CENTRE_KEY_HEADER])) throw new ApiError(401, CENTRE_KEY_MESSAGE);
    });

    centre.post<{ Body: { date?: string } }>(
      `${CENTRE_PREFIX}/developer-deposits/hold`,
      {
        schema: {
          summary: '阶段性担保保证金：为截至该日发放、尚无保证金的担保贷款缴存（按参数比例）；重复执行不重复缴存',
          tags,
          body: { type: 'object', additionalProperties: false, properties: { date: { ...dateSchema, description: '截至日期（默认今天）' } } },
          response: envelope({ type: 'object', required: ['loans', 'amount'], properties: { loans: { type: 'integer' }, amount: { type: 'string', description: '元' } } }),
        },
      },
      async (request) => {
        const r = await holdDeposits(db, request.body?.date ?? centreDate(now()), now());
        return ok({ loans: r.loans, amount: fenToYuan(r.amountFen) });
      },
    );

    centre.post<{ Params: { dkzh: string }; Body: { date?: string; operator: string } }>(
      `${CENTRE_PREFIX}/loans/:dkzh/mortgage`,
      {
        schema: {
          summary: '抵押登记办妥：记录并在同一事务中释放该笔贷款的阶段性担保保证金',
          tags,
          params: { type: 'object', required: ['dkzh'], properties: { dkzh: { type: 'string', pattern: '^[0-9]{13,20}$', 'x-msg': '贷款账号格式不正确' } } },
          body: {
            type: 'object',
            required: ['operator'],
            additionalProperties: false,
            properties: {
              date: { ...dateSchema, description: '抵押登记日期（默认今天）' },
              operator: { type: 'string', minLength: 1, maxLength: 40, description: '经办人', 'x-required-msg': '请填写经办人' },
            },
          },
          response: envelope({ type: 'object', required: ['dkzh', 'released'], properties: { dkzh: { type: 'string' }, released: { type: 'string', description: '释放的保证金（元）' } } }),
        },
      },
      async (request) => {
        const date = request.body.date ?? centreDate(now());
        const released = await db.transaction((tx) => registerMortgage(tx, request.params.dkzh, date, request.body.operator, now()));
        return ok({ dkzh: request.params.dkzh, released: fenToYuan(released) });
      },
    );
  });
}
