import { queryOptions, useQuery, type Query } from '@tanstack/react-query';
import { isTerminalStatus, type CrawlJob } from '@vendorwatch/contracts';
import { CRAWL_JOB_POLL_MS } from '@/config/constants';
import { api, crawlerService } from '@/lib/api-client';
import { completedMomentsAgo } from '@/lib/assessment-wait';
import type { QueryConfig } from '@/lib/react-query';

export const getCrawlJob = ({ jobId, signal }: { jobId: string; signal?: AbortSignal }) =>
  api.get<CrawlJob>(`/api/crawls/${encodeURIComponent(jobId)}`, { ...crawlerService, signal });

/** A crawl completed moments ago whose compliance report is not stored yet. */
export const awaitsReport = (job: CrawlJob) => job.reportId === null && completedMomentsAgo(job);

/**
 * Every 5 s while the job is queued or running, and while a just-completed one awaits its report;
 * a finished job does not change any more.
 */
const untilFinished = (query: Query<CrawlJob>) => {
  const job = query.state.data;
  return job && isTerminalStatus(job.status) && !awaitsReport(job) ? false : CRAWL_JOB_POLL_MS;
};

export const getCrawlJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['crawl-jobs', jobId],
    queryFn: ({ signal }) => getCrawlJob({ jobId, signal }),
    refetchInterval: untilFinished,
  });

export const useCrawlJob = ({
  jobId,
  queryConfig,
}: {
  jobId: string;
  queryConfig?: QueryConfig<typeof getCrawlJobQueryOptions>;
}) => useQuery({ ...getCrawlJobQueryOptions(jobId), ...queryConfig });
