import {
  crawlMethodName,
  fill,
  MESSAGES,
  plural,
  type CrawlJob,
  type CrawlMethod,
  type CrawlRunSettings,
} from '@vendorwatch/contracts';
import { api, crawlerService } from '@/lib/api-client';
import { notifyInfo, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';

export interface StartCrawlBody {
  vendorId: string;
  method: CrawlMethod;
  settings: CrawlRunSettings;
}

/** The crawl the start leads to, and whether it was the vendor's crawl already queued or running. */
export interface StartedCrawl {
  job: CrawlJob;
  alreadyRunning: boolean;
}

/** 201 with the new job, or 200 with the vendor's crawl that is already queued or running. */
export const startCrawl = async (body: StartCrawlBody): Promise<StartedCrawl> => {
  const answer = await api.postWithStatus<CrawlJob>('/api/crawls', body, crawlerService);
  return { job: answer.body, alreadyRunning: answer.status === 200 };
};

/** "A crawl of Acme was already under way (Puppeteer, 3 of 10 pages)": what the start led to. */
export const alreadyRunningMessage = (job: CrawlJob) =>
  fill(MESSAGES.crawls.alreadyRunning, {
    vendor: job.vendorName ?? 'this vendor',
    method: crawlMethodName(job.method),
    progress: job.status === 'queued' ? 'waiting to start' : `${job.pagesDone} of ${plural(job.pagesPlanned, 'page')}`,
  });

/**
 * Announces the start, or that the vendor's crawl was already under way (which method, how far) and is
 * what opens; a rejection is not toasted, because the Configure Crawl dialog shows it
 * ('HTTP error! status: {code}' with the server's reason) where the user is looking.
 */
export const useStartCrawl = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof startCrawl> } = {}) => {
  return useFeatureMutation(
    startCrawl,
    {
      onSuccess: ({ job, alreadyRunning }) =>
        alreadyRunning ? notifyInfo(alreadyRunningMessage(job)) : notifySuccess(MESSAGES.crawls.started),
    },
    mutationConfig,
  );
};
