import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type AuditLogFilters, type AuditLogPage } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';

export const auditLogPath = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}/audit-log`;

/** 25 entries a page: a screenful, newest first. */
export const AUDIT_LOG_PAGE_SIZE = 25;

export interface AuditLogRequest {
  workspaceId: string;
  filters: AuditLogFilters;
  page: number;
}

/** `GET /api/workspaces/:id/audit-log?actor=&action=&from=&to=&page=&limit=`. */
export const getAuditLog = ({ workspaceId, filters, page, signal }: AuditLogRequest & { signal?: AbortSignal }) =>
  api.get<AuditLogPage>(auditLogPath(workspaceId), { signal, params: { ...filters, page, limit: AUDIT_LOG_PAGE_SIZE } });

export const getAuditLogQueryOptions = (request: AuditLogRequest) =>
  queryOptions({
    queryKey: ['audit-log', request.workspaceId, request.filters, request.page],
    queryFn: ({ signal }) => getAuditLog({ ...request, signal }),
    meta: { errorTitle: MESSAGES.auditLog.loadFailed },
    // The trail grows with every change: never show an old page for long.
    staleTime: 0,
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (request: AuditLogRequest) => useQuery(getAuditLogQueryOptions(request));
