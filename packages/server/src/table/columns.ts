import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import { ApiError, ok } from '../http/envelope';
import { PUTIL_PREFIX } from '../routes/shell';
import { requireColumnRoom } from '../applications/quotas';
import { okAnswer } from '../http/answers';

const tags = ['表格'] as const;

/** No control characters (C0, DEL, C1) in anything stored. */
const PRINTABLE = '^[^\\u0000-\\u001f\\u007f-\\u009f]*$';
const NON_EMPTY = '^[^\\u0000-\\u001f\\u007f-\\u009f]+$';

/** The most columns one table may save (a real list has a few dozen at most). */
export const MAX_COLUMNS = 100;

const path = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  pattern: NON_EMPTY,
  description: '页面路径',
  'x-msg': '页面路径为 1 至 200 个字符，不含控制字符',
  'x-required-msg': '缺少页面路径',
} as const;
const navName = {
  type: 'string',
  maxLength: 100,
  pattern: PRINTABLE,
  description: '表格名称',
  'x-msg': '表格名称至多 100 个字符，不含控制字符',
  'x-required-msg': '缺少表格名称',
} as const;

const column = {
  type: 'object',
  required: ['prop', 'isShow'],
  additionalProperties: false,
  'x-msg': '列设置的每一项应含列名（prop）和是否显示（isShow）',
  properties: {
    prop: { type: 'string', minLength: 1, maxLength: 100, pattern: NON_EMPTY, description: '列名', 'x-msg': '列名为 1 至 100 个字符，不含控制字符' },
    label: { type: 'string', maxLength: 100, pattern: PRINTABLE, description: '列标题', 'x-msg': '列标题至多 100 个字符，不含控制字符' },
    isShow: { type: 'integer', enum: [0, 1], description: '是否显示', 'x-msg': '是否显示只能是 1 或 0' },
    disabled: { type: 'boolean', description: '不可隐藏', 'x-msg': '不可隐藏应为 true 或 false' },
  },
} as const;

/** One column of a saved setting (spec 3.10). */
export interface ColumnRule {
  prop: string;
  label?: string;
  isShow: 0 | 1;
  disabled?: boolean;
}

interface Setting {
  path: string;
  navName: string;
  name: string;
  rule: ColumnRule[];
}

const settingSchema = {
  type: ['object', 'null'],
  required: ['path', 'navName', 'name', 'rule'],
  properties: {
    path: { type: 'string' },
    navName: { type: 'string' },
    name: { type: 'string' },
    rule: {
      type: 'array',
      items: {
        type: 'object',
        required: ['prop', 'isShow'],
        properties: { prop: { type: 'string' }, label: { type: 'string' }, isShow: { type: 'integer', enum: [0, 1] }, disabled: { type: 'boolean' } },
      },
    },
  },
} as const;
const envelope = (data: Record<string, unknown>) => okAnswer(data);

/**
 * The column individuation calls of spec 7.4 (docs/api-table.md): the signed-in login's own setting for a table of
 * a page, on the account it is on. Nothing names another login's setting: the key is the session's.
 */
export function columnRoutes(app: FastifyInstance, db: Db, now: () => Date): void {
  const base = `${PUTIL_PREFIX}/column/individuation`;
  const pre = { preHandler: app.requireSession };
  const keyOf = (request: FastifyRequest) => [request.session!.userId, request.session!.accountId];
  const query = { type: 'object', required: ['path'], properties: { path, navName } } as const;

  const read = async (request: FastifyRequest, p: string, nav: string): Promise<Setting | null> => {
    const [row] = await db.query<{ name: string; rule: ColumnRule[] }>(
      'select name, rule from column_individuation where user_id = $1 and account_id = $2 and path = $3 and nav_name = $4',
      [...keyOf(request), p, nav],
    );
    return row ? { path: p, navName: nav, name: row.name, rule: row.rule } : null;
  };

  app.get<{ Querystring: { path: string; navName?: string } }>(
    `${base}/getInfo`,
    { ...pre, schema: { summary: '本人某页某表的列设置（无则 null，用页面默认列）', tags, querystring: query, response: envelope(settingSchema) } },
    async (request) => ok(await read(request, request.query.path, request.query.navName ?? '')),
  );

  app.post<{ Body: { path: string; navName?: string; name?: string; rule: ColumnRule[] } }>(
    `${base}/update`,
    {
      ...pre,
      schema: {
        summary: '保存本人某页某表的列设置（列的顺序和显示）',
        tags,
        body: {
          type: 'object',
          required: ['path', 'rule'],
          additionalProperties: false,
          properties: {
            path,
            navName,
            name: { type: 'string', maxLength: 100, pattern: PRINTABLE, description: '表格标题', 'x-msg': '表格标题至多 100 个字符，不含控制字符' },
            rule: {
              type: 'array',
              minItems: 1,
              maxItems: MAX_COLUMNS,
              items: column,
              description: '列设置',
              'x-msg': `列设置应为 1 至 ${MAX_COLUMNS} 列`,
              'x-required-msg': '缺少列设置',
            },
          },
        },
        response: envelope(settingSchema),
      },
    },
    async (request) => {
      const { path: p, navName: nav = '', name = '', rule } = request.body;
      const props = new Set(rule.map((c) => c.prop));
      if (props.size !== rule.length) throw new ApiError(400, '列设置中有重复的列');
      if (!rule.some((c) => c.isShow === 1)) throw new ApiError(400, '请至少显示一列');
      // Only the four fields, in the order given: nothing else the client sent is kept.
      const clean: ColumnRule[] = rule.map((c) => ({
        prop: c.prop,
        label: c.label ?? '',
        isShow: c.isShow,
        ...(c.disabled === undefined ? {} : { disabled: c.disabled }),
      }));
      const [userId, accountId] = keyOf(request) as [string, string];
      // What one login may store (issue 31 item 7): a new page's setting only within the quota.
      await requireColumnRoom(db, userId, accountId, p, nav);
      await db.query(
        `insert into column_individuation (user_id, account_id, path, nav_name, name, rule, updated_at)
         values ($1, $2, $3, $4, $5, $6::jsonb, $7)
         on conflict (user_id, account_id, path, nav_name) do update set name = excluded.name, rule = excluded.rule, updated_at = excluded.updated_at`,
        [...keyOf(request), p, nav, name, JSON.stringify(clean), now()],
      );
      return ok({ path: p, navName: nav, name, rule: clean }, '保存成功');
    },
  );

  app.get<{ Querystring: { path: string; navName?: string } }>(
    `${base}/reset`,
    { ...pre, schema: { summary: '恢复本人某页某表的默认列', tags, querystring: query, response: envelope({ type: 'null' }) } },
    async (request) => {
      await db.query('delete from column_individuation where user_id = $1 and account_id = $2 and path = $3 and nav_name = $4', [
        ...keyOf(request),
        request.query.path,
        request.query.navName ?? '',
      ]);
      return ok(null, '已恢复默认');
    },
  );
}
