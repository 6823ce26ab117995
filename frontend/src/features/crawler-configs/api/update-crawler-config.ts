import type { CrawlerConfig, UpdateCrawlerConfig } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { useConfigSavedEffects } from './use-config-saved-effects';

/** Partial: a body without `apiKey` keeps the stored key. */
export const updateCrawlerConfig = ({ configId, data }: { configId: string; data: UpdateCrawlerConfig }) =>
  api.put<CrawlerConfig>(`/api/crawler-configs/${encodeURIComponent(configId)}`, data);

export const useUpdateCrawlerConfig = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof updateCrawlerConfig> } = {}) => {
  return useFeatureMutation(updateCrawlerConfig, useConfigSavedEffects(), mutationConfig);
};
