import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, POLLING_MS, type CrawlJob } from '@vendorwatch/contracts';
import { api, crawlerService } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** The caller's queued and running crawl jobs, newest first. */
export const getActiveCrawlJobs = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<CrawlJob[]>('/api/crawls/status', { ...crawlerService, signal });

export const getActiveCrawlJobsQueryOptions = () =>
  queryOptions({
    queryKey: ['active-crawl-jobs'],
    queryFn: ({ signal }) => getActiveCrawlJobs({ signal }),
    // The dashboard's crawl data refreshes every 5 s, but only while someone can see it.
    refetchInterval: POLLING_MS.dashboard,
    refetchIntervalInBackground: false,
    meta: { errorTitle: MESSAGES.crawls.activeJobsFailed },
  });

export const useActiveCrawlJobs = ({ queryConfig }: { queryConfig?: QueryConfig<typeof getActiveCrawlJobsQueryOptions> } = {}) =>
  useQuery({ ...getActiveCrawlJobsQueryOptions(), ...queryConfig });
