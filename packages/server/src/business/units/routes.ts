import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { ApiError, ok } from '../../http/envelope';
import type { Applications } from '../../applications/model';
import { ACCOUNT_STATUS_NAMES, fenToYuan, listUnitEmployees, type AccountStatus } from '../../records';
import { GRZHZT_SCHEMA } from '../../records/schemas';
import { ZHFW_PREFIX } from '../../routes/shell';
import { unitOf } from './common';
import { dueMonth } from './gj0201';
import { readParameters } from '../../params/centre';
import { remittanceLines, remittanceSummary } from './remittance';
import { backpayLines, backpaySummary, missedMonths } from './backpay';
import { statementRoutes } from './statement';
import { employeeImportRoutes } from './import-routes';
import { okAnswer } from '../../http/answers';
import { fileAnswer } from '../../http/openapi';
import { attachment, EXPORT_TYPES, exportStream, type ExportColumn } from '../../table/export';
import { centreDate, centreDateTime } from '../../clock';
import { mayDo } from './buttons';
import { maskPhone } from '@gjj-hall/sdk/format';
import type { UnitEmployee } from '../../records/units';

const envelope = (data: Record<string, unknown>) => okAnswer(data);
const money = { type: 'string', description: '金额（元，两位小数）' } as const;
const tags = ['单位业务'];

/** 职工查询's export: the columns of the page. */
const EMPLOYEE_EXPORT_COLUMNS: ExportColumn<UnitEmployee>[] = [
  { header: '个人账号', width: 16, value: (r) => r.grzh },
  { header: '姓名', width: 12, value: (r) => r.xingming },
  { header: '账户状态', width: 10, value: (r) => ACCOUNT_STATUS_NAMES[r.grzhzt] ?? '' },
  { header: '缴存基数（元）', kind: 'money', value: (r) => Number(r.jcjsFen) },
  { header: '单位比例（%）', width: 12, value: (r) => r.dwjcbl },
  { header: '个人比例（%）', width: 12, value: (r) => r.grjcbl },
  { header: '月缴存额（元）', kind: 'money', value: (r) => Number(r.yjceFen) },
  { header: '账户余额（元）', kind: 'money', value: (r) => Number(r.balanceFen) },
];

/** The unit of the session (a unit login with an account at the centre), or 403. */
async function sessionUnit(db: Db, session: { accountId: string; loginType: number }) {
  if (session.loginType !== 2) throw new ApiError(403);
  const unit = await unitOf(db, session);
  if (!unit) throw new ApiError(403);
  return unit;
}

/**
 * The unit's read calls (docs/api-unit-business.md): the month's remittance list (`dwyw/hjqd`) and the employees
 * (`dwyw/zgcx`), each one page through an index; and the development call that stands for the bank's collection of
 * a remittance (`/dev/unit-remittance/{ywbh}/pay`). They take no unit number: only the session's own unit is read.
 */
export function unitRoutes(app: FastifyInstance, db: Db, applications: Applications, options: { devRoutes: boolean; now: () => Date }): void {
  statementRoutes(app, db, options.now);
  employeeImportRoutes(app, db);
  app.get<{ Querystring: { after?: string; limit?: number } }>(
    `${ZHFW_PREFIX}/dwyw/hjqd`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '本月汇缴清单：应汇缴年月、人数和金额合计（新增、变更、减少人数），及一页清单明细（按个人账号翻页）',
        tags,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            after: { type: 'string', pattern: '^\\d{12}$', description: '上一页最后一个个人账号' },
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 50, description: '每页条数' },
          },
        },
        response: envelope({
          type: 'object',
          required: ['dwzh', 'dwmc', 'jzny', 'hjny', 'rs', 'dwje', 'grje', 'hjje', 'xzrs', 'bgrs', 'jsrs', 'rows', 'next'],
          properties: {
            dwzh: { type: 'string' },
            dwmc: { type: 'string' },
            jzny: { type: ['string', 'null'], description: '缴至年月' },
            hjny: { type: 'string', description: '本次应汇缴年月' },
            rs: { type: 'integer' },
            dwje: money,
            grje: money,
            hjje: money,
            xzrs: { type: 'integer', description: '比上次汇缴新增的人数' },
            bgrs: { type: 'integer', description: '月缴存额变更的人数' },
            jsrs: { type: 'integer', description: '比上次汇缴减少的人数' },
            rows: {
              type: 'array',
              items: {
                type: 'object',
                required: ['grzh', 'xingming', 'jcjs', 'dwjcbl', 'grjcbl', 'dwyje', 'gryje', 'yjce', 'bz'],
                properties: {
                  grzh: { type: 'string' },
                  xingming: { type: 'string' },
                  jcjs: money,
                  dwjcbl: { type: 'string' },
                  grjcbl: { type: 'string' },
                  dwyje: money,
                  gryje: money,
                  yjce: money,
                  bz: { type: 'string', description: '新增、变更或空' },
                },
              },
            },
            next: { type: ['string', 'null'] },
          },
        }),
      },
    },
    async (request) => {
      const unit = await sessionUnit(db, request.session!);
      const summary = await remittanceSummary(db, unit.dwzh);
      const page = await remittanceLines(db, unit.dwzh, { ...(request.query.after ? { after: request.query.after } : {}), limit: request.query.limit ?? 50 });
      return ok({
        dwzh: unit.dwzh,
        dwmc: unit.dwmc,
        jzny: unit.jzny,
        hjny: dueMonth(unit),
        rs: summary.persons,
        dwje: fenToYuan(summary.dwFen),
        grje: fenToYuan(summary.grFen),
        hjje: fenToYuan(summary.totalFen),
        xzrs: summary.added,
        bgrs: summary.changed,
        jsrs: summary.removed,
        rows: page.rows.map((r) => ({
          grzh: r.grzh,
          xingming: r.xingming,
          jcjs: fenToYuan(r.jcjsFen),
          dwjcbl: r.dwjcbl,
          grjcbl: r.grjcbl,
          dwyje: fenToYuan(r.dwyjeFen),
          gryje: fenToYuan(r.gryjeFen),
          yjce: fenToYuan(r.amountFen),
          bz: r.mark,
        })),
        next: page.next ?? null,
      });
    },
  );

  app.get<{ Querystring: { bjny?: string; after?: string; limit?: number } }>(
    `${ZHFW_PREFIX}/dwyw/bjqd`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '补缴清单：职工最早漏缴的月份（各月人数），及所选月份（默认最早的）的补缴人数、金额合计和一页明细（按个人账号翻页）',
        tags,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            bjny: { type: 'string', pattern: '^\\d{4}(0[1-9]|1[0-2])$', description: '补缴年月（YYYYMM）；不填为最早的漏缴月份' },
            after: { type: 'string', pattern: '^\\d{12}$', description: '上一页最后一个个人账号' },
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 50, description: '每页条数' },
          },
        },
        response: envelope({
          type: 'object',
          required: ['dwzh', 'dwmc', 'jzny', 'months', 'bjny', 'rs', 'dwje', 'grje', 'bjje', 'rows', 'next'],
          properties: {
            dwzh: { type: 'string' },
            dwmc: { type: 'string' },
            jzny: { type: ['string', 'null'], description: '缴至年月' },
            months: {
              type: 'array',
              description: '职工最早漏缴的月份（由早到晚，至多 24 个）及该月需补缴的人数',
              items: { type: 'object', required: ['ny', 'rs'], properties: { ny: { type: 'string' }, rs: { type: 'integer' } } },
            },
            bjny: { type: ['string', 'null'], description: '本清单的补缴年月；没有漏缴时为空' },
            rs: { type: 'integer' },
            dwje: money,
            grje: money,
            bjje: money,
            rows: {
              type: 'array',
              items: {
                type: 'object',
                required: ['grzh', 'xingming', 'jcjs', 'dwjcbl', 'grjcbl', 'dwyje', 'gryje', 'yjce'],
                properties: {
                  grzh: { type: 'string' },
                  xingming: { type: 'string' },
                  jcjs: money,
                  dwjcbl: { type: 'string' },
                  grjcbl: { type: 'string' },
                  dwyje: money,
                  gryje: money,
                  yjce: money,
                },
              },
            },
            next: { type: ['string', 'null'] },
          },
        }),
      },
    },
    async (request) => {
      const unit = await sessionUnit(db, request.session!);
      const months = await missedMonths(db, unit.dwzh);
      const bjny = request.query.bjny ?? months[0]?.ny ?? null;
      const empty = { rs: 0, dwje: '0.00', grje: '0.00', bjje: '0.00', rows: [], next: null };
      if (!bjny) return ok({ dwzh: unit.dwzh, dwmc: unit.dwmc, jzny: unit.jzny, months, bjny: null, ...empty });
      const summary = await backpaySummary(db, unit.dwzh, bjny);
      const page = await backpayLines(db, unit.dwzh, bjny, { ...(request.query.after ? { after: request.query.after } : {}), limit: request.query.limit ?? 50 });
      return ok({
        dwzh: unit.dwzh,
        dwmc: unit.dwmc,
        jzny: unit.jzny,
        months,
        bjny,
        rs: summary.persons,
        dwje: fenToYuan(summary.dwFen),
        grje: fenToYuan(summary.grFen),
        bjje: fenToYuan(summary.totalFen),
        rows: page.rows.map((r) => ({
          grzh: r.grzh,
          xingming: r.xingming,
          jcjs: fenToYuan(r.jcjsFen),
          dwjcbl: r.dwjcbl,
          grjcbl: r.grjcbl,
          dwyje: fenToYuan(r.dwyjeFen),
          gryje: fenToYuan(r.gryjeFen),
          yjce: fenToYuan(r.amountFen),
        })),
        next: page.next ?? null,
      });
    },
  );

  app.get<{ Querystring: { after?: string; limit?: number; grzhzt?: AccountStatus } }>(
    `${ZHFW_PREFIX}/dwyw/zgcx`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '职工查询：本单位职工的账户状态、缴存基数、月缴存额和余额，一页（按个人账号翻页，可按状态筛选）',
        tags,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            after: { type: 'string', pattern: '^\\d{12}$', description: '上一页最后一个个人账号' },
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
            grzhzt: GRZHZT_SCHEMA,
          },
        },
        response: envelope({
          type: 'object',
          required: ['rows', 'next', 'params'],
          properties: {
            rows: {
              type: 'array',
              items: {
                type: 'object',
                required: ['grzh', 'xingming', 'grzhzt', 'grzhztmc', 'jcjs', 'dwjcbl', 'grjcbl', 'yjce', 'ye'],
                properties: {
                  grzh: { type: 'string' },
                  xingming: { type: 'string' },
                  grzhzt: GRZHZT_SCHEMA,
                  grzhztmc: { type: 'string' },
                  jcjs: money,
                  dwjcbl: { type: 'string' },
                  grjcbl: { type: 'string' },
                  yjce: money,
                  ye: money,
                },
              },
            },
            next: { type: ['string', 'null'] },
            params: {
              type: 'object',
              description: '中心参数的现行值：单位业务页面的提示和校验用，服务端同样校验',
              required: ['baseMinYuan', 'baseMaxYuan', 'ratioMin', 'ratioMax', 'roundingFen', 'adjustMaxRows', 'baseOutOfBounds'],
              properties: {
                baseMinYuan: { type: 'number', description: '月缴存基数下限（元）' },
                baseMaxYuan: { type: 'number', description: '月缴存基数上限（元）' },
                ratioMin: { type: 'number', description: '缴存比例下限（%）' },
                ratioMax: { type: 'number', description: '缴存比例上限（%）' },
                roundingFen: { type: 'number', description: '每一部分四舍五入到的单位（分）：100 元、10 角、1 分' },
                adjustMaxRows: { type: 'number', description: '缴存基数调整一次至多的职工人数' },
                baseOutOfBounds: { type: 'number', enum: [0, 1], description: '缴存基数调整中超出上下限的基数：0 拒绝，1 按上下限调整' },
              },
            },
          },
        }),
      },
    },
    async (request) => {
      const unit = await sessionUnit(db, request.session!);
      const q = request.query;
      const page = await listUnitEmployees(db, unit.dwzh, { ...(q.after ? { after: q.after } : {}), limit: q.limit ?? 20, ...(q.grzhzt ? { status: q.grzhzt } : {}) });
      const p = await readParameters(db);
      return ok({
        rows: page.rows.map((r) => ({
          grzh: r.grzh,
          xingming: r.xingming,
          grzhzt: r.grzhzt,
          grzhztmc: ACCOUNT_STATUS_NAMES[r.grzhzt] ?? '',
          jcjs: fenToYuan(r.jcjsFen),
          dwjcbl: r.dwjcbl,
          grjcbl: r.grjcbl,
          yjce: fenToYuan(r.yjceFen),
          ye: fenToYuan(r.balanceFen),
        })),
        next: page.next ?? null,
        params: {
          baseMinYuan: p.baseMinYuan,
          baseMaxYuan: p.baseMaxYuan,
          ratioMin: p.ratioMin,
          ratioMax: p.ratioMax,
          roundingFen: p.roundingFen,
          adjustMaxRows: p.adjustMaxRows,
          baseOutOfBounds: p.baseOutOfBounds,
        },
      });
    },
  );

  app.get<{ Querystring: { after?: string; limit?: number } }>(
    `${ZHFW_PREFIX}/dwyw/zgsjh`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '批量修改职工手机号码的职工名单：本单位未销户的职工、账户登记的联系手机号码（隐去中间四位），一页（按个人账号翻页）',
        tags,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            after: { type: 'string', pattern: '^\\d{12}$', description: '上一页最后一个个人账号' },
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 50, description: '每页条数' },
          },
        },
        response: envelope({
          type: 'object',
          required: ['rows', 'next'],
          properties: {
            rows: {
              type: 'array',
              items: {
                type: 'object',
                required: ['grzh', 'xingming', 'grzhztmc', 'sjhm'],
                properties: {
                  grzh: { type: 'string' },
                  xingming: { type: 'string' },
                  grzhztmc: { type: 'string' },
                  sjhm: { type: 'string', description: '原手机号码（隐去中间四位；未登记时为空）' },
                },
              },
            },
            next: { type: ['string', 'null'] },
          },
        }),
      },
    },
    async (request) => {
      const unit = await sessionUnit(db, request.session!);
      const limit = request.query.limit ?? 50;
      // One page through personal_account_unit (dwzh, grzh).
      const rows = await db.query<{ grzh: string; xingming: string; grzhzt: AccountStatus; sjhm: string | null }>(
        `select grzh, xingming, grzhzt, sjhm from personal_account
          where dwzh = $1 and grzh > $2 and kind = 'gr' and grzhzt not in ('03', '04', '05')
          order by grzh limit $3`,
        [unit.dwzh, request.query.after ?? '', limit + 1],
      );
      const page = rows.slice(0, limit);
      return ok({
        rows: page.map((r) => ({ grzh: r.grzh, xingming: r.xingming, grzhztmc: ACCOUNT_STATUS_NAMES[r.grzhzt] ?? '', sjhm: r.sjhm ? maskPhone(r.sjhm) : '' })),
        next: rows.length > limit ? (page.at(-1)?.grzh ?? null) : null,
      });
    },
  );

  app.get<{ Querystring: { format: 'xlsx' | 'csv'; grzhzt?: AccountStatus } }>(
    `${ZHFW_PREFIX}/dwyw/zgcx/export`,
    {
      preHandler: app.requireSession,
      schema: {
        summary: '导出职工查询（xlsx 或 CSV）：本单位的全部职工（可按账户状态筛选），逐页经索引读出',
        tags,
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['format'],
          properties: {
            format: { type: 'string', enum: ['xlsx', 'csv'], description: '导出格式', 'x-msg': '导出格式只能是 xlsx 或 csv', 'x-required-msg': '请选择导出格式' },
            grzhzt: GRZHZT_SCHEMA,
          },
        },
        response: { 200: fileAnswer('导出的文件（xlsx 或 CSV，附件）', [EXPORT_TYPES.xlsx, 'text/csv'], { download: true }) },
      },
    },
    async (request, reply) => {
      const unit = await sessionUnit(db, request.session!);
      if (!(await mayDo(db, request.session!.accountId, 'EMPLOYEES_EXPORT'))) throw new ApiError(403);
      const { format, grzhzt } = request.query;
      async function* pages() {
        let after: string | undefined;
        for (;;) {
          const page = await listUnitEmployees(db, unit.dwzh, { ...(after ? { after } : {}), limit: 200, ...(grzhzt ? { status: grzhzt } : {}) });
          if (page.rows.length > 0) yield page.rows;
          if (!page.next) return;
          after = page.next;
        }
      }
      const at = options.now();
      const stream = exportStream({
        format,
        title: '职工信息',
        subtitle: [`单位：${unit.dwmc}（${unit.dwzh}）`, `账户状态：${grzhzt ? (ACCOUNT_STATUS_NAMES[grzhzt] ?? grzhzt) : '全部'}`, `导出时间：${centreDateTime(at)}`],
        columns: EMPLOYEE_EXPORT_COLUMNS,
        pages: pages(),
      });
      return reply
        .header('content-type', EXPORT_TYPES[format])
        .header('content-disposition', attachment(`职工信息_${unit.dwzh}_${centreDate(at).replace(/-/g, '')}.${format}`))
        .send(stream);
    },
  );

  if (!options.devRoutes) return;
  app.post<{ Body: { account: string; key: string; denied: boolean } }>(
    '/dev/button-denial',
    {
      schema: {
        summary: '开发专用：收回或恢复某登录账户的一个按钮权限（如中心后台所做），键为页面路由加按钮名',
        tags: ['开发专用'],
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['account', 'key', 'denied'],
          properties: {
            account: { type: 'string', minLength: 1, maxLength: 40, description: '登录账号（其主账户）' },
            key: { type: 'string', pattern: '^/[A-Za-z0-9_/]+/[A-Za-z0-9_]+$', description: '按钮键，如 /dwwt/cxyw/zgxx_cx/export' },
            denied: { type: 'boolean', description: 'true 收回，false 恢复' },
          },
        },
        response: envelope({ type: 'object', required: ['denied'], properties: { denied: { type: 'array', items: { type: 'string' } } } }),
      },
    },
    async (request) => {
      const { account, key, denied } = request.body;
      const [row] = await db.query<{ id: string }>(
        'select a.id::text as id from user_account a join app_user u on u.id = a.user_id where u.account = $1 order by a.is_primary desc, a.id limit 1',
        [account],
      );
      if (!row) throw new ApiError(404, '没有该登录账号');
      if (denied) await db.query('insert into account_button_denial (account_id, button_key) values ($1, $2) on conflict do nothing', [row.id, key]);
      else await db.query('delete from account_button_denial where account_id = $1 and button_key = $2', [row.id, key]);
      const keys = await db.query<{ button_key: string }>('select button_key from account_button_denial where account_id = $1 order by button_key', [row.id]);
      return ok({ denied: keys.map((k) => k.button_key) });
    },
  );
  app.post<{ Params: { ywbh: string } }>(
    '/dev/unit-remittance/:ywbh/pay',
    {
      schema: {
        summary: '开发专用：模拟银行收到单位的汇缴或补缴款（办结已受理的单位汇缴、补缴，记入各职工账户）',
        tags: ['开发专用'],
        params: { type: 'object', required: ['ywbh'], properties: { ywbh: { type: 'string', pattern: '^GJ020[12]\\d{16}$', description: '单位汇缴或补缴的业务编号' } } },
        response: envelope({ type: 'object', properties: { ywbh: { type: 'string' }, zt: { type: 'string' } } }),
      },
    },
    async (request) => {
      const done = await applications.decide(request.params.ywbh, 'complete', '银行收款', { note: request.params.ywbh.startsWith('GJ0202') ? '单位补缴款已到账' : '单位汇缴款已到账' });
      return ok({ ywbh: done.ywbh, zt: done.zt });
    },
  );
}
