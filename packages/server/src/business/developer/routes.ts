import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maskName } from '@gjj-hall/sdk/format';
import type { Db, Queryable } from '../../db/db';
import { centreDateTime } from '../../clock';
import { ApiError, ok } from '../../http/envelope';
import { fileAnswer } from '../../http/openapi';
import { attachment, EXPORT_TYPES, exportStream, type ExportColumn } from '../../table/export';
import { STATUS, type Status } from '../../applications/status';
import { fenToYuan } from '../../records/money';
import { ZHFW_PREFIX } from '../../routes/shell';
import { LOAN_STATUS_NAMES } from '../loans/params';
import { FACT_PROPERTIES, FORBIDDEN, getProject, PERMIT_SEPARATOR } from './projects';
import { depositBalance, depositPage, type DepositRow } from './deposits';

/**
 * The developer's calls (docs/api-developer.md): its projects (楼盘) with where each stands, one project's facts (the
 * change's wizard starts from them), and the provident fund loans and loan applications on its projects with the
 * borrower's name masked; each list by keyset pages and as a streamed export. A developer session only; a project
 * of another developer answers 403 and nothing else.
 */

const tags = ['开发商业务'] as const;
const str = { type: 'string' } as const;
const money = { type: ['string', 'null'], description: '金额（元，两位小数）' } as const;
const full = (schema: unknown): unknown => {
  if (Array.isArray(schema) || schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, full(v)]));
  if (out.type === 'object' && out.properties && !out.required) out.required = Object.keys(out.properties);
  return out;
};
const envelope = (data: Record<string, unknown>) => ({ 200: full({ type: 'object', properties: { code: { type: 'integer' }, msg: { type: 'string' }, data } }) });
const formatQuery = { type: 'string', enum: ['xlsx', 'csv'], description: '导出格式', 'x-msg': '导出格式只能是 xlsx 或 csv', 'x-required-msg': '请选择导出格式' } as const;
const xmbhQuery = { type: 'string', pattern: '^LP[0-9]{10,14}$', description: '楼盘编号', 'x-msg': '楼盘编号格式不正确', 'x-required-msg': '请选择楼盘' } as const;

/** 审核状态 of a project: approved, else where its registration stands. */
export const PROJECT_STATUS: Readonly<Record<string, string>> = {
  approved: '已通过',
  '01': '待审核',
  '02': '审核中',
  '04': '已退回',
  '05': '不予通过',
  '06': '已撤回',
  returned: '已退回',
};

interface ProjectRow {
  id: string;
  xmbh: string;
  xmmc: string;
  qy: string;
  xmdz: string;
  ysxkzh: string;
  lds: string[];
  zts: number;
  kpsj: string;
  jgqj: string;
  jdxdb: boolean;
  jgyh: string;
  jgzh: string;
  spzt: string;
  zt: string;
  ywbh: string | null;
  sqzt: string | null;
}

const projectStatus = (r: Pick<ProjectRow, 'spzt' | 'sqzt'>) => (r.spzt === '02' ? 'approved' : r.spzt === '03' ? 'returned' : (r.sqzt ?? '01'));

const projectView = (r: ProjectRow) => {
  const shzt = projectStatus(r);
  return {
    xmbh: r.xmbh,
    xmmc: r.xmmc,
    qy: r.qy,
    xmdz: r.xmdz,
    ysxkzh: r.ysxkzh,
    lds: (r.lds ?? []).join('、'),
    zts: Number(r.zts),
    kpsj: r.kpsj,
    jgqj: r.jgqj,
    jdxdb: r.jdxdb ? '1' : '0',
    jgyh: r.jgyh,
    jgzh: r.jgzh,
    xszt: r.zt === '01' ? '在售' : '售罄',
    shzt,
    shztmc: PROJECT_STATUS[shzt] ?? '待审核',
    ywbh: r.ywbh,
  };
};

const projectItem = {
  type: 'object',
  properties: {
    xmbh: str,
    xmmc: str,
    qy: str,
    xmdz: str,
    ysxkzh: { ...str, description: '预售许可证号（以、分隔）' },
    lds: { ...str, description: '楼栋（以、分隔）' },
    zts: { type: 'integer' },
    kpsj: str,
    jgqj: { ...str, description: '参考价格' },
    jdxdb: { type: 'string', enum: ['0', '1'], description: '阶段性担保' },
    jgyh: str,
    jgzh: str,
    xszt: { ...str, description: '在售或售罄' },
    shzt: { type: 'string', enum: ['approved', 'returned', '01', '02', '04', '05', '06'], description: 'approved 已通过；其余为登记申请的状态' },
    shztmc: str,
    ywbh: { type: ['string', 'null'], description: '登记申请的业务编号' },
  },
} as const;

/** One row of the loans on the developer's projects: a loan, or an application still under way. */
interface LoanRow {
  xmbh: string;
  xmmc: string;
  k: string;
  d: string;
  kind: 'loan' | 'application';
  zt: string;
  amount_fen: string | null;
  xingming: string;
}

const loanStatus = (r: LoanRow) => (r.kind === 'loan' ? `贷款${LOAN_STATUS_NAMES[r.zt] ?? ''}` : `申请${STATUS[r.zt as Status] ?? ''}`);

const loanView = (r: LoanRow) => ({
  xmbh: r.xmbh,
  xmmc: r.xmmc,
  lx: r.kind === 'loan' ? '贷款' : '贷款申请',
  zt: loanStatus(r),
  je: r.amount_fen === null ? null : fenToYuan(r.amount_fen),
  rq: r.d,
  jkr: maskName(r.xingming),
});

const loanItem = {
  type: 'object',
  properties: {
    xmbh: str,
    xmmc: str,
    lx: { ...str, description: '贷款或贷款申请' },
    zt: { ...str, description: '状态：贷款正常/逾期/结清，或申请已提交/已受理/已退回' },
    je: money,
    rq: { ...str, description: '放款日期或申请日期' },
    jkr: { ...str, description: '借款人姓名（只显示姓，如 张*）' },
  },
} as const;

/**
 * One page of the loans and loan applications (under way) on these projects, newest first: keyset on (date, key);
 * each side reads its index (loan_project; application_gd0101_project).
 */
export async function loansOnProjects(q: Queryable, projects: readonly string[], after: { d: string; k: string } | null, limit: number): Promise<LoanRow[]> {
  const d = after?.d ?? '9999-12-31';
  const k = after?.k ?? '~';
  return q.query<LoanRow>(
    `select x.*, coalesce(p.xmmc, '') as xmmc from (
       (select l.xmbh, l.issue_date::text as d, 'L' || l.dkzh as k, 'loan' as kind, l.status as zt, l.amount_fen::text as amount_fen, l.xingming
          from loan l
         where l.xmbh = any($1::text[]) and (l.issue_date, 'L' || l.dkzh) < ($2::date, $3::text)
         order by l.issue_date desc, l.dkzh desc limit $4)
       union all
       (select a.payload ->> 'xmbh', (a.submitted_at at time zone 'Asia/Shanghai')::date::text, 'A' || a.ywbh, 'application', a.zt,
               case when a.payload ->> 'dkje' ~ '^[0-9]{1,12}(\\.[0-9]{1,2})?$' then round((a.payload ->> 'dkje')::numeric * 100)::bigint::text end,
               coalesce(i.xingming, '')
          from application a left join person_info i on i.account_id = a.account_id
         where a.ywlx = 'GD0101' and a.zt in ('01', '02', '04') and a.payload ->> 'xmbh' = any($1::text[])
           and ((a.submitted_at at time zone 'Asia/Shanghai')::date, 'A' || a.ywbh) < ($2::date, $3::text)
         order by a.submitted_at desc, a.id desc limit $4)
     ) x left join developer_project p on p.xmbh = x.xmbh
     order by x.d desc, x.k desc limit $4`,
    [projects, d, k, limit],
  );
}

const cursorOf = (r: { d: string; k: string }) => `${r.d}|${r.k}`;
const parseCursor = (after: string | undefined) => {
  if (!after) return null;
  const m = /^(\d{4}-\d{2}-\d{2})\|([LA][A-Za-z0-9-]{1,40})$/.exec(after);
  if (!m) throw new ApiError(400, '翻页参数不正确');
  return { d: m[1]!, k: m[2]! };
};

export function developerRoutes(app: FastifyInstance, db: Db, now: () => Date): void {
  const pre = { preHandler: app.requireVerified };
  /** The session's developer account (dwzh); 403 for any other login. */
  const developer = async (request: FastifyRequest): Promise<string> => {
    const session = request.session!;
    if (session.loginType !== 3) throw new ApiError(403, '本业务仅限开发商办理');
    const [row] = await db.query<{ dwzh: string }>('select dwzh from unit_info where account_id = $1', [session.accountId]);
    if (!row) throw new ApiError(403, FORBIDDEN);
    return row.dwzh;
  };
  /** The projects of the developer (a handful, index developer_project_unit), or the one asked for if it is its own. */
  const projectsOf = async (dwzh: string, xmbh?: string): Promise<string[]> => {
    if (xmbh) {
      if ((await getProject(db, xmbh))?.dwzh !== dwzh) throw new ApiError(403, FORBIDDEN);
      return [xmbh];
    }
    const rows = await db.query<{ xmbh: string }>('select xmbh from developer_project where dwzh = $1 order by id desc limit 1000', [dwzh]);
    return rows.map((r) => r.xmbh);
  };
  const projectPage = (dwzh: string, afterId: string, limit: number) =>
    db.query<ProjectRow>(
      `select p.id::text as id, p.xmbh, p.xmmc, p.qy, p.xmdz, p.ysxkzh, p.lds, p.zts, p.kpsj::text as kpsj, p.jgqj, p.jdxdb, p.jgyh, p.jgzh, p.spzt, p.zt,
              p.ywbh, a.zt as sqzt
         from developer_project p left join application a on a.ywbh = p.ywbh
        where p.dwzh = $1 and p.id < $2::bigint order by p.id desc limit $3`,
      [dwzh, afterId, limit],
    );
  const centreName = async () => (await db.query<{ value: string }>("select value from sys_config where key = 'XT_ZXQC' and enable = 1"))[0]?.value ?? '';
  const unitName = async (dwzh: string) => (await db.query<{ dwmc: string }>('select dwmc from unit_record where dwzh = $1', [dwzh]))[0]?.dwmc ?? '';

  app.get<{ Querystring: { after?: string; size?: number } }>(
    `${ZHFW_PREFIX}/kfswt/lpxx/list`,
    {
      ...pre,
      schema: {
        summary: '开发商的楼盘（新的在前，按编号翻页）：各自的审核状态、在售状态、参考价格、阶段性担保和监管账户',
        tags,
        querystring: {
          type: 'object',
          properties: {
            after: { type: 'string', pattern: '^[0-9]{1,19}$', description: '上一页最后一行的 next', 'x-msg': '翻页参数不正确' },
            size: { type: 'integer', minimum: 1, maximum: 50, default: 20, 'x-msg': '每页条数为 1 至 50' },
          },
        },
        response: envelope({ type: 'object', properties: { list: { type: 'array', items: projectItem }, next: { type: ['string', 'null'] } } }),
      },
    },
    async (request) => {
      const dwzh = await developer(request);
      const size = request.query.size ?? 20;
      const rows = await projectPage(dwzh, request.query.after ?? '9223372036854775807', size + 1);
      const page = rows.slice(0, size);
      return ok({ list: page.map(projectView), next: rows.length > size ? page[page.length - 1]!.id : null });
    },
  );

  app.get<{ Querystring: { xmbh: string } }>(
    `${ZHFW_PREFIX}/kfswt/lpxx/detail`,
    {
      ...pre,
      schema: {
        summary: '开发商的一个楼盘的信息（楼盘信息变更从这些信息开始）；其他开发商的楼盘答 403',
        tags,
        querystring: { type: 'object', required: ['xmbh'], properties: { xmbh: xmbhQuery } },
        response: envelope({
          type: 'object',
          properties: {
            xmbh: str,
            spzt: { type: 'string', enum: ['01', '02', '03'], description: '01 待审核 02 已通过 03 已退回' },
            ...Object.fromEntries(Object.entries(FACT_PROPERTIES).map(([k, v]) => [k, { type: v.type, ...('items' in v ? { items: { type: 'string' } } : {}), description: v.description }])),
          },
        }),
      },
    },
    async (request) => {
      const dwzh = await developer(request);
      const project = await getProject(db, request.query.xmbh);
      if (!project || project.dwzh !== dwzh) throw new ApiError(403, FORBIDDEN);
      return ok({ xmbh: project.xmbh, spzt: project.spzt, ...project.facts });
    },
  );

  const PROJECT_EXPORT: Array<ExportColumn<ProjectRow>> = [
    { header: '楼盘编号', width: 16, value: (r) => r.xmbh },
    { header: '楼盘名称', width: 24, value: (r) => r.xmmc },
    { header: '所在区域', width: 10, value: (r) => r.qy },
    { header: '楼盘地址', width: 30, value: (r) => r.xmdz },
    { header: '预售许可证号', width: 30, value: (r) => r.ysxkzh.split(PERMIT_SEPARATOR).join('、') },
    { header: '楼栋', width: 20, value: (r) => (r.lds ?? []).join('、') },
    { header: '总套数', width: 8, value: (r) => Number(r.zts) },
    { header: '开盘时间', width: 12, value: (r) => r.kpsj },
    { header: '参考价格', width: 20, value: (r) => r.jgqj },
    { header: '阶段性担保', width: 10, value: (r) => (r.jdxdb ? '提供' : '不提供') },
    { header: '监管银行', width: 20, value: (r) => r.jgyh },
    { header: '监管账号', width: 24, value: (r) => r.jgzh },
    { header: '销售状态', width: 8, value: (r) => (r.zt === '01' ? '在售' : '售罄') },
    { header: '审核状态', width: 10, value: (r) => PROJECT_STATUS[projectStatus(r)] ?? '' },
  ];

  app.get<{ Querystring: { format: 'xlsx' | 'csv' } }>(
    `${ZHFW_PREFIX}/kfswt/lpxx/export`,
    {
      ...pre,
      schema: {
        summary: '导出开发商的楼盘（xlsx 或 CSV，按编号分段读取）',
        tags,
        querystring: { type: 'object', required: ['format'], properties: { format: formatQuery } },
        response: { 200: fileAnswer('导出的楼盘列表（xlsx 或 CSV，附件）', [EXPORT_TYPES.xlsx, 'text/csv'], { download: true }) },
      },
    },
    async (request, reply) => {
      const dwzh = await developer(request);
      const { format } = request.query;
      async function* pages() {
        let after = '9223372036854775807';
        for (;;) {
          const rows = await projectPage(dwzh, after, 200);
          if (rows.length > 0) yield rows;
          if (rows.length < 200) return;
          after = rows[rows.length - 1]!.id;
        }
      }
      const stamp = centreDateTime(now());
      const stream = exportStream({
        format,
        title: '楼盘信息',
        subtitle: [await centreName(), `开发商：${await unitName(dwzh)}（${dwzh}）`, `导出时间：${stamp}`].filter(Boolean),
        columns: PROJECT_EXPORT,
        pages: pages(),
      });
      return reply
        .header('content-type', EXPORT_TYPES[format])
        .header('content-disposition', attachment(`楼盘信息_${stamp.slice(0, 10).replace(/-/g, '')}.${format}`))
        .send(stream);
    },
  );

  app.get<{ Querystring: { xmbh?: string; after?: string; size?: number } }>(
    `${ZHFW_PREFIX}/kfswt/dkxx/list`,
    {
      ...pre,
      schema: {
        summary: '开发商楼盘上的住房公积金贷款和办理中的贷款申请（新的在前）：楼盘、状态、金额、日期，借款人姓名只显示姓；其他开发商的楼盘答 403',
        tags,
        querystring: {
          type: 'object',
          properties: {
            xmbh: xmbhQuery,
            after: { type: 'string', maxLength: 60, description: '上一页的 next', 'x-msg': '翻页参数不正确' },
            size: { type: 'integer', minimum: 1, maximum: 50, default: 20, 'x-msg': '每页条数为 1 至 50' },
          },
        },
        response: envelope({ type: 'object', properties: { list: { type: 'array', items: loanItem }, next: { type: ['string', 'null'] } } }),
      },
    },
    async (request) => {
      const dwzh = await developer(request);
      const projects = await projectsOf(dwzh, request.query.xmbh);
      const size = request.query.size ?? 20;
      const rows = await loansOnProjects(db, projects, parseCursor(request.query.after), size + 1);
      const page = rows.slice(0, size);
      return ok({ list: page.map(loanView), next: rows.length > size ? cursorOf(page[page.length - 1]!) : null });
    },
  );

  const LOAN_EXPORT: Array<ExportColumn<LoanRow>> = [
    { header: '楼盘编号', width: 16, value: (r) => r.xmbh },
    { header: '楼盘名称', width: 24, value: (r) => r.xmmc },
    { header: '类型', width: 10, value: (r) => (r.kind === 'loan' ? '贷款' : '贷款申请') },
    { header: '状态', width: 12, value: loanStatus },
    { header: '金额（元）', width: 16, kind: 'money', value: (r) => (r.amount_fen === null ? null : Number(r.amount_fen)) },
    { header: '日期', width: 12, value: (r) => r.d },
    { header: '借款人', width: 10, value: (r) => maskName(r.xingming) },
  ];

  app.get<{ Querystring: { xmbh?: string; format: 'xlsx' | 'csv' } }>(
    `${ZHFW_PREFIX}/kfswt/dkxx/export`,
    {
      ...pre,
      schema: {
        summary: '导出开发商楼盘上的贷款和贷款申请（xlsx 或 CSV，分段读取）；其他开发商的楼盘答 403',
        tags,
        querystring: { type: 'object', required: ['format'], properties: { xmbh: xmbhQuery, format: formatQuery } },
        response: { 200: fileAnswer('导出的楼盘贷款列表（xlsx 或 CSV，附件）', [EXPORT_TYPES.xlsx, 'text/csv'], { download: true }) },
      },
    },
    async (request, reply) => {
      const dwzh = await developer(request);
      const projects = await projectsOf(dwzh, request.query.xmbh);
      const { format } = request.query;
      async function* pages() {
        let after: { d: string; k: string } | null = null;
        for (;;) {
          const rows = await loansOnProjects(db, projects, after, 500);
          if (rows.length > 0) yield rows;
          if (rows.length < 500) return;
          after = rows[rows.length - 1]!;
        }
      }
      const stamp = centreDateTime(now());
      const stream = exportStream({
        format,
        title: '楼盘贷款信息',
        subtitle: [
          await centreName(),
          `开发商：${await unitName(dwzh)}（${dwzh}）`,
          `查询条件：${request.query.xmbh ? `楼盘 ${request.query.xmbh}` : '全部楼盘'}`,
          `导出时间：${stamp}`,
        ].filter(Boolean),
        columns: LOAN_EXPORT,
        pages: pages(),
      });
      return reply
        .header('content-type', EXPORT_TYPES[format])
        .header('content-disposition', attachment(`楼盘贷款信息_${stamp.slice(0, 10).replace(/-/g, '')}.${format}`))
        .send(stream);
    },
  );
  const depositView = (r: DepositRow) => ({
    xmbh: r.xmbh,
    xmmc: r.xmmc,
    jkr: maskName(r.xingming),
    dkje: fenToYuan(r.loan_fen),
    jcje: fenToYuan(r.held_fen),
    jcrq: r.hold_date,
    sfje: r.released_fen === null ? null : fenToYuan(r.released_fen),
    sfrq: r.release_date,
    zt: r.released_fen === null ? '占用中' : '已释放',
  });

  app.get<{ Querystring: { after?: string; size?: number } }>(
    `${ZHFW_PREFIX}/kfswt/bzj/list`,
    {
      ...pre,
      schema: {
        summary: '保证金查询：开发商的阶段性担保保证金余额，及每笔担保贷款缴存、释放的金额（借款人姓名只显示姓）',
        tags,
        querystring: {
          type: 'object',
          properties: {
            after: { type: 'string', pattern: '^[0-9]{1,19}$', description: '上一页的 next', 'x-msg': '翻页参数不正确' },
            size: { type: 'integer', minimum: 1, maximum: 50, default: 20, 'x-msg': '每页条数为 1 至 50' },
          },
        },
        response: envelope({
          type: 'object',
          properties: {
            ye: { type: 'string', description: '保证金余额（元）' },
            zybs: { type: 'integer', description: '占用中的担保贷款笔数' },
            list: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  xmbh: str,
                  xmmc: str,
                  jkr: str,
                  dkje: { type: 'string', description: '贷款金额（元）' },
                  jcje: { type: 'string', description: '缴存的保证金（元）' },
                  jcrq: str,
                  sfje: money,
                  sfrq: { type: ['string', 'null'] },
                  zt: { type: 'string', enum: ['占用中', '已释放'] },
                },
              },
            },
            next: { type: ['string', 'null'] },
          },
        }),
      },
    },
    async (request) => {
      const dwzh = await developer(request);
      const size = request.query.size ?? 20;
      const [rows, balance] = await Promise.all([depositPage(db, dwzh, request.query.after ?? '9223372036854775807', size + 1), depositBalance(db, dwzh)]);
      const page = rows.slice(0, size);
      return ok({ ye: fenToYuan(balance.balanceFen), zybs: balance.holding, list: page.map(depositView), next: rows.length > size ? page[page.length - 1]!.id : null });
    },
  );

  const DEPOSIT_EXPORT: Array<ExportColumn<DepositRow>> = [
    { header: '楼盘编号', width: 16, value: (r) => r.xmbh },
    { header: '楼盘名称', width: 24, value: (r) => r.xmmc },
    { header: '借款人', width: 10, value: (r) => maskName(r.xingming) },
    { header: '贷款金额（元）', width: 16, kind: 'money', value: (r) => Number(r.loan_fen) },
    { header: '缴存保证金（元）', width: 16, kind: 'money', value: (r) => Number(r.held_fen) },
    { header: '缴存日期', width: 12, value: (r) => r.hold_date },
    { header: '释放金额（元）', width: 16, kind: 'money', value: (r) => (r.released_fen === null ? null : Number(r.released_fen)) },
    { header: '释放日期', width: 12, value: (r) => r.release_date },
    { header: '状态', width: 8, value: (r) => (r.released_fen === null ? '占用中' : '已释放') },
  ];

  app.get<{ Querystring: { format: 'xlsx' | 'csv' } }>(
    `${ZHFW_PREFIX}/kfswt/bzj/export`,
    {
      ...pre,
      schema: {
        summary: '导出保证金明细（xlsx 或 CSV，分段读取）',
        tags,
        querystring: { type: 'object', required: ['format'], properties: { format: formatQuery } },
        response: { 200: fileAnswer('导出的保证金明细（xlsx 或 CSV，附件）', [EXPORT_TYPES.xlsx, 'text/csv'], { download: true }) },
      },
    },
    async (request, reply) => {
      const dwzh = await developer(request);
      const { format } = request.query;
      const balance = await depositBalance(db, dwzh);
      async function* pages() {
        let after = '9223372036854775807';
        for (;;) {
          const rows = await depositPage(db, dwzh, after, 500);
          if (rows.length > 0) yield rows;
          if (rows.length < 500) return;
          after = rows[rows.length - 1]!.id;
        }
      }
      const stamp = centreDateTime(now());
      const stream = exportStream({
        format,
        title: '保证金明细',
        subtitle: [await centreName(), `开发商：${await unitName(dwzh)}（${dwzh}）\u3000保证金余额：${fenToYuan(balance.balanceFen)} 元`, `导出时间：${stamp}`].filter(Boolean),
        columns: DEPOSIT_EXPORT,
        pages: pages(),
      });
      return reply
        .header('content-type', EXPORT_TYPES[format])
        .header('content-disposition', attachment(`保证金明细_${stamp.slice(0, 10).replace(/-/g, '')}.${format}`))
        .send(stream);
    },
  );
}
