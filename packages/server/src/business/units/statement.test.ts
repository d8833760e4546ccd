import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';

// The demo unit has not confirmed its 2026 statement (the settlement of 30 June 2026); the clock stands on 7 December 2026.
let db: Db;
let app: FastifyInstance;
const clock = new Date('2026-12-07T02:00:00Z');
const ZHFW = '/api/izfgjj-zhfw/v1';
const UNIT = '100200300001';
let unit: string;
let person: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => clock });
  unit = await signIn(app, UNIT, 2);
  person = await signIn(app, '110101199003072316');
});
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
type Body = { code: number; msg: string; data: any };
const body = (res: LightMyRequestResponse): Body => res.json<Body>();
const get = (token: string, url: string) => app.inject({ url: `${ZHFW}/${url}`, headers: { token } });
const post = (token: string, url: string, payload: object) => app.inject({ method: 'POST', url: `${ZHFW}/${url}`, headers: { token }, payload });
const fen = (yuan: string) => BigInt(yuan.replace('.', ''));

describe('单位结息对账单 (dwlxd)', () => {
  it('shows each employee’s 2026 interest as the settlement posted it, and the total', async () => {
    const first = body(await get(unit, 'dwlxd/cx?limit=10')).data;
    expect(first).toMatchObject({ nd: 2026, jxrq: '2026-06-30', dwzh: UNIT, confirmed: false, qrsj: null });
    const rows = [...first.rows];
    let next = first.next;
    while (next) {
      const page = body(await get(unit, `dwlxd/cx?limit=10&after=${next}`)).data;
      rows.push(...page.rows);
      next = page.next;
    }
    expect(rows).toHaveLength(first.rs);
    expect(first.rs).toBeGreaterThan(10);
    const [journal] = await db.query<{ n: string; total: string }>(
      `select count(*)::text as n, sum(j.amount_fen)::text as total from journal_entry j join personal_account p on p.grzh = j.account_no
        where p.dwzh = $1 and j.kind = '09' and j.value_date = '2026-06-30'`,
      [UNIT],
    );
    expect(rows.reduce((s, r: { lx: string }) => s + fen(r.lx), 0n)).toBe(fen(first.lxhj));
    expect({ n: String(first.rs), total: fen(first.lxhj) }).toEqual({ n: journal!.n, total: BigInt(journal!.total) });
  });

  it('answers 403 to a login that is not a unit', async () => {
    expect((await get(person, 'dwlxd/cx')).statusCode).toBe(403);
    expect((await post(person, 'dwlxd/qr', { nd: 2026 })).statusCode).toBe(403);
  });

  it('until confirmed the unit’s business is stopped; confirming lifts it and the sign-in check says confirmed', async () => {
    const msg = '单位本年度利息单尚未确认，请先在“待办事项”中确认利息单，再办理业务';
    expect(body(await get(unit, 'ywblxz/check?ywlx=GJ0201')).data.messages).toContainEqual({ code: 'STATEMENT_UNCONFIRMED', msg });
    expect(body(await get(unit, 'dwlxd/checkQr')).data).toEqual({ confirmed: false, year: 2026 });
    expect(body(await post(unit, 'dwlxd/qr', { nd: 2027 }))).toMatchObject({ code: 400, msg: '2027 年度尚未结息，不能确认' });
    const done = body(await post(unit, 'dwlxd/qr', { nd: 2026 }));
    expect(done).toMatchObject({ code: 0, msg: '利息单已确认', data: { nd: 2026, confirmed: true, qrsj: expect.stringMatching(/^2026-12-07 10:00/) } });
    expect(body(await get(unit, 'dwlxd/checkQr')).data).toEqual({ confirmed: true, year: 2026 });
    expect(body(await get(unit, 'ywblxz/check?ywlx=GJ0201')).data).toEqual({ pass: true, messages: [] });
    expect(body(await get(unit, 'dwlxd/cx')).data).toMatchObject({ confirmed: true });
    // Confirming again changes nothing.
    expect(body(await post(unit, 'dwlxd/qr', { nd: 2026 })).data.qrsj).toBe(done.data.qrsj);
  });
});
