import { fill, LIMITS, MESSAGES, VENDOR_IMPORT_COLUMNS, type VendorImportFormat } from '@vendorwatch/contracts';
import { BadRequestError } from '../../../common/errors';
import { readTable, rowsByColumn, spreadsheetFormatOf, type SheetRow } from '../../../common/spreadsheet-upload/read-table';

const M = MESSAGES.vendorList;

/** A row of the file as text, numbered as a spreadsheet numbers it (the header is row 1). */
export type ImportFileRow = SheetRow<ImportColumn>;
export type ImportColumn = (typeof VENDOR_IMPORT_COLUMNS)[number];

/** Header spellings people use for each column (compared lower-cased, without spaces, `_` or `-`). */
const COLUMN_ALIASES: Record<ImportColumn, readonly string[]> = {
  name: ['name', 'vendor', 'vendorname'],
  url: ['url', 'website', 'site', 'address', 'homepage'],
  domains: ['domains', 'domain'],
  'dkim selectors': ['dkimselectors', 'dkimselector', 'dkim', 'selectors'],
  description: ['description', 'notes', 'note'],
};

const LIMITS_OF_FILE = {
  maxRows: LIMITS.vendorList.importMaxRows,
  maxUnpackedBytes: LIMITS.vendorList.importMaxUnpackedBytes,
  tooManyRows: fill(M.importTooManyRows, { max: LIMITS.vendorList.importMaxRows }),
  unpacksTooLarge: fill(M.importUnpacksTooLarge, { max: LIMITS.vendorList.importMaxUnpackedBytes / 1024 / 1024 }),
};

/** Which format the upload is: an .xlsx or a CSV; anything else is refused. */
export const importFormatOf = (fileName: string, mimeType: string, bytes: Buffer): VendorImportFormat =>
  spreadsheetFormatOf(fileName, mimeType, bytes);

/** The file's rows by column, blank rows left out; the header must name a `name` column (other columns are optional, unknown ones ignored). */
export async function readImportFile(format: VendorImportFormat, bytes: Buffer): Promise<ImportFileRow[]> {
  const table = await readTable(format, bytes, LIMITS_OF_FILE);
  const { header, found, rows } = rowsByColumn(table, COLUMN_ALIASES, LIMITS_OF_FILE.maxRows, LIMITS_OF_FILE.tooManyRows);
  if (!found.has('name')) throw new BadRequestError(header.length ? M.importNameColumn : M.importEmpty);
  if (rows.length === 0) throw new BadRequestError(M.importEmpty);
  return rows;
}
