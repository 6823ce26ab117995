import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Exported files read back the way a person's tools read them: the PDF's text by poppler's pdftotext
 * (page by page), the CSV by an RFC 4180 parser (csv-parse, strict about quotes), the workbook by exceljs.
 */
const run = promisify(execFile);

async function pdfFile(bytes: Buffer): Promise<string> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'vw-report-')), 'report.pdf');
  writeFileSync(file, bytes);
  return file;
}

/** The text of every page, in order. */
export async function pdfPages(bytes: Buffer): Promise<string[]> {
  const file = await pdfFile(bytes);
  const { stdout: info } = await run('/usr/bin/pdfinfo', [file]);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  const texts: string[] = [];
  for (let page = 1; page <= pages; page++) {
    const { stdout } = await run('/usr/bin/pdftotext', ['-layout', '-f', String(page), '-l', String(page), file, '-']);
    texts.push(stdout);
  }
  return texts;
}

/**
 * The CSV's records (header first), each field as the parser reads it. Like a spreadsheet, any line
 * break outside quotes ends a record (csv-parse would otherwise take the first one it meets for the
 * only delimiter), and a record of another length than the header is an error.
 */
export const csvRecords = (bytes: Buffer): string[][] =>
  parse(bytes, {
    bom: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_quotes: false,
    relax_column_count: false,
  }) as string[][];

export async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** A sheet's rows as objects keyed by the header row's titles. */
export function sheetRecords(sheet: ExcelJS.Worksheet): Record<string, ExcelJS.CellValue>[] {
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
  const records: Record<string, ExcelJS.CellValue>[] = [];
  for (let row = 2; row <= sheet.rowCount; row++) {
    const cells = sheet.getRow(row);
    records.push(Object.fromEntries(header.map((title, i) => [title, cells.getCell(i + 1).value])));
  }
  return records;
}
