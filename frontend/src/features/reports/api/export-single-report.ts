import { REPORT_FILE_EXTENSIONS, type ReportExportFormat } from '@vendorwatch/contracts';
import { api, type DownloadedFile } from '@/lib/api-client';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { DOWNLOAD_EXPORT, EXPORT_TIMEOUT_MS } from './export-report';

export interface ExportSingleReportInput {
  reportId: string;
  format: ReportExportFormat;
}

/** `POST /api/reports/{id}/export`: one assessment's report as a file, named by the server. */
export const exportSingleReport = async ({
  reportId,
  format,
}: ExportSingleReportInput): Promise<DownloadedFile & { filename: string }> => {
  const file = await api.postFile(
    `/api/reports/${encodeURIComponent(reportId)}/export`,
    { format },
    { timeoutMs: EXPORT_TIMEOUT_MS },
  );
  return { ...file, filename: file.filename ?? `report-${Date.now()}.${REPORT_FILE_EXTENSIONS[format]}` };
};

/** Exports one report and downloads the file. */
export const useExportSingleReport = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof exportSingleReport> } = {}) =>
  useFeatureMutation(exportSingleReport, DOWNLOAD_EXPORT, mutationConfig);
