import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatMessage, MESSAGES, type CrawlerConfig } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { errorReason, notifyFailure, notifySuccess } from '@/lib/notify';
import type { MutationConfig } from '@/lib/react-query';
import { getCrawlerConfigsQueryOptions } from './get-crawler-configs';

export const deleteCrawlerConfig = ({ configId }: { configId: string }) =>
  api.delete(`/api/crawler-configs/${encodeURIComponent(configId)}`);

export const useDeleteCrawlerConfig = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteCrawlerConfig> } = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deleteCrawlerConfig,
    onSuccess: (...args) => {
      const { queryKey } = getCrawlerConfigsQueryOptions();
      // Gone at once, so an active one also leaves the active card (spec section 4) before the reload.
      queryClient.setQueryData<CrawlerConfig[]>(queryKey, (configs) => configs?.filter(({ id }) => id !== args[1].configId));
      void queryClient.invalidateQueries({ queryKey });
      notifySuccess(MESSAGES.crawlerConfigs.deleted);
      return onSuccess?.(...args);
    },
    onError: (...args) => {
      notifyFailure(formatMessage.deleteConfigFailed(errorReason(args[0])));
      return onError?.(...args);
    },
  });
};
