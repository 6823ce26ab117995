import { fill, MESSAGES } from '@vendorwatch/contracts';
import { parse } from 'csv-parse/sync';
import { loadExcelJs } from '../document-libraries';
import { Unzip, UnzipInflate } from 'fflate';
import { BadRequestError } from '../errors';

const M = MESSAGES.vendorList;

export type SpreadsheetFormat = 'csv' | 'xlsx';

/** A row of the file as text by column, numbered as a spreadsheet numbers it (the header is row 1). */
export interface SheetRow<C extends string> {
  row: number;
  cells: Record<C, string>;
}

/** What a file may hold, and what to say when it holds more. */
export interface SheetLimits {
  maxRows: number;
  maxUnpackedBytes: number;
  tooManyRows: string;
  unpacksTooLarge: string;
}

/** Which format the upload is: an .xlsx (a zip: `PK\x03\x04`) or a CSV; anything else is refused. */
export function spreadsheetFormatOf(fileName: string, mimeType: string, bytes: Buffer): SpreadsheetFormat {
  const zip = bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const name = fileName.toLowerCase();
  if (zip && (name.endsWith('.xlsx') || mimeType.includes('spreadsheetml'))) return 'xlsx';
  if (!zip && (name.endsWith('.csv') || /csv|text\/plain/.test(mimeType))) return 'csv';
  throw new BadRequestError(M.importFileType);
}

/** The file's cells as text, row by row (an index per row number - 1; blank rows may be holes). */
export async function readTable(
  format: SpreadsheetFormat,
  bytes: Buffer,
  limits: SheetLimits,
): Promise<(string[] | undefined)[]> {
  return format === 'csv' ? readCsv(bytes) : readXlsx(bytes, limits);
}

const normalHeader = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * The table's rows by column, blank rows left out. `aliases` gives the header spellings of each column
 * (compared lower-cased, without spaces, `_` or `-`); unknown columns are ignored. Returns the rows and
 * the columns the header named.
 */
export function rowsByColumn<C extends string>(
  table: (string[] | undefined)[],
  aliases: Record<C, readonly string[]>,
  maxRows: number,
  tooManyRows: string,
): { header: string[]; found: Set<C>; rows: SheetRow<C>[] } {
  const columns = Object.keys(aliases) as C[];
  const [header = [], ...rows] = table;
  const indexOf = new Map<C, number>();
  header.forEach((text, index) => {
    const column = columns.find((each) => aliases[each].includes(normalHeader(text)));
    if (column && !indexOf.has(column)) indexOf.set(column, index);
  });
  const read = rows
    .map((cells, index) => ({
      row: index + 2,
      cells: Object.fromEntries(columns.map((column) => [column, cellOf(cells, indexOf.get(column))])) as Record<C, string>,
    }))
    .filter(({ cells }) => Object.values<string>(cells).some((value) => value !== ''));
  if (read.length > maxRows) throw new BadRequestError(tooManyRows);
  return { header, found: new Set(indexOf.keys()), rows: read };
}

const cellOf = (cells: string[] | undefined, index: number | undefined) =>
  index === undefined ? '' : (cells?.[index] ?? '').trim();

/** RFC 4180 CSV (a UTF-8 byte-order mark allowed); ragged rows are read as they are, every line keeps its number. */
function readCsv(bytes: Buffer): string[][] {
  try {
    return parse(bytes, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (error) {
    throw new BadRequestError(fill(M.importUnreadable, { kind: 'CSV', reason: (error as Error).message }));
  }
}

/** The workbook's first sheet, each cell as the spreadsheet shows it (a link's text, a formula's result). */
async function readXlsx(bytes: Buffer, limits: SheetLimits): Promise<string[][]> {
  assertUnpacksWithin(bytes, limits);
  const workbook = new (await loadExcelJs()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw new BadRequestError(fill(M.importUnreadable, { kind: 'an Excel workbook', reason: (error as Error).message }));
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  // A row beyond the cap (and its header) is refused before its cells are read.
  if (sheet.actualRowCount > limits.maxRows + 1) throw new BadRequestError(limits.tooManyRows);
  // Indexed by row number - 1 (a sparse array: blank rows are holes, which the caller skips).
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) cells.push(row.getCell(column).text ?? '');
    rows[row.number - 1] = cells;
  });
  return rows;
}

/** Slices fed to the unzipper: deflate expands at most ~1 000-fold, so one slice never yields more than ~16 MB. */
const UNZIP_SLICE_BYTES = 16 * 1024;

/**
 * Refuses a workbook whose parts unpack past the limit before exceljs unpacks it whole in memory (the row
 * cap is only checked after that). Each part is inflated and thrown away slice by slice, so a zip that
 * declares small sizes and lies is caught as well; reading stops as soon as the total is over.
 * A zip that cannot be unpacked is left for exceljs, which says what is wrong with it.
 */
function assertUnpacksWithin(bytes: Buffer, limits: SheetLimits): void {
  const max = limits.maxUnpackedBytes;
  let unpacked = 0;
  let over = false;
  const unzip = new Unzip((file) => {
    if (over) return;
    if (unpacked + (file.originalSize ?? 0) > max) {
      over = true;
      return;
    }
    file.ondata = (error, data) => {
      if (error || over) return;
      unpacked += data.length;
      if (unpacked > max) over = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.length && !over; offset += UNZIP_SLICE_BYTES) {
      const end = Math.min(offset + UNZIP_SLICE_BYTES, bytes.length);
      unzip.push(bytes.subarray(offset, end), end === bytes.length);
    }
  } catch {
    return;
  }
  if (over) throw new BadRequestError(limits.unpacksTooLarge);
}
