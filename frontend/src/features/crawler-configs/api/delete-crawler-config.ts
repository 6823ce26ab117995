import { useQueryClient } from '@tanstack/react-query';
import { formatMessage, MESSAGES, type CrawlerConfig } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { errorReason, notifyFailure, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getCrawlerConfigsQueryOptions } from './get-crawler-configs';

export const deleteCrawlerConfig = ({ configId }: { configId: string }) =>
  api.delete(`/api/crawler-configs/${encodeURIComponent(configId)}`);

export const useDeleteCrawlerConfig = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteCrawlerConfig> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    deleteCrawlerConfig,
    {
      onSuccess: (_data, variables) => {
        const { queryKey } = getCrawlerConfigsQueryOptions();
        // Gone at once, so an active one also leaves the active card before the reload.
        queryClient.setQueryData<CrawlerConfig[]>(queryKey, (configs) => configs?.filter(({ id }) => id !== variables.configId));
        void queryClient.invalidateQueries({ queryKey });
        notifySuccess(MESSAGES.crawlerConfigs.deleted);
      },
      onError: (error) => {
        notifyFailure(formatMessage.deleteConfigFailed(errorReason(error)));
      },
    },
    mutationConfig,
  );
};
