import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrawlPage } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** The pages a crawler-page session has fetched so far, in the order they were crawled. */
export const getCrawlerResults = ({ sessionId, signal }: { sessionId: string; signal?: AbortSignal }) =>
  api.get<CrawlPage[]>('/api/crawler-results', { params: { session_id: sessionId }, signal });

export const getCrawlerResultsQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['crawler-results', sessionId],
    queryFn: ({ signal }) => getCrawlerResults({ sessionId, signal }),
  });

export const useCrawlerResults = ({
  sessionId,
  queryConfig,
}: {
  sessionId: string;
  queryConfig?: QueryConfig<typeof getCrawlerResultsQueryOptions>;
}) => useQuery({ ...getCrawlerResultsQueryOptions(sessionId), ...queryConfig });
