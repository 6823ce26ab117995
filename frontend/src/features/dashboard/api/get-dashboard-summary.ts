import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLLING_MS, type DashboardSummary } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

export const DASHBOARD_SUMMARY_FAILED = 'Failed to load the dashboard figures';

/** The caller's own figures: vendors crawled, crawl jobs completed, mean response time, pages. */
export const getDashboardSummary = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<DashboardSummary>('/api/dashboard/summary', { signal });

export const getDashboardSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'summary'],
    queryFn: ({ signal }) => getDashboardSummary({ signal }),
    // Crawl data refreshes every 5 s while the page is visible (the dashboard polls while it is open).
    refetchInterval: POLLING_MS.dashboard,
    refetchIntervalInBackground: false,
    meta: { errorTitle: DASHBOARD_SUMMARY_FAILED },
  });

export const useDashboardSummary = ({
  queryConfig,
}: { queryConfig?: QueryConfig<typeof getDashboardSummaryQueryOptions> } = {}) =>
  useQuery({ ...getDashboardSummaryQueryOptions(), ...queryConfig });
