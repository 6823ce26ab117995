import { isTerminalStatus, POLLING_MS, type CrawlJob } from '@vendorwatch/contracts';
import { useEffect, useState } from 'react';
import { useActiveCrawlJobs } from '../api/get-active-crawl-jobs';
import { useCrawlJob } from '../api/get-crawl-job';

/**
 * The dashboard's active crawl job: the first job `/api/crawls/status` lists. It stays
 * the active one until it ends; then it shows how it ended for 5 s and makes way for the next.
 */
export function useActiveCrawlJob() {
  const activeJobs = useActiveCrawlJobs();
  const jobs = activeJobs.data;
  const [followed, setFollowed] = useState<CrawlJob | null>(null);

  // Adopt the first job still going, then keep its copy fresh while /status lists it.
  const listed = followed ? jobs?.find(({ id }) => id === followed.id) : jobs?.find(({ status }) => !isTerminalStatus(status));
  if (listed && listed !== followed) setFollowed(listed);

  // /status lists only queued and running jobs: gone from it means ended. One GET /api/crawls/:id says how
  // (its own polling stops at a terminal status); `staleTime: 0` so an older cached copy is not taken for it.
  const left = followed !== null && jobs !== undefined && listed === undefined;
  const ended = useCrawlJob({ jobId: followed?.id ?? '', queryConfig: { enabled: left, staleTime: 0 } });
  const job = followed && left && ended.data ? ended.data : followed;
  // A job that can no longer be read (deleted with its vendor) is let go the same way.
  const finished = job !== null && (isTerminalStatus(job.status) || (left && ended.isError));

  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(() => setFollowed(null), POLLING_MS.terminalJobClear);
    return () => clearTimeout(timer);
  }, [finished]);

  return { job, isPending: activeJobs.isPending && !job };
}
