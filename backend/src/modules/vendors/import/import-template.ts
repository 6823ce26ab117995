import { VENDOR_IMPORT_COLUMNS, type VendorImportFormat } from '@vendorwatch/contracts';
import { stringify } from 'csv-stringify/sync';
import { loadExcelJs } from '../../../common/document-libraries';

/** One example row: several domains or selectors go in one cell, one per line (or separated by commas). */
const EXAMPLE: Record<(typeof VENDOR_IMPORT_COLUMNS)[number], string> = {
  name: 'Acme Corporation',
  url: 'https://www.acme.example/',
  domains: 'acme.example\nacme-mail.example',
  'dkim selectors': 'selector1, google',
  description: 'Payroll provider',
};

export const IMPORT_TEMPLATE_TYPES: Record<VendorImportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The file to fill in: the columns the import reads, in its order, and one example vendor. */
export async function importTemplate(format: VendorImportFormat): Promise<Buffer> {
  const example = VENDOR_IMPORT_COLUMNS.map((column) => EXAMPLE[column]);
  if (format === 'csv') return Buffer.from(stringify([[...VENDOR_IMPORT_COLUMNS], example]));
  const workbook = new (await loadExcelJs()).Workbook();
  const sheet = workbook.addWorksheet('Vendors');
  sheet.columns = VENDOR_IMPORT_COLUMNS.map((column) => ({
    header: column,
    key: column,
    width: column === 'description' ? 40 : 28,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(example).alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
