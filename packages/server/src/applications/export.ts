import type { FastifyInstance } from 'fastify';
import { fileAnswer } from '../http/openapi';
import type { Db } from '../db/db';
import { centreDateTime } from '../clock';
import { ZHFW_PREFIX } from '../routes/shell';
import { businessOf } from '../business/registry';
import { attachment, EXPORT_TYPES, exportStream, type ExportColumn } from '../table/export';
import { applicantOf } from './applicant';
import { SCHEMA_PARTS } from './routes';
import { STATUS } from './status';
import { YWBH_PATTERN } from './ywbh';

/** Rows read per query while exporting: one index range scan each (keyset on id, newest first). */
export const EXPORT_PAGE = 500;

interface ExportRow {
  id: string;
  ywbh: string;
  ywlx: string;
  zt: keyof typeof STATUS;
  submitted_at: Date | null;
  promised_date: string | null;
}

/** The columns of 我的业务 as the page shows them (without 操作). */
export const OFFICE_EXPORT_COLUMNS: ExportColumn<ExportRow>[] = [
  { header: '业务名称', width: 24, value: (r) => businessOf(r.ywlx)?.ywmc ?? r.ywlx },
  { header: '业务编号', width: 26, value: (r) => r.ywbh },
  { header: '状态', width: 10, value: (r) => STATUS[r.zt] },
  { header: '提交时间', width: 20, value: (r) => (r.submitted_at ? centreDateTime(new Date(r.submitted_at)) : '—') },
  { header: '承诺办结日期', width: 14, value: (r) => r.promised_date ?? '—' },
];

/**
 * GET ywsq/export (docs/api-table.md): the whole filtered 我的业务 of the session's account, streamed as xlsx or CSV,
 * read through `application_account_list` page by page (keyset), never the whole list in memory.
 */
export function applicationExportRoutes(app: FastifyInstance, db: Db, now: () => Date): void {
  app.get<{ Querystring: { format: 'xlsx' | 'csv'; zt?: string; ywbh?: string } }>(
    `${ZHFW_PREFIX}/ywsq/export`,
    {
      preHandler: app.requireVerified,
      schema: {
        summary: '导出我的业务（xlsx 或 CSV，按当前查询条件的全部记录）',
        response: { 200: fileAnswer('导出的文件（xlsx 或 CSV，附件）', ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'], { download: true }) },
        tags: ['办件'],
        querystring: {
          type: 'object',
          required: ['format'],
          properties: {
            format: { type: 'string', enum: ['xlsx', 'csv'], description: '导出格式', 'x-msg': '导出格式只能是 xlsx 或 csv', 'x-required-msg': '请选择导出格式' },
            zt: { type: 'string', pattern: '^$|^(0[0-6])(,0[0-6]){0,6}$', description: '状态', 'x-msg': '状态只能是 00 至 06，多个以逗号分隔' },
            ywbh: { ...SCHEMA_PARTS.ywbh, pattern: `^$|${YWBH_PATTERN}` },
          },
        },
      },
    },
    async (request, reply) => {
      const { format, zt, ywbh } = request.query;
      const session = request.session!;
      const statuses = zt ? zt.split(',') : Object.keys(STATUS);
      const [applicant, [config]] = await Promise.all([
        applicantOf(db, session),
        db.query<{ value: string }>("select value from sys_config where key = 'XT_ZXQC' and enable = 1"),
      ]);
      const at = now();
      // `order by application.id`, not `id`: the output column `id` is text and would sort 998 after 1006.
      async function* pages() {
        let before: string | null = null;
        for (;;) {
          const rows: ExportRow[] = await db.query<ExportRow>(
            `select id::text as id, ywbh, ywlx, zt, submitted_at, to_char(promised_date, 'YYYY-MM-DD') as promised_date
               from application
              where account_id = $1 and zt = any($2) and ($3::text is null or ywbh = $3) and ($4::bigint is null or application.id < $4)
              order by application.id desc limit $5`,
            [session.accountId, statuses, ywbh || null, before, EXPORT_PAGE],
          );
          if (rows.length > 0) yield rows;
          if (rows.length < EXPORT_PAGE) return;
          before = rows[rows.length - 1]!.id;
        }
      }
      const filter = [
        `状态：${zt ? statuses.map((s) => STATUS[s as keyof typeof STATUS]).join('、') : '全部'}`,
        `业务编号：${ywbh || '全部'}`,
      ].join('　');
      const stamp = centreDateTime(at);
      const stream = exportStream({
        format,
        title: '我的业务',
        subtitle: [
          config?.value ?? '',
          `账户：${applicant.zh || session.login}${applicant.name ? `（${applicant.name}）` : ''}`,
          `查询条件：${filter}`,
          `导出时间：${stamp}`,
        ].filter(Boolean),
        columns: OFFICE_EXPORT_COLUMNS,
        pages: pages(),
      });
      return reply
        .header('content-type', EXPORT_TYPES[format])
        .header('content-disposition', attachment(`我的业务_${stamp.slice(0, 10).replace(/-/g, '')}.${format}`))
        .send(stream);
    },
  );
}
