import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type CrawlJob } from '@vendorwatch/contracts';
import { getCrawlJobQueryOptions } from '@/features/crawl-jobs/api/get-crawl-job';
import { api, crawlerService } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';

export const stopCrawler = ({ sessionId }: { sessionId: string }) =>
  api.post<CrawlJob>('/api/edge-functions/stop-crawler', { session_id: sessionId }, crawlerService);

export const useStopCrawler = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof stopCrawler> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    stopCrawler,
    {
      onSuccess: (data) => {
        // The answer is the job as it now stands (cancelled, or already finished): no need to ask again.
        const job = data;
        queryClient.setQueryData(getCrawlJobQueryOptions(job.id).queryKey, job);
      },
      onError: (error) => {
        notifyError(MESSAGES.crawls.stopCrawlerFailed, error);
      },
    },
    mutationConfig,
  );
};
