import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { signIn } from '../test-support/login';
import { demoMessages } from '../seed/messages';
import { centreDateTime } from '../clock';
import { storyClock, testCalendar } from '../test-support/calendar';
import { MESSAGE_NOT_YOURS, sendMessage } from './messages';

// The messages calls of /sysMsg/msgHome (issue 23), on a real PGlite of its own.
let db: Db;
let app: FastifyInstance;
let person = '';
let other = '';

const P = '/api/izfgjj-zhfw/v1/xxzx';
const PERSON = '110101199003072316';
const OTHER = '320106198506124022';

interface Message {
  id: string;
  category: string;
  categoryName: string;
  title: string;
  body: string;
  createdAt: string;
  read: boolean;
}
interface ListAnswer {
  list: Message[];
  next: string | null;
  unread: number;
}

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db, now: () => storyClock(24) });
  person = await signIn(app, PERSON);
  other = await signIn(app, OTHER);
});

afterAll(() => app.close());

const list = async (token: string, query = '') => {
  const res = await app.inject({ url: `${P}/getList${query}`, headers: token ? { token } : {} });
  return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: ListAnswer }>() };
};
const read = (token: string, id: string) => app.inject({ method: 'POST', url: `${P}/read`, payload: { id }, headers: { token } });

// The seeded messages, dated by the demo calendar (seed/calendar.ts).
const DEMO_MESSAGES = demoMessages(testCalendar);

describe('xxzx messages', () => {
  it('lists the demo individual\'s messages newest first, with the unread count', async () => {
    const { status, body } = await list(person);
    expect(status).toBe(200);
    expect(body.data.list.map((m) => m.title)).toEqual([...DEMO_MESSAGES].reverse().map((m) => m.title));
    expect(body.data.unread).toBe(DEMO_MESSAGES.filter((m) => !m.read).length);
    expect(body.data.next).toBeNull();
    expect(body.data.list[0]).toMatchObject({ category: 'xttz', categoryName: '系统通知', read: false, createdAt: centreDateTime(new Date(DEMO_MESSAGES.at(-1)!.at)) });
    // Dated back from the seed day: the newest, 11 days before it at 18:00.
    expect(body.data.list[0]?.createdAt).toBe(`${testCalendar.daysAgo(11)} 18:00:00`);
  });

  it('pages by keyset: each page after the last id of the one before, no row twice, none missed', async () => {
    const user = (await db.query<{ id: string }>('select id::text as id from app_user where account = $1', [OTHER]))[0]!.id;
    for (let i = 1; i <= 23; i++) await sendMessage(db, { userId: user, category: 'xttz', title: `通知 ${i}`, body: '正文' }, new Date());
    const seen: string[] = [];
    let query = '?pageSize=10';
    for (let pages = 0; pages < 5; pages++) {
      const { body } = await list(other, query);
      seen.push(...body.data.list.map((m) => m.title));
      if (!body.data.next) break;
      query = `?pageSize=10&before=${body.data.next}`;
    }
    expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => `通知 ${23 - i}`));
    expect((await list(other, '?unread=1&pageSize=50')).body.data.list).toHaveLength(23);
  });

  it('marks one read, keeps the first read time, and counts it no longer', async () => {
    const before = (await list(person)).body.data;
    const unreadOne = before.list.find((m) => !m.read)!;
    const res = await read(person, unreadOne.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Message }>().data).toMatchObject({ id: unreadOne.id, read: true });
    expect((await read(person, unreadOne.id)).statusCode).toBe(200);
    const after = (await list(person)).body.data;
    expect(after.unread).toBe(before.unread - 1);
    expect(after.list.find((m) => m.id === unreadOne.id)?.read).toBe(true);
  });

  it('another login\'s message, and one that does not exist, answer 403 alike and change nothing', async () => {
    const mine = (await list(person)).body.data.list.find((m) => !m.read)!;
    const theirs = await read(other, mine.id);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toEqual({ code: 403, msg: MESSAGE_NOT_YOURS, data: null });
    const none = await read(other, '999999999');
    expect(none.statusCode).toBe(403);
    expect(none.json()).toEqual(theirs.json());
    expect((await list(person)).body.data.list.find((m) => m.id === mine.id)?.read).toBe(false);
  });

  it('marks all of one\'s own read, and only one\'s own', async () => {
    const otherUnread = (await list(other)).body.data.unread;
    const res = await app.inject({ method: 'POST', url: `${P}/readAll`, headers: { token: person } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { count: number } }>().data.count).toBeGreaterThan(0);
    expect((await list(person)).body.data.unread).toBe(0);
    expect((await list(other)).body.data.unread).toBe(otherUnread);
  });

  it('needs a session; bad paging answers 400 in Chinese', async () => {
    expect((await list('')).status).toBe(401);
    expect((await app.inject({ method: 'POST', url: `${P}/read`, payload: { id: '1' } })).statusCode).toBe(401);
    const bad = await list(person, '?pageSize=7');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('每页条数只能是 10、20、30 或 50');
    const badId = await read(person, 'abc');
    expect(badId.statusCode).toBe(400);
    expect(badId.json<{ msg: string }>().msg).toBe('消息编号不正确');
  });

  it('the list reads through the index', async () => {
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `explain select id from user_message where user_id = 1 and id < 100 order by id desc limit 11`,
    );
    // PGlite's planner may prefer a scan on a tiny table; force the index to check it can serve the query.
    await db.exec('set enable_seqscan = off');
    const forced = await db.query<{ 'QUERY PLAN': string }>(`explain select id from user_message where user_id = 1 and id < 100 order by id desc limit 11`);
    await db.exec('set enable_seqscan = on');
    expect(plan.length).toBeGreaterThan(0);
    expect(forced.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/user_message_list/);
  });
});
