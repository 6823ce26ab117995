import type { ReportExportFormat } from '@vendorwatch/contracts';
import { csvExporter } from './csv-exporter';
import { excelExporter } from './excel-exporter';
import { pdfExporter } from './pdf-exporter';
import type { ReportExporter } from './report-export';

export * from './report-export';
export * from './export-stream';
export { PDF_EVIDENCE_PER_CHECK } from './pdf-exporter';

/** One exporter per format, each in its own file. */
export const REPORT_EXPORTERS: Record<ReportExportFormat, ReportExporter> = {
  pdf: pdfExporter,
  csv: csvExporter,
  excel: excelExporter,
};
