import { useQueryClient } from '@tanstack/react-query';
import { formatMessage, type CrawlerConfig } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { errorReason, notifyFailure, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getCrawlerConfigsQueryOptions } from './get-crawler-configs';

/** Makes this configuration the one crawls and scrapes use; the previously active one is deactivated. */
export const activateCrawlerConfig = ({ configId }: { configId: string }) =>
  api.post<CrawlerConfig>(`/api/crawler-configs/${encodeURIComponent(configId)}/activate`);

export const useActivateCrawlerConfig = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof activateCrawlerConfig> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    activateCrawlerConfig,
    {
      onSuccess: (data) => {
        const active = data;
        const { queryKey } = getCrawlerConfigsQueryOptions();
        queryClient.setQueryData<CrawlerConfig[]>(queryKey, (configs) =>
          configs?.map((config) => (config.id === active.id ? active : { ...config, isActive: false })),
        );
        void queryClient.invalidateQueries({ queryKey });
        notifySuccess(formatMessage.setActive(active.name));
      },
      onError: (error) => {
        // Which configuration is active is part of the saved settings: the save wording fits.
        notifyFailure(formatMessage.saveConfigFailed(errorReason(error)));
      },
    },
    mutationConfig,
  );
};
