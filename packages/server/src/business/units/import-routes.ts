import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contentDisposition } from '../../archive/routes';
import type { Db } from '../../db/db';
import { ApiError, ok } from '../../http/envelope';
import { okAnswer } from '../../http/answers';
import { fileAnswer } from '../../http/openapi';
import { readParameters } from '../../params/centre';
import { ZHFW_PREFIX } from '../../routes/shell';
import { unitOf } from './common';
import { mayDo } from './buttons';
import { IMPORT_COLUMNS, IMPORT_MAX_FILE_BYTES, IMPORT_MESSAGES, importTemplate, readEmployeeFile, XLSX_TYPE } from './employee-file';
import { checkRows } from './employees';

const tags = ['单位业务'];

/** What the parsers throw for a body that is not one file: the import's own 400. */
const NOT_A_FILE = new Set([
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PROTO_VIOLATION',
]);

/** The body of the check, for the document only: the route reads the raw bytes itself. */
const CHECK_BODY = {
  description: `填好的职工导入文件（Excel .xlsx，按模板的表头 ${IMPORT_COLUMNS.map((c) => c.header).join('、')}），请求体即文件内容，不超过 ${IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB`,
  type: 'string',
  format: 'binary',
  contentMediaType: XLSX_TYPE,
} as const;

const CHECK_ANSWER = okAnswer({
  type: 'object',
  required: ['rows', 'total', 'good', 'bad', 'maxRows'],
  properties: {
    rows: {
      type: 'array',
      description: '文件中的每一行（空行除外）及其检查结果',
      items: {
        type: 'object',
        required: ['row', 'zjhm', 'xingming', 'sjhm', 'jcjs', 'ok', 'reason'],
        properties: {
          row: { type: 'integer', description: '文件中的行号（表头为第 1 行）' },
          zjhm: { type: 'string', description: '身份证号码' },
          xingming: { type: 'string', description: '姓名' },
          sjhm: { type: 'string', description: '手机号码' },
          jcjs: { type: 'string', description: '月缴存基数（元），按文件原样' },
          ok: { type: 'boolean', description: '符合全部条件，可以设立' },
          reason: { type: 'string', description: '不符合时的原因（符合时为空）' },
        },
      },
    },
    total: { type: 'integer', description: '行数' },
    good: { type: 'integer', description: '符合条件的行数' },
    bad: { type: 'integer', description: '不符合条件的行数' },
    maxRows: { type: 'integer', description: '一次至多导入的人数（参数 importMaxRows）' },
  },
});

/**
 * 职工批量导入 (docs/api-unit-business.md › 批量导入): the template (`GET dwyw/zgdr/template`) and the check of a filled
 * file (`POST dwyw/zgdr/check`, the raw xlsx as the body): every row through GJ0301's row table, answered row by row.
 * Nothing is opened here: the clerk submits the checked rows as GJ0301's bulk form (`{ rows, mode }`) through
 * `ywsq/submit`, and its completion opens them in one transaction.
 */
export function employeeImportRoutes(app: FastifyInstance, db: Db): void {
  app.get(
    `${ZHFW_PREFIX}/dwyw/zgdr/template`,
    {
      preHandler: app.requireSession,
      schema: { summary: '职工批量导入：下载模板（Excel，中文表头和一行示例）', tags, response: { 200: fileAnswer('导入模板（Excel）', [XLSX_TYPE], { download: true }) } },
    },
    async (request, reply) => {
      if (request.session!.loginType !== 2 || !(await mayDo(db, request.session!.accountId, 'GJ0301_IMPORT'))) throw new ApiError(403);
      const bytes = await importTemplate();
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition('职工批量导入模板.xlsx')).send(bytes);
    },
  );

  void app.register(async (scope) => {
    // The file is the body (raw bytes), or the part `file` of a multipart form (the hall's upload), up to the limit.
    await scope.register(multipart, { limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 1, fields: 2, fieldSize: 200, parts: 3, headerPairs: 50 } });
    scope.addContentTypeParser([XLSX_TYPE, 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: IMPORT_MAX_FILE_BYTES }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: Error & { code?: string }, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') return reply.status(413).send({ code: 413, msg: IMPORT_MESSAGES.tooLarge, data: null });
      if (error.code && NOT_A_FILE.has(error.code)) return reply.status(400).send({ code: 400, msg: IMPORT_MESSAGES.notXlsx, data: null });
      throw error;
    });
    scope.post(
      `${ZHFW_PREFIX}/dwyw/zgdr/check`,
      {
        preHandler: app.requireSession,
        bodyLimit: IMPORT_MAX_FILE_BYTES,
        config: { documentBody: CHECK_BODY, errors: [413] },
        schema: {
          summary: '职工批量导入：检查文件（逐行检查身份证号码、姓名、手机号码、基数上下限、是否已有账户、是否重复），不设立账户',
          tags,
          consumes: [XLSX_TYPE, 'application/octet-stream', 'multipart/form-data'],
          response: CHECK_ANSWER,
        },
      },
      async (request) => {
        const session = request.session!;
        if (session.loginType !== 2 || !(await unitOf(db, session)) || !(await mayDo(db, session.accountId, 'GJ0301_IMPORT'))) throw new ApiError(403);
        const bytes = await fileOf(request);
        const { importMaxRows } = await readParameters(db);
        const rows = await readEmployeeFile(bytes, importMaxRows);
        const checked = await checkRows(db, rows);
        const answer = rows.map((r, i) => ({ ...r, ...checked[i]! }));
        const good = answer.filter((r) => r.ok).length;
        return ok({ rows: answer, total: answer.length, good, bad: answer.length - good, maxRows: importMaxRows });
      },
    );
  });
}

/** The uploaded bytes: the raw body, or the multipart part `file` (over the size limit: 413 from the parser). */
async function fileOf(request: FastifyRequest): Promise<Buffer> {
  if (Buffer.isBuffer(request.body)) return request.body;
  if (!request.isMultipart()) throw new ApiError(400, IMPORT_MESSAGES.notXlsx);
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || bytes) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('FST_')) throw error;
    throw new ApiError(400, IMPORT_MESSAGES.notXlsx);
  }
  if (!bytes) throw new ApiError(400, '请选择要导入的文件');
  return bytes;
}
