import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, MESSAGES, type CrawlJob, type CrawlJobStatus, type Paginated } from '@vendorwatch/contracts';
import { api, crawlerService } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** `GET /api/crawls` filters; `from` and `to` are dates (YYYY-MM-DD), `to` including its whole day. */
export interface CrawlHistoryFilters {
  vendorId?: string;
  status?: CrawlJobStatus;
  from?: string;
  to?: string;
  page: number;
  limit?: number;
}

export const getCrawlHistory = ({ filters, signal }: { filters: CrawlHistoryFilters; signal?: AbortSignal }) =>
  api.get<Paginated<CrawlJob>>('/api/crawls', {
    params: { ...filters, limit: filters.limit ?? LIMITS.pagination.defaultLimit },
    ...crawlerService,
    signal,
  });

/** Without filters: the key every history page shares, for invalidation. */
export const getCrawlHistoryQueryOptions = (filters?: CrawlHistoryFilters) =>
  queryOptions({
    queryKey: filters ? ['crawl-history', filters] : ['crawl-history'],
    queryFn: ({ signal }) => getCrawlHistory({ filters: filters ?? { page: 1 }, signal }),
    // The current page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    meta: { errorTitle: MESSAGES.crawls.historyFailed },
  });

export const useCrawlHistory = ({
  filters,
  queryConfig,
}: {
  filters: CrawlHistoryFilters;
  queryConfig?: QueryConfig<typeof getCrawlHistoryQueryOptions>;
}) => useQuery({ ...getCrawlHistoryQueryOptions(filters), ...queryConfig });
