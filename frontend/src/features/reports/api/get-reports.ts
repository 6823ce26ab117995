import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, MESSAGES, type Paginated, type ReportFilters, type ReportSummary } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

export type ReportListFilters = ReportFilters & { page: number; limit?: number };

/** `GET /api/reports`: the assessments of the filter, newest first, a page at a time. */
export const getReports = ({ filters, signal }: { filters: ReportListFilters; signal?: AbortSignal }) =>
  api.get<Paginated<ReportSummary>>('/api/reports', {
    params: { ...filters, limit: filters.limit ?? LIMITS.pagination.defaultLimit },
    signal,
  });

/** Without filters: the key every list page shares, for invalidation. */
export const getReportsQueryOptions = (filters?: ReportListFilters) =>
  queryOptions({
    queryKey: filters ? ['reports', 'list', filters] : ['reports', 'list'],
    queryFn: ({ signal }) => getReports({ filters: filters ?? { page: 1 }, signal }),
    // The current page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    meta: { errorTitle: MESSAGES.reports.fetchFailed },
  });

export const useReports = ({
  filters,
  queryConfig,
}: {
  filters: ReportListFilters;
  queryConfig?: QueryConfig<typeof getReportsQueryOptions>;
}) => useQuery({ ...getReportsQueryOptions(filters), ...queryConfig });
