import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatMessage, MESSAGES, type CrawlerConfig, type UpdateCrawlerConfig } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { errorReason, notifyFailure, notifySuccess } from '@/lib/notify';
import type { MutationConfig } from '@/lib/react-query';
import { getCrawlerConfigsQueryOptions } from './get-crawler-configs';

/** Partial: a body without `apiKey` keeps the stored key. */
export const updateCrawlerConfig = ({ configId, data }: { configId: string; data: UpdateCrawlerConfig }) =>
  api.put<CrawlerConfig>(`/api/crawler-configs/${encodeURIComponent(configId)}`, data);

export const useUpdateCrawlerConfig = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof updateCrawlerConfig> } = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updateCrawlerConfig,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: getCrawlerConfigsQueryOptions().queryKey });
      notifySuccess(MESSAGES.crawlerConfigs.saved);
      return onSuccess?.(...args);
    },
    onError: (...args) => {
      notifyFailure(formatMessage.saveConfigFailed(errorReason(args[0])));
      return onError?.(...args);
    },
  });
};
