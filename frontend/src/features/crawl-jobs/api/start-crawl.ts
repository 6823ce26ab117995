import { MESSAGES, type CrawlJob, type CrawlMethod, type CrawlRunSettings } from '@vendorwatch/contracts';
import { api, crawlerService } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';

export interface StartCrawlBody {
  vendorId: string;
  method: CrawlMethod;
  settings: CrawlRunSettings;
}

/** 201 with the new job, or 200 with the vendor's crawl that is already queued or running. */
export const startCrawl = (body: StartCrawlBody) => api.post<CrawlJob>('/api/crawls', body, crawlerService);

/**
 * Announces the start; a rejection is not toasted, because the Configure Crawl dialog shows it
 * ('HTTP error! status: {code}' with the server's reason) where the user is looking.
 */
export const useStartCrawl = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof startCrawl> } = {}) => {
  return useFeatureMutation(startCrawl, { onSuccess: () => notifySuccess(MESSAGES.crawls.started) }, mutationConfig);
};
