import type { FastifyInstance } from 'fastify';
import { BOOLEAN, INTEGER, NULLABLE_STRING, STRING, listOf, object, okAnswer } from '../http/answers';
import type { Queryable } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { centreDateTime } from '../clock';
import { ZHFW_PREFIX } from '../routes/shell';

// The signed-in user's messages (消息中心, /sysMsg/msgHome of spec 2.1; issue 23). Contract: docs/api-messages.md.

/** Message categories and their names, as the page shows them. */
export const MESSAGE_CATEGORIES = Object.freeze({ ywbl: '业务办理', xttz: '系统通知', zhaq: '账户安全' } as const);
export type MessageCategory = keyof typeof MESSAGE_CATEGORIES;

/** Answered (403) for a message id that is not the caller's (another login's or none at all: the same answer). */
export const MESSAGE_NOT_YOURS = '无权查看该消息';

/** Page sizes of spec 9. */
const PAGE_SIZES = [10, 20, 30, 50] as const;

interface MessageRow {
  id: string;
  category: MessageCategory;
  title: string;
  body: string;
  link: string;
  created_at: Date;
  read_at: Date | null;
}

const COLUMNS = 'id::text as id, category, title, body, link, created_at, read_at';

const messageOut = (r: MessageRow) => ({
  id: r.id,
  category: r.category,
  categoryName: MESSAGE_CATEGORIES[r.category] ?? '',
  title: r.title,
  body: r.body,
  link: r.link,
  createdAt: centreDateTime(new Date(r.created_at)),
  read: r.read_at !== null,
});

/**
 * Writes one message to a login. Business code calls it with its own transaction (or the database) after the change
 * it tells of.
 *
 * @example
 * await sendMessage(db, { userId, category: 'ywbl', title: '业务已办结', body: '…', link: '/grwt/wdbj/ywxq?ywbh=…' }, now())
 */
export async function sendMessage(
  q: Queryable,
  message: { userId: string; category: MessageCategory; title: string; body: string; link?: string },
  at: Date,
): Promise<void> {
  await q.query('insert into user_message (user_id, category, title, body, link, created_at) values ($1, $2, $3, $4, $5, $6)', [
    message.userId,
    message.category,
    message.title,
    message.body,
    message.link ?? '',
    at,
  ]);
}

const tags = ['消息中心'] as const;
const MESSAGE = object({ id: STRING, category: STRING, categoryName: STRING, title: STRING, body: STRING, link: STRING, createdAt: STRING, read: BOOLEAN });
const P = `${ZHFW_PREFIX}/xxzx`;

const idProperty = { type: 'string', pattern: '^[1-9][0-9]{0,17}$', description: '消息编号', 'x-msg': '消息编号不正确', 'x-required-msg': '缺少消息编号' } as const;

/** The messages calls; every one needs a session and reads or changes only the caller's own messages. */
export function messageRoutes(app: FastifyInstance, db: Queryable, now: () => Date): void {
  app.get<{ Querystring: { pageSize: number; before?: string; unread?: number } }>(
    `${P}/getList`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '我的消息（需登录；新的在前，按 before 翻页）和未读条数',
        response: okAnswer(object({ list: listOf(MESSAGE), next: { ...NULLABLE_STRING, description: '更早一页的 before；没有更早的时为 null' }, unread: INTEGER })),
        tags,
        querystring: {
          type: 'object',
          properties: {
            pageSize: { type: 'integer', enum: [...PAGE_SIZES], default: 10, description: '每页条数', 'x-msg': '每页条数只能是 10、20、30 或 50' },
            before: { ...idProperty, description: '上一页最后一条的消息编号（取更早的）' },
            unread: { type: 'integer', enum: [1], description: '只看未读', 'x-msg': 'unread 只能为 1' },
          },
        },
      },
    },
    async (request) => {
      const session = request.session;
      if (!session) throw new ApiError(401);
      const { pageSize, before, unread } = request.query;
      const params: unknown[] = [session.userId];
      let where = 'where user_id = $1';
      if (unread === 1) where += ' and read_at is null';
      if (before) {
        params.push(before);
        where += ` and id < $${params.length}::bigint`;
      }
      // One more row than asked tells whether an older page exists, without counting them all.
      params.push(pageSize + 1);
      const rows = await db.query<MessageRow>(`select ${COLUMNS} from user_message ${where} order by user_message.id desc limit $${params.length}`, params);
      const list = rows.slice(0, pageSize);
      const [count] = await db.query<{ n: number }>('select count(*)::int as n from user_message where user_id = $1 and read_at is null', [session.userId]);
      return ok({
        list: list.map(messageOut),
        next: rows.length > pageSize ? (list.at(-1)?.id ?? null) : null,
        unread: count?.n ?? 0,
      });
    },
  );

  app.post<{ Body: { id: string } }>(
    `${P}/read`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '标为已读（需登录；他人的消息答 403）',
        response: okAnswer(MESSAGE),
        tags,
        body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: idProperty } },
      },
    },
    async (request) => {
      const session = request.session;
      if (!session) throw new ApiError(401);
      const [row] = await db.query<MessageRow>(
        // A message already read keeps its first read time.
        `update user_message set read_at = coalesce(read_at, $3) where id = $1 and user_id = $2 returning ${COLUMNS}`,
        [request.body.id, session.userId, now()],
      );
      if (!row) throw new ApiError(403, MESSAGE_NOT_YOURS);
      return ok(messageOut(row), '已标为已读');
    },
  );

  app.post(
    `${P}/readAll`,
    { preHandler: app.requireSession, schema: { summary: '全部标为已读（需登录；只改本人的）', tags, response: okAnswer(object({ count: INTEGER })) } },
    async (request) => {
      const session = request.session;
      if (!session) throw new ApiError(401);
      const rows = await db.query<{ n: number }>(
        `with changed as (update user_message set read_at = $2 where user_id = $1 and read_at is null returning 1) select count(*)::int as n from changed`,
        [session.userId, now()],
      );
      return ok({ count: rows[0]?.n ?? 0 }, '已全部标为已读');
    },
  );
}
