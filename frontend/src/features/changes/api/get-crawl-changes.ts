import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, MESSAGES, type CrawlChanges } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** `GET /api/crawls/:id/changes`: the comparison with the previous crawl and a page of its page changes. */
export const getCrawlChanges = ({ crawlJobId, page, signal }: { crawlJobId: string; page: number; signal?: AbortSignal }) =>
  api.get<CrawlChanges>(`/api/crawls/${encodeURIComponent(crawlJobId)}/changes`, {
    params: { page, limit: LIMITS.pagination.defaultLimit },
    signal,
  });

export const getCrawlChangesQueryOptions = (crawlJobId: string, page = 1) =>
  queryOptions({
    queryKey: ['crawl-changes', crawlJobId, page],
    queryFn: ({ signal }) => getCrawlChanges({ crawlJobId, page, signal }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: MESSAGES.timeline.changesFailed },
  });

export const useCrawlChanges = ({
  crawlJobId,
  page,
  queryConfig,
}: {
  crawlJobId: string;
  page: number;
  queryConfig?: QueryConfig<typeof getCrawlChangesQueryOptions>;
}) => useQuery({ ...getCrawlChangesQueryOptions(crawlJobId, page), ...queryConfig });
