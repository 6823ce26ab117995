import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type CrawlJob } from '@vendorwatch/contracts';
import { api, crawlerService } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import type { CrawlJobQuery } from './crawl-job-query';
import { crawlerCrawlParams, type CrawlerCrawl } from './get-crawler-results';

/** Stops the page's crawl: by its session, or by its job id when it was started elsewhere. */
export const stopCrawler = (crawl: CrawlerCrawl) =>
  api.post<CrawlJob>('/api/edge-functions/stop-crawler', crawlerCrawlParams(crawl), crawlerService);

export const useStopCrawler = ({
  crawlJobQuery,
  mutationConfig,
}: {
  /** Where the job is cached: the stopped job is written there. */
  crawlJobQuery: CrawlJobQuery;
  mutationConfig?: MutationConfig<typeof stopCrawler>;
}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    stopCrawler,
    {
      onSuccess: (data) => {
        // The answer is the job as it now stands (cancelled, or already finished): no need to ask again.
        const job = data;
        queryClient.setQueryData(crawlJobQuery(job.id).queryKey, job);
      },
      onError: (error) => {
        notifyError(MESSAGES.crawls.stopCrawlerFailed, error);
      },
    },
    mutationConfig,
  );
};
