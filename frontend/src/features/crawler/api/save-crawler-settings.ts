import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type CrawlerSettings, type VendorCrawlerSettings } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getCrawlerSettingsQueryOptions } from './get-crawler-settings';

export const saveCrawlerSettings = ({ vendorId, data }: { vendorId: string; data: CrawlerSettings }) =>
  api.put<VendorCrawlerSettings>(`/api/vendors/${encodeURIComponent(vendorId)}/crawler-settings`, data);

export const useSaveCrawlerSettings = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof saveCrawlerSettings> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    saveCrawlerSettings,
    {
      onSuccess: (saved, { vendorId }) => {
        // The answer is the stored row: Start Crawl can enable at once, without a reload.
        queryClient.setQueryData(getCrawlerSettingsQueryOptions(vendorId).queryKey, saved);
        notifySuccess(MESSAGES.crawlerSettings.saved);
      },
      onError: (error) => {
        notifyError(MESSAGES.crawlerSettings.saveFailed, error);
      },
    },
    mutationConfig,
  );
};
