import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type ScheduleRun } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** `GET /api/vendors/:id/schedule/runs`: the latest runs, with the crawl each started or why it was skipped. */
export const getScheduleRuns = ({ vendorId, signal }: { vendorId: string; signal?: AbortSignal }) =>
  api.get<ScheduleRun[]>(`/api/vendors/${encodeURIComponent(vendorId)}/schedule/runs`, { signal });

export const getScheduleRunsQueryOptions = (vendorId: string) =>
  queryOptions({
    queryKey: ['schedules', 'runs', vendorId],
    queryFn: ({ signal }) => getScheduleRuns({ vendorId, signal }),
    meta: { errorTitle: MESSAGES.schedules.loadFailed },
  });

export const useScheduleRuns = ({
  vendorId,
  queryConfig,
}: {
  vendorId: string;
  queryConfig?: QueryConfig<typeof getScheduleRunsQueryOptions>;
}) => useQuery({ ...getScheduleRunsQueryOptions(vendorId), ...queryConfig });
