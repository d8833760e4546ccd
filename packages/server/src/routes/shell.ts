import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../db/db';
import { ok } from '../http/envelope';
import { centreDateTime } from '../clock';
import { okAnswer } from '../http/answers';

/** Prefix of the centre's business calls (spec 7.3). */
export const ZHFW_PREFIX = '/api/izfgjj-zhfw/v1';
/** Prefix of the input configuration calls (spec 7.4). */
export const PUTIL_PREFIX = '/api/putil/v1';

const envelope = (data: Record<string, unknown>) => okAnswer(data);

const tags = ['配置、字典、公告与开关'] as const;

/** The configuration version (spec 3.5). */
export async function configVersion(db: Queryable): Promise<{ commonValue: string; value: string }> {
  const rows = await db.query<{ key: string; value: string }>(
    `select key, value from app_meta where key in ('config_common_version', 'config_version')`,
  );
  const get = (key: string) => rows.find((r) => r.key === key)?.value ?? '';
  return { commonValue: get('config_common_version'), value: get('config_version') };
}

/** The service switch (spec 3.5): '0' closes the service; '1' when never set. */
export async function serviceSwitch(db: Queryable): Promise<'0' | '1'> {
  const [row] = await db.query<{ value: string }>(`select value from app_meta where key = 'qdzt'`);
  return row?.value === '0' ? '0' : '1';
}

/** The public configuration calls of docs/api-shell.md: version, configuration, dictionary, notices, switch, input lengths. */
export function shellRoutes(app: FastifyInstance, db: Db): void {
  app.get(
    `${ZHFW_PREFIX}/xtcs/getVersion`,
    {
      schema: {
        summary: '系统配置版本',
        tags,
        response: envelope({ type: 'object', properties: { commonValue: { type: 'string' }, value: { type: 'string' } } }),
      },
    },
    async () => ok(await configVersion(db)),
  );

  app.get(
    `${ZHFW_PREFIX}/xtcs/getList`,
    {
      schema: {
        summary: '系统配置（全部配置项，含停用的）',
        tags,
        response: envelope({
          type: 'array',
          items: {
            type: 'object',
            required: ['key', 'enable', 'value', 'sourceValue', 'title'],
            properties: {
              key: { type: 'string' },
              enable: { type: 'integer' },
              value: { type: 'string' },
              sourceValue: { type: 'string' },
              jsonValue: {},
              title: { type: 'string' },
            },
          },
        }),
      },
    },
    async () => {
      const rows = await db.query<{ key: string; enable: number; value: string; source_value: string; json_value: unknown; title: string }>(
        'select key, enable, value, source_value, json_value, title from sys_config order by sort, key',
      );
      return ok(
        rows.map((r) => ({ key: r.key, enable: r.enable, value: r.value, sourceValue: r.source_value, jsonValue: r.json_value, title: r.title })),
      );
    },
  );

  app.get(
    `${ZHFW_PREFIX}/sjzd/getList`,
    {
      schema: {
        summary: '数据字典（按类型，含停用条目）',
        tags,
        response: envelope({
          type: 'object',
          additionalProperties: {
            type: 'array',
            items: { type: 'object', properties: { value: { type: 'string' }, title: { type: 'string' }, enable: { type: 'integer' } } },
          },
        }),
      },
    },
    async () => {
      const rows = await db.query<{ type: string; value: string; title: string; enable: number }>(
        'select type, value, title, enable from dict_entry order by type, sort, value',
      );
      const dictionary: Record<string, Array<{ value: string; title: string; enable: number }>> = {};
      for (const r of rows) (dictionary[r.type] ??= []).push({ value: r.value, title: r.title, enable: r.enable });
      return ok(dictionary);
    },
  );

  app.get(
    `${ZHFW_PREFIX}/tzxx/getList`,
    {
      schema: {
        summary: '公告列表（仅已发布的，新的在前）',
        tags,
        response: envelope({
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'tgmc', 'tgnr', 'startsj', 'fbzt'],
            properties: { id: { type: 'string' }, tgmc: { type: 'string' }, tgnr: { type: 'string' }, startsj: { type: 'string' }, fbzt: { type: 'integer' } },
          },
        }),
      },
    },
    async () => {
      const rows = await db.query<{ id: number; tgmc: string; tgnr: string; startsj: Date; fbzt: number }>(
        // Only published notices are public: a draft (fbzt 0) never leaves the server (issue 18, item 11).
        'select id, tgmc, tgnr, startsj, fbzt from notice where fbzt = 1 order by startsj desc, id desc',
      );
      return ok(rows.map((r) => ({ id: String(r.id), tgmc: r.tgmc, tgnr: r.tgnr, startsj: centreDateTime(new Date(r.startsj)), fbzt: r.fbzt })));
    },
  );

  app.get(
    `${ZHFW_PREFIX}/xtkg/getQdzt`,
    {
      schema: {
        summary: '服务开关（0 为暂停服务）',
        tags,
        response: envelope({ type: 'object', properties: { qdzt: { type: 'string' } } }),
      },
    },
    async () => ok({ qdzt: await serviceSwitch(db) }),
  );

  app.get<{ Querystring: { code: string } }>(
    `${PUTIL_PREFIX}/input/config/getListByCode`,
    {
      schema: {
        summary: '输入配置（XT_SRCDPZ：输入框长度）',
        tags,
        querystring: {
          type: 'object',
          required: ['code'],
          properties: {
            code: {
              type: 'string',
              pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$',
              description: '配置编码',
              'x-msg': '配置编码格式不正确',
              'x-required-msg': '缺少配置编码',
            },
          },
        },
        response: envelope({
          type: 'array',
          items: { type: 'object', properties: { key: { type: 'string' }, value: {}, title: { type: 'string' } } },
        }),
      },
    },
    async (request) => {
      const [row] = await db.query<{ json_value: unknown }>('select json_value from sys_config where key = $1 and enable = 1', [request.query.code]);
      return ok(Array.isArray(row?.json_value) ? row.json_value : []);
    },
  );
}
