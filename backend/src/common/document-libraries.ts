import type ExcelJSModule from 'exceljs';
import type PDFKitModule from 'pdfkit';

/**
 * The spreadsheet and PDF libraries, each loaded on its first use and kept. exceljs is 660 modules and
 * pdfkit brings fontkit and brotli: loaded with the app, they were a third of the CPU the API spent
 * loading its code (0.65 of 2.1 s on a CI machine), at every start and in every API test file, for the
 * few requests that export or import a file.
 */
let excel: Promise<typeof ExcelJSModule> | undefined;
let pdf: Promise<typeof PDFKitModule> | undefined;

export const loadExcelJs = (): Promise<typeof ExcelJSModule> => (excel ??= import('exceljs').then((module) => module.default));

export const loadPdfKit = (): Promise<typeof PDFKitModule> => (pdf ??= import('pdfkit').then((module) => module.default));
