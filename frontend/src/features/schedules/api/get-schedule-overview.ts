import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type ScheduleOverview } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** `GET /api/schedules`: the pause switch and every vendor's next run. */
export const getScheduleOverview = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<ScheduleOverview>('/api/schedules', { signal });

export const getScheduleOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['schedules', 'overview'],
    queryFn: ({ signal }) => getScheduleOverview({ signal }),
    meta: { errorTitle: MESSAGES.schedules.loadFailed },
  });

export const useScheduleOverview = ({
  queryConfig,
}: { queryConfig?: QueryConfig<typeof getScheduleOverviewQueryOptions> } = {}) =>
  useQuery({ ...getScheduleOverviewQueryOptions(), ...queryConfig });
