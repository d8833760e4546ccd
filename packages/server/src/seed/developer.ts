import type { Queryable } from '../db/db';
import { publishProject, priceText } from '../business/developer/projects';
import { holdDeposits } from '../business/developer/deposits';
import type { DemoCalendar } from './calendar';

/**
 * Seed step 65 (issue 38, developers; docs/api-developer.md): the facts the hall's project registration asks for, on
 * the demo projects seeded before it (district, buildings, reference price in fen, the staged guarantee 阶段性担保,
 * the pre-sale funds escrow account, the sales phone), and the approved projects on sale written on the partner list
 * (/cooperation) as an approval does. 示例置业 has three approved projects (云栖府一期 and 二期 on sale, 滨河湾 sold out,
 * so not listed) and one pending (云栖府三期, seed step 30); 安居·和园 of the other developer is approved and on sale.
 */
export const DEMO_PROJECT_FACTS: ReadonlyArray<{
  xmbh: string;
  qy: string;
  lds: string[];
  minYuan: number;
  maxYuan: number;
  jdxdb: boolean;
  jgyh: string;
  jgzh: string;
  lxdh: string;
  approvedOn: string | null;
}> = [
  { xmbh: 'LP2024000101', qy: '高新区', lds: ['1号楼', '2号楼', '3号楼', '5号楼', '6号楼'], minYuan: 21000, maxYuan: 24500, jdxdb: true, jgyh: '中国工商银行', jgzh: '1602012309000123456', lxdh: '0531-88001001', approvedOn: '2024-05-10' },
  { xmbh: 'LP2025000102', qy: '高新区', lds: ['7号楼', '8号楼', '9号楼'], minYuan: 22500, maxYuan: 25800, jdxdb: true, jgyh: '中国银行', jgzh: '2351000012345678', lxdh: '0531-88001002', approvedOn: '2025-09-20' },
  { xmbh: 'LP2022000103', qy: '历城区', lds: ['A1栋', 'A2栋', 'A3栋', 'B1栋', 'B2栋'], minYuan: 15800, maxYuan: 18600, jdxdb: false, jgyh: '交通银行', jgzh: '371899991010003000123', lxdh: '0531-88001003', approvedOn: '2022-03-05' },
  { xmbh: 'LP2026000104', qy: '高新区', lds: ['10号楼', '11号楼'], minYuan: 23000, maxYuan: 26000, jdxdb: true, jgyh: '中国工商银行', jgzh: '1602012309000123457', lxdh: '0531-88001001', approvedOn: null },
  { xmbh: 'LP2025000201', qy: '天桥区', lds: ['1号楼', '2号楼'], minYuan: 16800, maxYuan: 19200, jdxdb: true, jgyh: '中国农业银行', jgzh: '15150101040012345', lxdh: '0531-86002001', approvedOn: '2025-11-01' },
];

export async function seedDeveloperProjects(tx: Queryable): Promise<void> {
  for (const p of DEMO_PROJECT_FACTS) {
    const min = BigInt(p.minYuan) * 100n;
    const max = BigInt(p.maxYuan) * 100n;
    await tx.query(
      `update developer_project set qy = $2, lds = $3, jg_min_fen = $4, jg_max_fen = $5, jgqj = $6, jdxdb = $7, jgyh = $8, jgzh = $9, lxdh = $10,
              approved_on = $11::date
        where xmbh = $1 and ywbh is null`,
      [p.xmbh, p.qy, p.lds, min.toString(), max.toString(), priceText(min, max), p.jdxdb, p.jgyh, p.jgzh, p.lxdh, p.approvedOn],
    );
    if (p.approvedOn) await publishProject(tx, p.xmbh, p.approvedOn);
  }
}

/**
 * Seed step 66 (issue 38, developers): 购房贷款进度查询 (/kfswt/cx_yw/xx_cx/dkjd_cx, the loans on the developer's
 * projects) and 保证金查询 (/kfswt/cx_yw/xx_cx/bzj_cx), now built, get their 导出 button. Only adds; idempotent.
 */
export async function seedDeveloperButtons(tx: Queryable): Promise<void> {
  await tx.query(`update menu set buttons = buttons || '{export}'::text[] where path = any ($1::text[]) and not ('export' = any (buttons))`, [
    ['/kfswt/cx_yw/xx_cx/dkjd_cx', '/kfswt/cx_yw/xx_cx/bzj_cx'],
  ]);
}

/**
 * Seed step 67 (issue 38, developers): the staged guarantee's deposit of the loans seeded so far, as the centre's hold
 * command makes it: 刘安居's loan on 示例·云栖府（一期） (担保方式 72, the project gives the guarantee) holds 5 % of
 * 500,000.00, 25,000.00 yuan, from its issue date; its mortgage is not registered yet.
 */
export async function seedDeveloperDeposits(tx: Queryable, { calendar }: { calendar: DemoCalendar }): Promise<void> {
  // Held on the seed day (the demo calendar, seed/calendar.ts), after the loan's issue date whatever day that is.
  await holdDeposits(tx, calendar.today, new Date(`${calendar.today}T02:00:00Z`));
}
