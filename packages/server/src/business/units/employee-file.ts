import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { ApiError } from '../../http/envelope';
import type { Gj0301FileRow } from './employees';

/**
 * The employee import file (职工批量导入, docs/api-unit-business.md › 批量导入): the template the clerk downloads, and
 * the reading of a filled one into rows for GJ0301's row table. A file is read only after its zip is measured: every
 * part inflated with a ceiling on its output (a zip bomb stops at the ceiling, whatever its headers claim), then
 * exceljs reads it (its memory bounded by that measure) and the first sheet is taken row by row, refused past the row
 * cap. Not exceljs's streaming reader: in 4.4.0 it decodes each inflated chunk on its own, so a Chinese character split
 * across two chunks became U+FFFD (two names of the 5,000-row benchmark file came out as "\uFFFD\uFFFD\uFFFD工DAY" instead of "职工DAY"); the whole-file
 * reader decodes each part whole (test: "3,000 Chinese names read intact").
 */

/** The template's columns, in order: header, payload field, width. */
export const IMPORT_COLUMNS = [
  { header: '身份证号码', key: 'zjhm', width: 24 },
  { header: '姓名', key: 'xingming', width: 14 },
  { header: '手机号码', key: 'sjhm', width: 16 },
  { header: '月缴存基数（元）', key: 'jcjs', width: 18 },
] as const;

/** The template's example row (a valid ID number; the clerk replaces it). */
export const IMPORT_EXAMPLE = { zjhm: '110105199001011232', xingming: '钱新人', sjhm: '13912345678', jcjs: '6000.00' } as const;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The largest upload (bytes) and the most the parts of one file may inflate to. */
export const IMPORT_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_INFLATED_BYTES = 24 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 500;

export const IMPORT_MESSAGES = {
  notXlsx: '文件不是 Excel（.xlsx）文件，请下载模板填写后上传',
  tooLarge: `文件不能超过 ${IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB，请分批导入`,
  tooBig: '文件解压后过大，不能导入，请下载模板重新填写',
  headers: `文件的表头应为：${IMPORT_COLUMNS.map((c) => c.header).join('、')}，请下载模板填写`,
  empty: '文件中没有职工，请在模板的表头下逐行填写',
  tooManyRows: (max: number) => `一次至多导入 ${max} 名职工，请分批导入`,
} as const;

/** The template: a sheet with the Chinese headers (text columns, so ID numbers keep every digit) and one example row. */
export async function importTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('职工名单');
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width, style: { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow({ ...IMPORT_EXAMPLE });
  const notes = workbook.addWorksheet('填写说明');
  notes.columns = [{ header: '说明', key: 'text', width: 90 }];
  for (const text of [
    '1. 在“职工名单”表的表头下逐行填写，一行一名职工；请勿修改表头；示例行请替换或删除。',
    '2. 身份证号码为 18 位居民身份证号码；姓名为 2 至 30 个汉字或字母；手机号码为 11 位。',
    '3. 月缴存基数以元为单位，至多两位小数，须在中心公布的上下限之间。',
    '4. 上传后逐行检查，不符合的行会标明行号和原因；可选择全部导入或仅导入正确行。',
  ]) {
    notes.addRow({ text });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Measures a zip (an xlsx is one): reads its central directory and inflates each part with a ceiling on the output,
 * so a file that claims little and inflates to much is refused at the ceiling. Throws a Chinese 400 for what is not a
 * readable zip, 400 for one over the ceiling.
 */
export function measureZip(bytes: Buffer, maxInflated = IMPORT_MAX_INFLATED_BYTES): void {
  const bad = () => new ApiError(400, IMPORT_MESSAGES.notXlsx);
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== 0x04034b50) throw bad();
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw bad();
  const entries = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  if (entries === 0 || entries > MAX_ZIP_ENTRIES || entries === 0xffff || at === 0xffffffff) throw bad();
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw bad();
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) throw bad();
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start + compressed > bytes.length) throw bad();
    const data = bytes.subarray(start, start + compressed);
    if (method === 0) total += data.length;
    else if (method === 8) {
      try {
        total += inflateRawSync(data, { maxOutputLength: Math.max(1, maxInflated - total) }).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ApiError(400, IMPORT_MESSAGES.tooBig);
        throw bad();
      }
    } else throw bad();
    if (total > maxInflated) throw new ApiError(400, IMPORT_MESSAGES.tooBig);
    at = next;
  }
}

/** A cell's value as text: strings as they are, numbers in full, rich text joined, a formula's result. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: Array<{ text?: string }>; text?: unknown; result?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text ?? '').join('').trim();
    if (v.result !== undefined) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
  }
  return '';
}

/**
 * The rows of an import file (the first sheet, the header checked, blank rows skipped), each with its row number.
 * Throws a Chinese 400 for a file that is not an xlsx, has other headers, no rows, or more than `maxRows`.
 */
export async function readEmployeeFile(bytes: Buffer, maxRows: number): Promise<Gj0301FileRow[]> {
  measureZip(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new ApiError(400, IMPORT_MESSAGES.notXlsx);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ApiError(400, IMPORT_MESSAGES.notXlsx);
  const rows: Gj0301FileRow[] = [];
  let headerSeen = false;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = (Array.isArray(row.values) ? row.values : []).slice(1, IMPORT_COLUMNS.length + 1).map(cellText);
    while (values.length < IMPORT_COLUMNS.length) values.push('');
    if (!headerSeen) {
      if (row.number !== 1 || values.some((v, i) => v !== IMPORT_COLUMNS[i]!.header)) throw new ApiError(400, IMPORT_MESSAGES.headers);
      headerSeen = true;
      return;
    }
    if (values.every((v) => v === '')) return;
    if (rows.length >= maxRows) throw new ApiError(400, IMPORT_MESSAGES.tooManyRows(maxRows));
    const [zjhm, xingming, sjhm, jcjs] = values as [string, string, string, string];
    rows.push({ row: row.number, zjhm: zjhm.toUpperCase(), xingming, sjhm, jcjs });
  });
  if (!headerSeen) throw new ApiError(400, IMPORT_MESSAGES.headers);
  if (rows.length === 0) throw new ApiError(400, IMPORT_MESSAGES.empty);
  return rows;
}
