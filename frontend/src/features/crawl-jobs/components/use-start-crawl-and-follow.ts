import {
  DEFAULT_CRAWL_RUN_SETTINGS,
  MESSAGES,
  type CrawlJob,
  type CrawlMethod,
  type CrawlRunSettings,
} from '@vendorwatch/contracts';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { notifyError } from '@/lib/notify';
import { useStartCrawl } from '../api/start-crawl';
import { useWatchCrawlJob } from './crawl-job-watch-context';

export interface CrawlToStart {
  vendor: { id: string; name: string };
  method: CrawlMethod;
  settings: CrawlRunSettings;
}

/**
 * Starts a crawl and takes the user to it: its live page opens at once, and the end-of-crawl toast
 * ('Crawl completed for {vendor}') follows wherever they go. Rejects with the start's error, for the
 * caller to show where the user is looking.
 */
export function useStartCrawlAndFollow() {
  const startCrawl = useStartCrawl();
  const watch = useWatchCrawlJob();
  const navigate = useNavigate();
  return async ({ vendor, method, settings }: CrawlToStart): Promise<CrawlJob> => {
    const { job } = await startCrawl.mutateAsync({ vendorId: vendor.id, method, settings });
    watch({ id: job.id, vendorName: vendor.name });
    void navigate(paths.app.crawlJob.getHref(job.id));
    return job;
  };
}

/** The browser settings a job ran with, for starting it again (a job's settings also hold its scope). */
const crawlRunSettingsOf = ({ settings }: CrawlJob): CrawlRunSettings => ({
  simulateHumanBehavior: settings.simulateHumanBehavior ?? DEFAULT_CRAWL_RUN_SETTINGS.simulateHumanBehavior,
  useProxy: settings.useProxy ?? DEFAULT_CRAWL_RUN_SETTINGS.useProxy,
  takeScreenshots: settings.takeScreenshots ?? DEFAULT_CRAWL_RUN_SETTINGS.takeScreenshots,
  maxRetries: settings.maxRetries ?? DEFAULT_CRAWL_RUN_SETTINGS.maxRetries,
  waitTime: settings.waitTime ?? DEFAULT_CRAWL_RUN_SETTINGS.waitTime,
});

/**
 * Retry: the same vendor, method and browser settings, started again and opened. A refused start
 * (a limit, a missing API key) is toasted with the server's reason.
 */
export function useRetryCrawl() {
  const startAndFollow = useStartCrawlAndFollow();
  return async (job: CrawlJob): Promise<void> => {
    if (!job.vendorId) return;
    try {
      await startAndFollow({
        vendor: { id: job.vendorId, name: job.vendorName ?? '' },
        method: job.method,
        settings: crawlRunSettingsOf(job),
      });
    } catch (error) {
      notifyError(MESSAGES.crawls.startJobFailed, error);
    }
  };
}
