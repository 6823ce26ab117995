import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatMessage, MESSAGES, type CrawlerConfig, type CreateCrawlerConfig } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { errorReason, notifyFailure, notifySuccess } from '@/lib/notify';
import type { MutationConfig } from '@/lib/react-query';
import { getCrawlerConfigsQueryOptions } from './get-crawler-configs';

/** The first configuration a user adds becomes the active one. */
export const createCrawlerConfig = (data: CreateCrawlerConfig) => api.post<CrawlerConfig>('/api/crawler-configs', data);

export const useCreateCrawlerConfig = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof createCrawlerConfig> } = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: createCrawlerConfig,
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
