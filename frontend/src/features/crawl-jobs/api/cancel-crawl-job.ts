import { useQueryClient } from '@tanstack/react-query';
import { isTerminalStatus, MESSAGES, type CrawlJob } from '@vendorwatch/contracts';
import { api, crawlerService } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getActiveCrawlJobsQueryOptions } from './get-active-crawl-jobs';
import { getCrawlHistoryQueryOptions } from './get-crawl-history';
import { getCrawlJobQueryOptions } from './get-crawl-job';

/** Answers once the worker confirmed (usually already 'cancelled'), else with the job as it stands. */
export const cancelCrawlJob = ({ jobId }: { jobId: string }) =>
  api.post<CrawlJob>(`/api/crawls/${encodeURIComponent(jobId)}/cancel`, undefined, crawlerService);

export const useCancelCrawlJob = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof cancelCrawlJob> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    cancelCrawlJob,
    {
      onSuccess: (job) => {
        // The answer is the job as it now stands: every view of it shows 'cancelled' without asking again.
        queryClient.setQueryData(getCrawlJobQueryOptions(job.id).queryKey, job);
        const active = getActiveCrawlJobsQueryOptions().queryKey;
        if (isTerminalStatus(job.status)) {
          queryClient.setQueryData<CrawlJob[]>(active, (jobs) => jobs?.filter(({ id }) => id !== job.id));
        }
        void queryClient.invalidateQueries({ queryKey: active });
        void queryClient.invalidateQueries({ queryKey: getCrawlHistoryQueryOptions().queryKey });
        notifySuccess(MESSAGES.crawls.cancelled);
      },
      onError: (error) => {
        notifyError(MESSAGES.crawls.cancelFailed, error);
      },
    },
    mutationConfig,
  );
};
