import type { Business } from '../business/types';

/**
 * Businesses OPEN online with the permissive placeholder form and a completion that changes nothing, under the codes
 * and names the spine's tests use (the status machine, restrictions, lists, numbers). Since issue 31 item 9 a
 * placeholder refuses drafts and submissions, and which codes are still placeholders changes as modules land, so a
 * test of the spine registers these itself (vi.mock of business/registry, in the server-isolated project): it then
 * depends neither on which placeholders exist nor on the forms of the real modules that replace them.
 *
 * @example
 * vi.mock('../business/registry', async (importOriginal) => withSpineBusinesses(await importOriginal()));
 */
export async function withSpineBusinesses<M extends { BUSINESSES: ReadonlyMap<string, Business> }>(original: M) {
  const { defineBusiness } = await import('../business/types');
  const { PLACEHOLDER_SCHEMA } = await import('../business/placeholders');
  const { DEFAULT_PERSONAL_MATERIALS } = await import('../business/materials');
  const rows: Array<[string, string, Business['area'], number, boolean?]> = [
    ['TQ0101', '购买自住住房提取', 'withdrawal', 3],
    ['TQ0102', '建造翻建大修自住住房提取', 'withdrawal', 5],
    ['TQ0103', '离休退休提取', 'withdrawal', 3, true],
    ['TQ0104', '丧失劳动能力提取', 'withdrawal', 5, true],
    ['TQ0105', '出境定居提取', 'withdrawal', 5, true],
    ['TQ0106', '偿还住房贷款提取', 'withdrawal', 3],
    ['TQ0107', '租赁住房提取', 'withdrawal', 3],
    ['TQ0199', '其他原因提取', 'withdrawal', 5, true],
    ['GD0404', '还款方式变更', 'loan', 3],
    ['GD0405', '还款账户变更', 'loan', 3],
    ['GD0406', '还款期限变更', 'loan', 5],
    ['GD0601', '签约冲还贷', 'loan', 3],
    ['GD0602', '银行卡还款', 'loan', 1],
    ['GD0605', '公积金提前还贷', 'loan', 3],
  ];
  const map = new Map(original.BUSINESSES);
  for (const [ywlx, ywmc, area, timeLimitDays, allowsSealed] of rows) {
    map.set(
      ywlx,
      defineBusiness<Record<string, unknown>>({
        ywlx,
        ywmc,
        area,
        loginTypes: [1],
        timeLimitDays,
        schema: PLACEHOLDER_SCHEMA,
        ...(allowsSealed ? { allowsSealedAccount: true } : {}),
        rules: [],
        materials: DEFAULT_PERSONAL_MATERIALS,
        complete: async () => undefined,
      }) as unknown as Business,
    );
  }
  return { ...original, BUSINESSES: map, businessOf: (ywlx: string) => map.get(ywlx), BUSINESS_CODES: [...map.keys()] };
}
