import { explainCrawlFailure, formatMessage, isTerminalStatus } from '@vendorwatch/contracts';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { isApiError } from '@/lib/api-error';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { useCrawlJob } from '../api/get-crawl-job';
import { CrawlJobWatchContext, type WatchedCrawlJob } from './crawl-job-watch-context';

/**
 * Keeps polling started crawl jobs while the user moves between screens, so 'Crawl completed for
 * {vendor}' arrives wherever they are. Mounted once, inside the signed-in shell.
 */
export function CrawlJobWatchProvider({ children }: { children: ReactNode }) {
  const [jobs, setJobs] = useState<WatchedCrawlJob[]>([]);
  const watch = useCallback(
    (job: WatchedCrawlJob) => setJobs((current) => (current.some(({ id }) => id === job.id) ? current : [...current, job])),
    [],
  );
  const forget = useCallback((jobId: string) => setJobs((current) => current.filter(({ id }) => id !== jobId)), []);

  return (
    <CrawlJobWatchContext.Provider value={watch}>
      {children}
      {jobs.map((job) => (
        <CrawlJobWatcher key={job.id} job={job} onEnded={forget} />
      ))}
    </CrawlJobWatchContext.Provider>
  );
}

function CrawlJobWatcher({ job, onEnded }: { job: WatchedCrawlJob; onEnded: (jobId: string) => void }) {
  const { data, error } = useCrawlJob({ jobId: job.id });
  const status = data?.status;
  const reason = data?.error;
  // A job that is gone (deleted with its vendor) will never end: stop asking.
  const gone = isApiError(error) && error.status === 404;

  useEffect(() => {
    if (gone) return onEnded(job.id);
    if (!status || !isTerminalStatus(status)) return;
    if (status === 'completed') notifySuccess(formatMessage.crawlCompleted(job.vendorName));
    // A cancelled crawl was the user's own doing: 'Crawl job cancelled successfully' already said so.
    // The toast says why in the page's words; the technical message stays on the crawl's page.
    if (status === 'failed') notifyFailure(formatMessage.crawlFailed(job.vendorName), explainCrawlFailure(reason).summary);
    onEnded(job.id);
  }, [gone, status, reason, job, onEnded]);

  return null;
}
