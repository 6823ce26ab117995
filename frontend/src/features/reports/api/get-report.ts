import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type ReportDetail } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** `GET /api/reports/{id}`: one assessment with every check and its evidence. */
export const getReport = ({ reportId, signal }: { reportId: string; signal?: AbortSignal }) =>
  api.get<ReportDetail>(`/api/reports/${encodeURIComponent(reportId)}`, { signal });

export const getReportQueryOptions = (reportId: string) =>
  queryOptions({
    queryKey: ['reports', 'detail', reportId],
    queryFn: ({ signal }) => getReport({ reportId, signal }),
    meta: { errorTitle: MESSAGES.reports.fetchOneFailed },
  });

export const useReport = ({
  reportId,
  queryConfig,
}: {
  reportId: string;
  queryConfig?: QueryConfig<typeof getReportQueryOptions>;
}) => useQuery({ ...getReportQueryOptions(reportId), ...queryConfig });
