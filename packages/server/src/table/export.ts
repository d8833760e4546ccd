import { PassThrough, type Writable } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';

/** One column of an export: its Chinese header, and money (fen, written as yuan with two decimals) or text. */
export interface ExportColumn<T> {
  header: string;
  /** Width in characters (xlsx). */
  width?: number;
  kind?: 'text' | 'money';
  /** Money shown with its sign, `+` included (收入 +1,920.00 beside 支出 -12,000.00), as the page shows it. */
  signed?: boolean;
  /** Text, or for money an integer number of fen (null: empty). */
  value: (row: T) => string | number | null;
}

export interface ExportSpec<T> {
  format: 'xlsx' | 'csv';
  /** The sheet's title, first row (e.g. 我的业务). */
  title: string;
  /** The lines under the title: the centre, the account, the filter, when exported. */
  subtitle: string[];
  columns: ExportColumn<T>[];
  /** The rows, page by page (each page read through an index); iteration stops when it ends. */
  pages: AsyncIterable<T[]>;
  /**
   * Rows after the list, e.g. 合计 (the table's foot on screen): cells in the columns' order, money cells as fen like
   * the columns' values; written bold in xlsx.
   */
  summary?: ReadonlyArray<ReadonlyArray<string | number | null>>;
}

export const EXPORT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** `attachment` with an ASCII fallback and the UTF-8 name of RFC 5987 / 6266. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Fen as yuan in text, from the integer (no floating point): 123456 → '1234.56', -5 → '-0.05'. */
export function fenText(fen: number): string {
  const abs = Math.abs(Math.trunc(fen));
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Fen as yuan: an exact decimal string turned into the number a spreadsheet stores (two places at most). */
const yuan = (fen: number): number => Number(fenText(fen));

/** Money as CSV text: the yuan, with `+` before a positive amount of a signed column. */
const moneyText = (fen: number, signed: boolean | undefined) => `${signed && fen > 0 ? '+' : ''}${fenText(fen)}`;
/** Excel's format of a money cell: thousands and two decimals, a signed column with its `+`. */
const moneyFormat = (signed: boolean | undefined) => (signed ? '+#,##0.00;-#,##0.00;0.00' : '#,##0.00');

/**
 * A CSV field: quoted when it must be; a text starting like a formula (= + - @, tab, CR) gets a leading apostrophe,
 * so Excel shows it instead of running it (CSV injection).
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const UTF8_BOM = '\uFEFF';

/** Waits while the reader is slower than the pages come in: memory stays at about one page. */
async function drained(stream: Writable): Promise<void> {
  if (stream.writableNeedDrain) await once(stream, 'drain');
}

async function writeCsv<T>(out: PassThrough, spec: ExportSpec<T>): Promise<void> {
  const line = (cells: Array<string | number | null>) => `${cells.map(csvField).join(',')}\r\n`;
  const csvCells = (values: ReadonlyArray<string | number | null>) =>
    `${spec.columns
      .map((c, i) => {
        const v = values[i] ?? null;
        return c.kind === 'money' ? (typeof v === 'number' ? moneyText(v, c.signed) : '') : csvField(v);
      })
      .join(',')}\r\n`;
  // The BOM makes Excel read the file as UTF-8 (without it, Chinese turns into mojibake on a Chinese Windows).
  out.write(UTF8_BOM + line([spec.title]));
  for (const s of spec.subtitle) out.write(line([s]));
  out.write(line(spec.columns.map((c) => c.header)));
  for await (const page of spec.pages) {
    // Money is digits, sign and point only: written as it is (a negative amount is not a formula to guard). One write
    // a page: a write a row costs more than the row (docs/api-personal.md, the bench of 个人明细).
    out.write(page.map((row) => csvCells(spec.columns.map((c) => c.value(row)))).join(''));
    await drained(out);
  }
  for (const cells of spec.summary ?? []) out.write(csvCells(cells));
  out.end();
}

async function writeXlsx<T>(out: PassThrough, spec: ExportSpec<T>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(spec.title.slice(0, 31), { pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
  const n = spec.columns.length;
  sheet.columns = spec.columns.map((c) => ({ width: c.width ?? 16 }));
  const title = sheet.addRow([spec.title]);
  title.font = { bold: true, size: 14 };
  // A streamed row is gone once committed: merge first.
  if (n > 1) sheet.mergeCells(1, 1, 1, n);
  title.commit();
  spec.subtitle.forEach((s, i) => {
    const row = sheet.addRow([s]);
    if (n > 1) sheet.mergeCells(i + 2, 1, i + 2, n);
    row.commit();
  });
  const header = sheet.addRow(spec.columns.map((c) => c.header));
  header.font = { bold: true };
  spec.columns.forEach((c, i) => {
    if (c.kind === 'money') header.getCell(i + 1).alignment = { horizontal: 'right' };
  });
  header.commit();
  const addRow = (values: ReadonlyArray<string | number | null>) => {
    const row = sheet.addRow(spec.columns.map((c, i) => {
      const v = values[i] ?? null;
      return c.kind === 'money' && typeof v === 'number' ? yuan(v) : v;
    }));
    spec.columns.forEach((c, i) => {
      if (c.kind === 'money') row.getCell(i + 1).numFmt = moneyFormat(c.signed);
    });
    return row;
  };
  for await (const page of spec.pages) {
    for (const item of page) addRow(spec.columns.map((c) => c.value(item))).commit();
    await drained(out);
  }
  for (const cells of spec.summary ?? []) {
    const row = addRow(cells);
    row.font = { bold: true };
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * A streamed export (xlsx with exceljs's streaming writer, or CSV with a BOM): title rows, the Chinese headers,
 * then the rows as the pages arrive. Errors after the first byte end the stream (the download fails visibly).
 *
 * @example
 * reply.header('content-type', EXPORT_TYPES.csv).send(exportStream({ format: 'csv', title: '我的业务', subtitle: [], columns, pages }))
 */
export function exportStream<T>(spec: ExportSpec<T>): PassThrough {
  const out = new PassThrough();
  (spec.format === 'csv' ? writeCsv(out, spec) : writeXlsx(out, spec)).catch((error: unknown) => out.destroy(error as Error));
  return out;
}
