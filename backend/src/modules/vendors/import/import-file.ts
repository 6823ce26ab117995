import { fill, LIMITS, MESSAGES, VENDOR_IMPORT_COLUMNS, type VendorImportFormat } from '@vendorwatch/contracts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { Unzip, UnzipInflate } from 'fflate';
import { BadRequestError } from '../../../common/errors';

const M = MESSAGES.vendorList;

/** A row of the file as text, numbered as a spreadsheet numbers it (the header is row 1). */
export interface ImportFileRow {
  row: number;
  cells: Record<ImportColumn, string>;
}
export type ImportColumn = (typeof VENDOR_IMPORT_COLUMNS)[number];

/** Header spellings people use for each column (compared lower-cased, without spaces, `_` or `-`). */
const COLUMN_ALIASES: Record<ImportColumn, readonly string[]> = {
  name: ['name', 'vendor', 'vendorname'],
  url: ['url', 'website', 'site', 'address', 'homepage'],
  domains: ['domains', 'domain'],
  'dkim selectors': ['dkimselectors', 'dkimselector', 'dkim', 'selectors'],
  description: ['description', 'notes', 'note'],
};

const normalHeader = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

/** Which format the upload is: an .xlsx (a zip: `PK\x03\x04`) or a CSV; anything else is refused. */
export function importFormatOf(fileName: string, mimeType: string, bytes: Buffer): VendorImportFormat {
  const zip = bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const name = fileName.toLowerCase();
  if (zip && (name.endsWith('.xlsx') || mimeType.includes('spreadsheetml'))) return 'xlsx';
  if (!zip && (name.endsWith('.csv') || /csv|text\/plain/.test(mimeType))) return 'csv';
  throw new BadRequestError(M.importFileType);
}

/** The file's rows by column, blank rows left out; the header must name a `name` column (other columns are optional, unknown ones ignored). */
export async function readImportFile(format: VendorImportFormat, bytes: Buffer): Promise<ImportFileRow[]> {
  const table: (string[] | undefined)[] = format === 'csv' ? readCsv(bytes) : await readXlsx(bytes);
  const [header = [], ...rows] = table;
  const indexOf = new Map<ImportColumn, number>();
  header.forEach((text, index) => {
    const column = (Object.keys(COLUMN_ALIASES) as ImportColumn[]).find((each) =>
      COLUMN_ALIASES[each].includes(normalHeader(text)),
    );
    if (column && !indexOf.has(column)) indexOf.set(column, index);
  });
  if (!indexOf.has('name')) throw new BadRequestError(header.length ? M.importNameColumn : M.importEmpty);
  const read = rows
    .map((cells, index) => ({
      row: index + 2,
      cells: Object.fromEntries(
        VENDOR_IMPORT_COLUMNS.map((column) => [column, cellOf(cells, indexOf.get(column))]),
      ) as ImportFileRow['cells'],
    }))
    .filter(({ cells }) => Object.values(cells).some((value) => value !== ''));
  if (read.length === 0) throw new BadRequestError(M.importEmpty);
  if (read.length > LIMITS.vendorList.importMaxRows) {
    throw new BadRequestError(fill(M.importTooManyRows, { max: LIMITS.vendorList.importMaxRows }));
  }
  return read;
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
async function readXlsx(bytes: Buffer): Promise<string[][]> {
  assertUnpacksWithin(bytes, LIMITS.vendorList.importMaxUnpackedBytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw new BadRequestError(fill(M.importUnreadable, { kind: 'an Excel workbook', reason: (error as Error).message }));
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  // A row beyond the cap (and its header) is refused before its cells are read.
  if (sheet.actualRowCount > LIMITS.vendorList.importMaxRows + 1) {
    throw new BadRequestError(fill(M.importTooManyRows, { max: LIMITS.vendorList.importMaxRows }));
  }
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
 * Refuses a workbook whose parts unpack past `max` bytes before exceljs unpacks it whole in memory (the row
 * cap is only checked after that). Each part is inflated and thrown away slice by slice, so a zip that
 * declares small sizes and lies is caught as well; reading stops as soon as the total is over.
 * A zip that cannot be unpacked is left for exceljs, which says what is wrong with it.
 */
function assertUnpacksWithin(bytes: Buffer, max: number): void {
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
  if (over) {
    throw new BadRequestError(fill(M.importUnpacksTooLarge, { max: max / 1024 / 1024 }));
  }
}
