import { formatMessage, REPORT_FILE_EXTENSIONS, type ReportExportFormat, type ReportFilters } from '@vendorwatch/contracts';
import { api, type DownloadedFile } from '@/lib/api-client';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { notifyError } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';

/** A large period takes a while to build: more than the API's usual minute. */
export const EXPORT_TIMEOUT_MS = 10 * 60_000;

export interface ExportReportInput {
  format: ReportExportFormat;
  filters: ReportFilters;
}

/** `POST /api/reports/export`: the report as a file, named by the server `report-{timestamp}.{ext}`. */
export const exportReport = async ({ format, filters }: ExportReportInput): Promise<DownloadedFile & { filename: string }> => {
  const file = await api.postFile('/api/reports/export', { format, filters }, { timeoutMs: EXPORT_TIMEOUT_MS });
  return { ...file, filename: file.filename ?? `report-${Date.now()}.${REPORT_FILE_EXTENSIONS[format]}` };
};

/** What every export does with its answer: download the file, or say 'Failed to export report as {format}' with the server's reason. */
export const DOWNLOAD_EXPORT = {
  onSuccess: ({ blob, filename }: DownloadedFile & { filename: string }) => saveFile(blob, filename),
  onError: (error: Error, { format }: { format: ReportExportFormat }) => notifyError(formatMessage.exportFailed(format), error),
};

/** Exports the filtered reports and downloads the file. */
export const useExportReport = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof exportReport> } = {}) =>
  useFeatureMutation(exportReport, DOWNLOAD_EXPORT, mutationConfig);
