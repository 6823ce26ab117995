import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLLING_MS, type DashboardCharts } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

export const DASHBOARD_CHARTS_FAILED = 'Failed to load the dashboard charts';

/** Crawls and pages per UTC day over the last 30 days (oldest first), and mean response time per vendor. */
export const getDashboardCharts = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<DashboardCharts>('/api/dashboard/charts', { signal });

export const getDashboardChartsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'charts'],
    queryFn: ({ signal }) => getDashboardCharts({ signal }),
    refetchInterval: POLLING_MS.dashboard,
    refetchIntervalInBackground: false,
    meta: { errorTitle: DASHBOARD_CHARTS_FAILED },
  });

export const useDashboardCharts = ({ queryConfig }: { queryConfig?: QueryConfig<typeof getDashboardChartsQueryOptions> } = {}) =>
  useQuery({ ...getDashboardChartsQueryOptions(), ...queryConfig });
