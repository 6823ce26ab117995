import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrawlPage } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** The crawl the page shows: the session it started, or the vendor's crawl started elsewhere, by job id. */
export type CrawlerCrawl = { sessionId: string } | { jobId: string };

/** The query parameters (and body fields) that name the crawl to the session API. */
export const crawlerCrawlParams = (crawl: CrawlerCrawl) =>
  'sessionId' in crawl ? { session_id: crawl.sessionId } : { job_id: crawl.jobId };

/** The pages the crawler page's crawl has fetched so far, in the order they were crawled. */
export const getCrawlerResults = ({ crawl, signal }: { crawl: CrawlerCrawl; signal?: AbortSignal }) =>
  api.get<CrawlPage[]>('/api/crawler-results', { params: crawlerCrawlParams(crawl), signal });

export const getCrawlerResultsQueryOptions = (crawl: CrawlerCrawl) =>
  queryOptions({
    queryKey: ['crawler-results', crawlerCrawlParams(crawl)],
    queryFn: ({ signal }) => getCrawlerResults({ crawl, signal }),
  });

export const useCrawlerResults = ({
  crawl,
  queryConfig,
}: {
  crawl: CrawlerCrawl;
  queryConfig?: QueryConfig<typeof getCrawlerResultsQueryOptions>;
}) => useQuery({ ...getCrawlerResultsQueryOptions(crawl), ...queryConfig });
