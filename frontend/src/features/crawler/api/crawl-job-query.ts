import type { QueryKey, QueryKeyWithDataTag, UseQueryOptions } from '@tanstack/react-query';
import type { CrawlJob } from '@vendorwatch/contracts';

/**
 * The query that follows one crawl job — its status, progress and error, polled until it ends. The
 * session crawl is a crawl job, so the route hands in the crawl-jobs feature's query rather than this
 * feature asking the endpoint again; its tagged key is also where Stop Crawl writes the stopped job.
 */
export type CrawlJobQuery = (
  jobId: string,
) => UseQueryOptions<CrawlJob, Error, CrawlJob, QueryKey> & QueryKeyWithDataTag<QueryKey, CrawlJob, Error>;
