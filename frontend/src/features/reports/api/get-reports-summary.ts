import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type ReportFilters, type ReportsOverview } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** `GET /api/reports/summary`: the tiles and the compliance table for the filter. */
export const getReportsSummary = ({ filters, signal }: { filters: ReportFilters; signal?: AbortSignal }) =>
  api.get<ReportsOverview>('/api/reports/summary', { params: { ...filters }, signal });

export const getReportsSummaryQueryOptions = (filters: ReportFilters = {}) =>
  queryOptions({
    queryKey: ['reports', 'summary', filters],
    queryFn: ({ signal }) => getReportsSummary({ filters, signal }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: MESSAGES.reports.summaryFailed },
  });

export const useReportsSummary = ({
  filters,
  queryConfig,
}: {
  filters: ReportFilters;
  queryConfig?: QueryConfig<typeof getReportsSummaryQueryOptions>;
}) => useQuery({ ...getReportsSummaryQueryOptions(filters), ...queryConfig });
