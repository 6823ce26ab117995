import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, type CrawlPage, type Paginated } from '@vendorwatch/contracts';
import { api, crawlerService } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** One page of the pages a crawl job has fetched, in the order they were crawled. */
export const getCrawlJobResults = ({ jobId, page, signal }: { jobId: string; page: number; signal?: AbortSignal }) =>
  api.get<Paginated<CrawlPage>>(`/api/crawls/${encodeURIComponent(jobId)}/results`, {
    params: { page, limit: LIMITS.pagination.defaultLimit },
    ...crawlerService,
    signal,
  });

/** Without a page: the key all of the job's pages share, for invalidation. */
export const getCrawlJobResultsQueryOptions = (jobId: string, page?: number) =>
  queryOptions({
    queryKey: page ? ['crawl-job-results', jobId, { page }] : ['crawl-job-results', jobId],
    queryFn: ({ signal }) => getCrawlJobResults({ jobId, page: page ?? 1, signal }),
    placeholderData: keepPreviousData,
  });

export const useCrawlJobResults = ({
  jobId,
  page,
  queryConfig,
}: {
  jobId: string;
  page: number;
  queryConfig?: QueryConfig<typeof getCrawlJobResultsQueryOptions>;
}) => useQuery({ ...getCrawlJobResultsQueryOptions(jobId, page), ...queryConfig });
