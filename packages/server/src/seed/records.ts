import type { Queryable } from '../db/db';
import { settleBatch } from '../records/interest';
import { balanceDay, lastRemitted, monthText, type DemoCalendar } from './calendar';

/**
 * Seed step 10 (issue 20, docs/api-records.md#seeded-history): the centre's records behind the demo. Everything is
 * arithmetic on the rows below and generated set-based in SQL, so the same database comes out on every start:
 *
 * - a personal account for every demo individual (张三's two, 李梅, the depositors on file 赵六 … 郑浩, the SMS
 *   individuals 赵初始 … 李短信) and 20 more employees of 示例科技有限公司 (27 in all, 4 of them sealed 封存);
 * - monthly remittances (汇缴) on the 10th from each account's first month to the month two months before the seed
 *   day (the demo calendar, seed/calendar.ts; October when seeded in December) or its sealing, the base growing 5 %
 *   each July, unit and personal part each rounded to the yuan;
 * - one earlier withdrawal (提取, six months' deposits) each, a 结息 entry every 30 June by the real settlement
 *   (settleBatch) up to the last 30 June before the seed day, and for the demo individuals a last movement on the
 *   20th of that last month (balanceDay) that brings the balance to the figure the demo always showed (张三 86,542.35 …);
 * - the unit accounts of the deposit units on file, and the developers' projects (楼盘).
 */
export interface HistorySeed {
  grzh: string;
  zjhm: string;
  xingming: string;
  dwzh: string | null;
  dwmc: string;
  kind: 'gr' | 'lhjy';
  /** First and last month remitted, YYYY-MM; `last` null: still paying, up to the calendar's lastRemitted. */
  first: string;
  last: string | null;
  baseYuan: number;
  dwjcbl: number;
  grjcbl: number;
  status: '01' | '02';
  /** The balance the demo shows (yuan text), reached by the movement of balanceDay. */
  target?: string;
}

const UNIT = { dwzh: '100200300001', dwmc: '示例科技有限公司' } as const;
/** Still paying: remitted up to the calendar's lastRemitted. */
const LAST = null;

/** The calendar's story days of this history (defined with the calendar, which the end-to-end tests read too). */
export { balanceDay, lastRemitted };

const SURNAMES = ['王', '李', '刘', '陈', '杨', '黄', '周', '吴', '徐', '马', '朱', '胡', '郭', '何', '高', '林', '罗', '梁', '宋', '唐'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '霞', '平', '刚', '桂英', '建华', '晓东'];

/** GB 11643 check character of the first 17 digits. */
function idCheck(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return '10X98765432'[sum % 11]!;
}

/** The 20 generated employees of the demo unit: names, ID numbers, bases and dates from their index alone. */
function generatedEmployees(): HistorySeed[] {
  const sealed: Record<number, string> = { 3: '2023-12', 8: '2024-06', 13: '2025-03', 17: '2025-11' };
  return Array.from({ length: 20 }, (_, i) => {
    const year = 1975 + ((i * 7) % 25);
    const month = String(1 + ((i * 5) % 12)).padStart(2, '0');
    const day = String(1 + ((i * 11) % 28)).padStart(2, '0');
    const first17 = `370102${year}${month}${day}${String(100 + i * 3).padStart(3, '0')}`;
    const firstYear = 2016 + (i % 8);
    return {
      grzh: `2010002000${String(i + 1).padStart(2, '0')}`,
      zjhm: first17 + idCheck(first17),
      xingming: SURNAMES[i]! + GIVEN[(i * 7 + 3) % GIVEN.length]!,
      dwzh: UNIT.dwzh,
      dwmc: UNIT.dwmc,
      kind: 'gr',
      first: `${firstYear}-${String(1 + ((i * 4) % 12)).padStart(2, '0')}`,
      last: sealed[i] ?? LAST,
      baseYuan: 4000 + ((i * 1370) % 11000),
      dwjcbl: 12,
      grjcbl: 12,
      status: sealed[i] ? '02' : '01',
    } satisfies HistorySeed;
  });
}

/** Every account the demo seeds, with its history's shape. */
export const DEMO_HISTORY: readonly HistorySeed[] = [
  { grzh: '201000000101', zjhm: '110101199003072316', xingming: '张三', ...UNIT, kind: 'gr', first: '2015-11', last: LAST, baseYuan: 9000, dwjcbl: 12, grjcbl: 12, status: '01', target: '86542.35' },
  { grzh: '201000000188', zjhm: '110101199003072316', xingming: '张三', dwzh: null, dwmc: '', kind: 'lhjy', first: '2024-01', last: LAST, baseYuan: 5000, dwjcbl: 10, grjcbl: 10, status: '01', target: '12800.00' },
  { grzh: '201000000233', zjhm: '320106198506124022', xingming: '李梅', dwzh: null, dwmc: '', kind: 'lhjy', first: '2025-03', last: LAST, baseYuan: 3000, dwjcbl: 10, grjcbl: 10, status: '01', target: '5230.00' },
  { grzh: '201000000301', zjhm: '370102198805123015', xingming: '赵六', ...UNIT, kind: 'gr', first: '2018-07', last: LAST, baseYuan: 6000, dwjcbl: 12, grjcbl: 12, status: '01', target: '35210.60' },
  { grzh: '201000000302', zjhm: '370102199109234525', xingming: '孙丽', ...UNIT, kind: 'gr', first: '2021-03', last: LAST, baseYuan: 5000, dwjcbl: 12, grjcbl: 12, status: '01', target: '18006.00' },
  { grzh: '201000000303', zjhm: '370203198703051235', xingming: '周强', dwzh: null, dwmc: '示范市第一中学', kind: 'gr', first: '2016-09', last: LAST, baseYuan: 7000, dwjcbl: 12, grjcbl: 12, status: '01', target: '52780.15' },
  { grzh: '201000000304', zjhm: '37010519950618281X', xingming: '吴磊', dwzh: null, dwmc: '示范市第一中学', kind: 'gr', first: '2022-07', last: LAST, baseYuan: 4500, dwjcbl: 12, grjcbl: 12, status: '01', target: '9650.00' },
  { grzh: '201000000305', zjhm: '370102199302145532', xingming: '郑浩', dwzh: null, dwmc: '', kind: 'lhjy', first: '2024-05', last: LAST, baseYuan: 4000, dwjcbl: 10, grjcbl: 10, status: '01', target: '4200.00' },
  // The SMS individuals (seed step 3) were given the account numbers of the depositors above; step 10 renumbers them.
  { grzh: '201000000401', zjhm: '110105198805122013', xingming: '赵初始', ...UNIT, kind: 'gr', first: '2020-07', last: LAST, baseYuan: 5000, dwjcbl: 12, grjcbl: 12, status: '01', target: '35200.00' },
  { grzh: '201000000402', zjhm: '110105199208153027', xingming: '钱找回', ...UNIT, kind: 'gr', first: '2020-07', last: LAST, baseYuan: 5000, dwjcbl: 12, grjcbl: 12, status: '01', target: '35200.00' },
  { grzh: '201000000403', zjhm: '110105198503014033', xingming: '孙改密', ...UNIT, kind: 'gr', first: '2020-07', last: LAST, baseYuan: 5000, dwjcbl: 12, grjcbl: 12, status: '01', target: '35200.00' },
  { grzh: '201000000404', zjhm: '110105199506205040', xingming: '李短信', ...UNIT, kind: 'gr', first: '2020-07', last: LAST, baseYuan: 5000, dwjcbl: 12, grjcbl: 12, status: '01', target: '35200.00' },
  ...generatedEmployees(),
];

/** The SMS individuals' new account numbers (seed step 3 gave them 201000000301-304, which are 赵六's … 吴磊's). */
export const SMS_ACCOUNT_NUMBERS: ReadonlyArray<readonly [zjhm: string, grzh: string]> = DEMO_HISTORY.filter((h) => h.grzh.startsWith('2010000004')).map(
  (h) => [h.zjhm, h.grzh] as const,
);

/** A developer's projects (楼盘). */
export const DEMO_PROJECTS = [
  { dwzh: '900100200001', xmbh: 'LP2024000101', xmmc: '示例·云栖府（一期）', xmdz: '示范市高新区云栖路 88 号', ysxkzh: '示房预售证第2024015号', zts: 480, kpsj: '2024-05-18', zt: '01' },
  { dwzh: '900100200001', xmbh: 'LP2025000102', xmmc: '示例·云栖府（二期）', xmdz: '示范市高新区云栖路 96 号', ysxkzh: '示房预售证第2025032号', zts: 356, kpsj: '2025-09-28', zt: '01' },
  { dwzh: '900100200001', xmbh: 'LP2022000103', xmmc: '示例·滨河湾', xmdz: '示范市历城区滨河东路 16 号', ysxkzh: '示房预售证第2022008号', zts: 620, kpsj: '2022-03-12', zt: '02' },
  { dwzh: '900100200103', xmbh: 'LP2025000201', xmmc: '安居·和园', xmdz: '示范市天桥区和园路 5 号', ysxkzh: '示房预售证第2025041号', zts: 288, kpsj: '2025-11-08', zt: '01' },
] as const;

/** The base of month `m` (SQL date) for account `a`: grows 5 % every July from the first month, to the yuan. */
const BASE = (m: string) =>
  `round(a.base * power(1.05::numeric, (extract(year from ${m} + interval '6 months') - extract(year from a.first_month + interval '6 months'))::numeric))`;
/** That month's deposit in fen: unit part and personal part, each rounded to the yuan. */
const MONTHLY = (m: string) => `(100 * (round(${BASE(m)} * a.dwjcbl / 100) + round(${BASE(m)} * a.grjcbl / 100)))::bigint`;

const RECORDSET = `jsonb_to_recordset($1::jsonb) as a(grzh text, ywbh_base text, line int, first_month date, last_month date, base numeric,
  dwjcbl numeric, grjcbl numeric, wd_date date)`;

/** Remittances on the 10th and the earlier withdrawal dated in ($2, $3], with running balances, set-based. */
async function seedMovements(tx: Queryable, plan: string, from: string, to: string): Promise<void> {
  await tx.query(
    `with a as (select * from ${RECORDSET}),
     mv as (
       select a.grzh, '01' as kind, a.ywbh_base || to_char(m, 'YYYYMM') as ywbh, a.line, (m + interval '9 days')::date as vdate,
              to_char(m, 'YYYYMM') as period, ${MONTHLY('m')} as amount, 0 as ord, '汇缴' as note, null as tqyy
         from a cross join generate_series(a.first_month, a.last_month, interval '1 month') as m
        where (m + interval '9 days')::date > $2::date and (m + interval '9 days')::date <= $3::date
       union all
       select a.grzh, '11', 'TQ' || a.grzh || to_char(a.wd_date, 'YYYYMMDD'), 1, a.wd_date, null,
              -6 * ${MONTHLY('a.wd_date::timestamp')}, 1, '部分提取（租房）', '07'
         from a where a.wd_date > $2::date and a.wd_date <= $3::date
     ),
     ins as (
       insert into journal_entry (account_no, contra_no, amount_fen, kind, ywbh, line, value_date, period, balance_after_fen, note, tqyy)
       select mv.grzh, 'C100', mv.amount, mv.kind, mv.ywbh, mv.line, mv.vdate, mv.period,
              p.balance_fen + sum(mv.amount) over (partition by mv.grzh order by mv.vdate, mv.ord rows unbounded preceding), mv.note, mv.tqyy
         from mv join personal_account p on p.grzh = mv.grzh
       returning account_no, amount_fen, value_date
     ),
     moved as (
       update personal_account p set balance_fen = p.balance_fen + s.total, last_value_date = s.last
         from (select account_no, sum(amount_fen) as total, max(value_date) as last from ins group by account_no) s
        where p.grzh = s.account_no
     )
     update centre_account set balance_fen = balance_fen - (select coalesce(sum(amount_fen), 0) from ins) where code = 'C100'`,
    [plan, from, to],
  );
}

export async function seedRecords(tx: Queryable, cal: DemoCalendar): Promise<void> {
  const lastMonth = monthText(lastRemitted(cal));
  const day = balanceDay(cal);
  // The SMS individuals get account numbers of their own (see SMS_ACCOUNT_NUMBERS).
  for (const [zjhm, grzh] of SMS_ACCOUNT_NUMBERS) {
    await tx.query('update person_info set grzh = $2 where zjhm = $1', [zjhm, grzh]);
  }
  // Line numbers of the unit's remittance list: the employees in account order.
  const lines = new Map<string, number>();
  const plan = DEMO_HISTORY.map((h) => {
    const key = h.dwzh ?? h.grzh;
    const line = (lines.get(key) ?? 0) + 1;
    lines.set(key, line);
    const [fy, fm] = h.first.split('-').map(Number) as [number, number];
    // The earlier withdrawal: 25-29 months after the first deposit, else 13 months after (newer accounts).
    const offset = (n: number) => new Date(Date.UTC(fy, fm - 1 + n, 20)).toISOString().slice(0, 10);
    const late = offset(25 + (Number(h.grzh.slice(-2)) % 5));
    const last = h.last ?? lastMonth;
    const lastDay = `${last}-20`;
    // Not in the last six months (nor, for newer accounts, the last two): the withdrawal is history.
    const wd = late < `${monthText(cal.monthsBack(6))}-01` && late < lastDay ? late : offset(13) < lastDay && offset(13) < `${lastMonth}-01` ? offset(13) : null;
    return {
      grzh: h.grzh,
      ywbh_base: `HJ${key}`,
      line,
      first_month: `${h.first}-01`,
      last_month: `${last}-01`,
      base: h.baseYuan,
      dwjcbl: h.dwjcbl,
      grjcbl: h.grjcbl,
      wd_date: wd,
    };
  });
  const planJson = JSON.stringify(plan);
  await tx.query(
    `insert into personal_account (grzh, zjhm, xingming, dwzh, dwmc, kind, grzhzt, khrq, jcjs_fen, dwjcbl, grjcbl, yjce_fen, interest_settled_to)
     select h.grzh, h.zjhm, h.xingming, h.dwzh, h.dwmc, h.kind, '01', a.first_month + 1,
            100 * ${BASE('a.last_month::timestamp')}, a.dwjcbl, a.grjcbl, ${MONTHLY('a.last_month::timestamp')}, a.first_month + 1
       from ${RECORDSET}
       join jsonb_to_recordset($2::jsonb) as h(grzh text, zjhm text, xingming text, dwzh text, dwmc text, kind text) on h.grzh = a.grzh
     on conflict (grzh) do nothing`,
    [planJson, JSON.stringify(DEMO_HISTORY)],
  );
  // Year by year: the movements of July – June, then that 30 June's settlement by the real engine.
  for (let year = 2016; year <= cal.settledYear; year++) {
    await seedMovements(tx, planJson, `${year - 1}-06-30`, `${year}-06-30`);
    await settleBatch(tx, year, '', 1_000_000);
  }
  await seedMovements(tx, planJson, `${cal.settledYear}-06-30`, cal.dayOf(lastRemitted(cal), 31));
  // The demo individuals' balances as the demo always showed them: one movement of balanceDay (a withdrawal, or a
  // transfer in from another centre when the history fell short).
  const targets = DEMO_HISTORY.filter((h) => h.target).map((h) => ({ grzh: h.grzh, target: Math.round(Number(h.target) * 100) }));
  await tx.query(
    `with t as (select * from jsonb_to_recordset($1::jsonb) as t(grzh text, target bigint)),
     d as (select p.grzh, t.target - p.balance_fen as diff, p.balance_fen from personal_account p join t on t.grzh = p.grzh where t.target <> p.balance_fen),
     ins as (
       insert into journal_entry (account_no, contra_no, amount_fen, kind, ywbh, line, value_date, balance_after_fen, note, tqyy)
       select grzh, case when diff < 0 then 'C100' else 'C300' end, diff, case when diff < 0 then '11' else '21' end,
              'TQ' || grzh || replace($2, '-', ''), 1, $2::date, balance_fen + diff,
              case when diff < 0 then '部分提取（购买自住住房）' else '转入（异地转入）' end, case when diff < 0 then '01' end
         from d
       returning account_no, contra_no, amount_fen
     ),
     moved as (
       update personal_account p set balance_fen = p.balance_fen + i.amount_fen, last_value_date = $2::date from ins i where p.grzh = i.account_no
     )
     update centre_account c set balance_fen = c.balance_fen - s.total
       from (select contra_no, sum(amount_fen) as total from ins group by contra_no) s where c.code = s.contra_no`,
    [JSON.stringify(targets), day],
  );
  const sealed = DEMO_HISTORY.filter((h) => h.status === '02').map((h) => h.grzh);
  await tx.query(`update personal_account set grzhzt = '02' where grzh = any($1::text[])`, [sealed]);

  // Unit accounts of the deposit units on file: the demo unit's own terms, the others the usual 12 % / 12 %.
  await tx.query(
    `insert into unit_account (dwzh, khrq, jkyhmc, jkyhzh, dwjcbl, grjcbl)
     select dwzh, case when dwzh = $1 then date '2015-10-08' else date '2019-01-02' end, '中国工商银行示范市分行营业部',
            '1602' || right(dwzh, 8) || '0190001', 12, 12
       from unit_record where category = 'jcdw'
     on conflict (dwzh) do nothing`,
    [UNIT.dwzh],
  );
  for (const p of DEMO_PROJECTS) {
    await tx.query(
      `insert into developer_project (dwzh, xmbh, xmmc, xmdz, ysxkzh, zts, kpsj, zt)
       select $1, $2, $3, $4, $5, $6, $7, $8 where exists (select 1 from unit_record where dwzh = $1) on conflict (xmbh) do nothing`,
      [p.dwzh, p.xmbh, p.xmmc, p.xmdz, p.ysxkzh, p.zts, p.kpsj, p.zt],
    );
  }
}
