import type { Queryable } from '../db/db';
import { seedDemoIndividual } from './changes';

/**
 * Seed step 17 (issue 24): an individual whose name change the end-to-end test of 我的业务 sees accepted and completed
 * by the centre (packages/hall/e2e/my-business.spec.ts). Since issue 24 a completed name change renames the person on
 * the records, and a change to the name already on file is refused: the test needs someone whose name no other test
 * reads. His information is complete, so no prompt stands in the way.
 */
export const OFFICE_DEMO_LOGIN = {
  account: '110105198703143016',
  name: '周晓明',
  phone: '13300130031',
  grzh: '201000000602',
  dwzh: '100200300001',
  dwmc: '示例科技有限公司',
} as const;

export async function seedOffice(tx: Queryable, password: string): Promise<void> {
  await seedDemoIndividual(tx, OFFICE_DEMO_LOGIN, password, {
    complete: true,
    details: { txdz: '示范市历下区泉城路 20 号', yzbm: '250011', hyzk: '10', gzdh: '0531-86001235', zy: '会计', xl: '大学本科' },
    khrq: '2023-09-01',
  });
}
