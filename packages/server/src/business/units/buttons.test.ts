import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { buttonKey, hasButton } from '../../auth/buttons';
import { UNIT_BUTTONS } from './buttons';
import { EMPLOYEE_QUERY_MENU, UNIT_SUBMIT_PAGES } from '../../seed/unit-buttons';

// Button permissions (spec 5.5, 6; docs/api-unit-business.md › 按钮权限): the demo unit's clerk holds every button of
// the unit pages; a key taken from the account (account_button_denial) leaves the menu answer and the server refuses
// the operation behind it with the catalogue's 403. The clock stands on Monday 7 December 2026.
let db: Db;
let app: FastifyInstance;
const clock = new Date('2026-12-07T02:00:00Z');
const ZHFW = '/api/izfgjj-zhfw/v1';
const UNIT = '100200300001';
const ZHANG = '110101199003072316';
const NOT_ALLOWED = '当前操作没有权限，请联系管理员授权';

let unit: string;
let unitAccountId: string;
let personAccountId: string;

const accountIdOf = async (login: string) =>
  (await db.query<{ id: string }>('select a.id::text as id from user_account a join app_user u on u.id = a.user_id where u.account = $1 and a.is_primary', [login]))[0]!.id;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock });
  unit = await signIn(app, UNIT, 2);
  unitAccountId = await accountIdOf(UNIT);
  personAccountId = await accountIdOf(ZHANG);
  await db.query(
    `insert into unit_statement_confirm (account_id, year, confirmed_at) values ($1, 2026, now()) on conflict do nothing`,
    [unitAccountId],
  );
});
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
type Body = { code: number; msg: string; data: any };
const body = (res: LightMyRequestResponse): Body => res.json<Body>();
const get = (token: string, url: string) => app.inject({ url: `${ZHFW}/${url}`, headers: { token } });
const submit = (token: string, ywlx: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `${ZHFW}/ywsq/submit`, headers: { token }, payload: { ywlx, payload } });
const deny = (key: string) => db.query('insert into account_button_denial (account_id, button_key) values ($1, $2) on conflict do nothing', [unitAccountId, key]);
const restore = (key: string) => db.query('delete from account_button_denial where account_id = $1 and button_key = $2', [unitAccountId, key]);

interface Entry {
  path: string;
  buttons: string[];
  children: Entry[];
}
/** The menu answer's entries, flat. */
async function menuOf(token: string): Promise<Entry[]> {
  const res = await app.inject({ url: '/api/auth/v1/getUserInfo', headers: { token } });
  const out: Entry[] = [];
  const walk = (list: Entry[]) => list.forEach((e) => (out.push(e), walk(e.children)));
  walk(body(res).data.menuList);
  return out;
}
const buttonsOf = async (token: string, path: string) => (await menuOf(token)).find((e) => e.path === path)?.buttons;

describe('the unit pages’ buttons (seed step 60)', () => {
  it('every operation the server checks is a button of a page the demo unit sees', async () => {
    const menu = await menuOf(unit);
    for (const [path, button] of Object.values(UNIT_BUTTONS)) {
      expect(menu.find((e) => e.path === path)?.buttons, `${path}/${button}`).toContain(button);
      expect(await hasButton(db, unitAccountId, path, button)).toBe(true);
    }
    for (const path of UNIT_SUBMIT_PAGES) expect(menu.find((e) => e.path === path)?.buttons).toContain('submit');
    expect(menu.find((e) => e.path === EMPLOYEE_QUERY_MENU.path)?.buttons).toEqual(['export', 'print']);
  });

  it('a login whose roles do not see the page holds none of its buttons', async () => {
    expect(await hasButton(db, personAccountId, '/dwwt/jcyw/grzh_fc', 'submit')).toBe(false);
    expect(await hasButton(db, unitAccountId, '/dwwt/jcyw/grzh_fc', 'no-such-button')).toBe(false);
    expect(await hasButton(db, unitAccountId, '/dwwt/jcyw/no-such-page', 'submit')).toBe(false);
  });
});

describe('a button taken from the demo unit: gone from the menu, the call refused (403)', () => {
  it('封存 (GJ0305): the wizard is stopped before it opens, the submission refused; given back, it works again', async () => {
    const key = buttonKey(...UNIT_BUTTONS.GJ0305);
    const [emp] = await db.query<{ grzh: string }>(`select grzh from personal_account where dwzh = $1 and grzhzt = '01' and kind = 'gr' order by grzh limit 1`, [UNIT]);
    await deny(key);
    try {
      expect(await buttonsOf(unit, '/dwwt/jcyw/grzh_fc')).toEqual([]);
      // The other pages keep theirs.
      expect(await buttonsOf(unit, '/dwwt/jcyw/grzh_qf')).toEqual(['submit']);
      expect(body(await get(unit, 'ywblxz/check?ywlx=GJ0305')).data.messages).toContainEqual({ code: 'BUSINESS_RULE', msg: NOT_ALLOWED });
      const refused = await submit(unit, 'GJ0305', { grzh: emp!.grzh, fcyy: '01' });
      expect(refused.statusCode).toBe(403);
      expect(body(refused).msg).toBe(NOT_ALLOWED);
      expect((await db.query<{ grzhzt: string }>('select grzhzt from personal_account where grzh = $1', [emp!.grzh]))[0]!.grzhzt).toBe('01');
    } finally {
      await restore(key);
    }
    expect(await buttonsOf(unit, '/dwwt/jcyw/grzh_fc')).toEqual(['submit']);
    expect(body(await get(unit, 'ywblxz/check?ywlx=GJ0305')).data.messages ?? []).not.toContainEqual({ code: 'BUSINESS_RULE', msg: NOT_ALLOWED });
  });

  it('导入 (GJ0301 by file): the template, the check and the bulk form refused; one employee on screen (新增) still allowed', async () => {
    const key = buttonKey(...UNIT_BUTTONS.GJ0301_IMPORT);
    await deny(key);
    try {
      expect(await buttonsOf(unit, '/dwwt/jcyw/grzh_sl')).toEqual(['add', 'export']);
      expect((await get(unit, 'dwyw/zgdr/template')).statusCode).toBe(403);
      const check = await app.inject({
        method: 'POST',
        url: `${ZHFW}/dwyw/zgdr/check`,
        headers: { token: unit, 'content-type': 'application/octet-stream' },
        payload: Buffer.from('PK'),
      });
      expect(check.statusCode).toBe(403);
      const bulk = await submit(unit, 'GJ0301', { rows: [{ row: 2, zjhm: '110105199001011232', xingming: '钱新人', sjhm: '13912345678', jcjs: '6000.00' }], mode: 'all' });
      expect(bulk.statusCode).toBe(403);
      expect(body(bulk).msg).toBe(NOT_ALLOWED);
      // The wizard of one employee still opens: the bulk button is not asked before anything is typed.
      expect(body(await get(unit, 'ywblxz/check?ywlx=GJ0301')).data.messages ?? []).not.toContainEqual({ code: 'BUSINESS_RULE', msg: NOT_ALLOWED });
      const one = await submit(unit, 'GJ0301', { zjhm: '110105199001011232', xingming: '钱新人', sjhm: '13912345678', jcjs: '6000.00' });
      expect(body(one).data.zt).toBe('03');
    } finally {
      await restore(key);
    }
    expect((await get(unit, 'dwyw/zgdr/template')).statusCode).toBe(200);
  });

  it('新增 taken: one employee on screen refused', async () => {
    const key = buttonKey(...UNIT_BUTTONS.GJ0301);
    await deny(key);
    try {
      const one = await submit(unit, 'GJ0301', { zjhm: '110105199001011240', xingming: '孙新人', sjhm: '13912345679', jcjs: '6000.00' });
      expect(one.statusCode).toBe(403);
    } finally {
      await restore(key);
    }
  });

  it('确认 (the interest statement): the confirmation refused', async () => {
    const key = buttonKey(...UNIT_BUTTONS.STATEMENT_CONFIRM);
    await deny(key);
    try {
      expect(await buttonsOf(unit, '/dwwt/cxyw/dwlxd_cx')).toEqual(['print']);
      const res = await app.inject({ method: 'POST', url: `${ZHFW}/dwlxd/qr`, headers: { token: unit }, payload: { nd: 2026 } });
      expect(res.statusCode).toBe(403);
    } finally {
      await restore(key);
    }
    const res = await app.inject({ method: 'POST', url: `${ZHFW}/dwlxd/qr`, headers: { token: unit }, payload: { nd: 2026 } });
    expect(res.statusCode).toBe(200);
  });

  it('a key is only a key of the account it was taken from: the table refuses a malformed key', async () => {
    await expect(deny('grzh_fc submit')).rejects.toThrow();
  });
});
