import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { prepareDatabase } from '../../start';
import { signIn } from '../../test-support/login';
import { buttonKey } from '../../auth/buttons';
import { UNIT_BUTTONS } from './buttons';

// 职工查询 (docs/api-unit-business.md › 职工查询): the export of the unit's employees (the list's rows, every page,
// filtered by status), the page's 导出 button, and 403 to anyone else.
let db: Db;
let app: FastifyInstance;
const ZHFW = '/api/izfgjj-zhfw/v1';
const UNIT = '100200300001';
let unit: string;

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => new Date('2026-12-07T02:00:00Z') });
  unit = await signIn(app, UNIT, 2);
});
afterAll(() => app.close());

const exportOf = (token: string, query: string) => app.inject({ url: `${ZHFW}/dwyw/zgcx/export?${query}`, headers: { token } });

describe('职工查询 export', () => {
  it('CSV: a header row and one row per employee of the unit, as the list answers them', async () => {
    const res = await exportOf(unit, 'format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    const header = lines.findIndex((l) => l.startsWith('个人账号'));
    expect(lines[header]).toBe('个人账号,姓名,账户状态,缴存基数（元）,单位比例（%）,个人比例（%）,月缴存额（元）,账户余额（元）');
    const [{ n }] = (await db.query<{ n: number }>(`select count(*)::int as n from personal_account where dwzh = $1`, [UNIT])) as [{ n: number }];
    expect(lines.length - header - 1).toBe(n);
    const zhang = lines.find((l) => l.startsWith('201000000101,'))!;
    expect(zhang.split(',').slice(1, 3)).toEqual(['张三', '正常']);
  });

  it('the status filter: only sealed accounts; xlsx too', async () => {
    const sealed = (await exportOf(unit, 'format=csv&grzhzt=02')).body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    const rows = sealed.slice(sealed.findIndex((l) => l.startsWith('个人账号')) + 1);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.split(',')[2]).toBe('封存');
    const xlsx = await exportOf(unit, 'format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refused without the 导出 button (403), to a person, and with a bad format (400 in Chinese)', async () => {
    const [{ id }] = (await db.query<{ id: string }>(`select a.id::text as id from user_account a join app_user u on u.id = a.user_id where u.account = $1`, [UNIT])) as [{ id: string }];
    await db.query('insert into account_button_denial (account_id, button_key) values ($1, $2)', [id, buttonKey(...UNIT_BUTTONS.EMPLOYEES_EXPORT)]);
    try {
      expect((await exportOf(unit, 'format=csv')).statusCode).toBe(403);
    } finally {
      await db.query('delete from account_button_denial where account_id = $1', [id]);
    }
    expect((await exportOf(await signIn(app, '110101199003072316'), 'format=csv')).statusCode).toBe(403);
    const bad = await exportOf(unit, 'format=pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ msg: string }>().msg).toBe('导出格式只能是 xlsx 或 csv');
  });
});
