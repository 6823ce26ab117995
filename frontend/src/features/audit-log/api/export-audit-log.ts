import { MESSAGES, type AuditLogFilters } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { saveFile } from '@/lib/save-file';
import { auditLogPath } from './get-audit-log';

/** `GET /api/workspaces/:id/audit-log/export`: the filtered entries as CSV (the export is itself on the record). */
export const exportAuditLog = async ({ workspaceId, filters }: { workspaceId: string; filters: AuditLogFilters }) => {
  const file = await api.getFile(`${auditLogPath(workspaceId)}/export`, { params: { ...filters } });
  return { ...file, filename: file.filename ?? `audit-log-${Date.now()}.csv` };
};

export const useExportAuditLog = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof exportAuditLog> } = {}) =>
  useFeatureMutation(
    exportAuditLog,
    {
      onSuccess: ({ blob, filename }) => saveFile(blob, filename),
      onError: (error) => {
        notifyError(MESSAGES.auditLog.exportFailed, error);
      },
    },
    mutationConfig,
  );
