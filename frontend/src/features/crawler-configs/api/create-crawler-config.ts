import type { CrawlerConfig, CreateCrawlerConfig } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { useConfigSavedEffects } from './use-config-saved-effects';

/** The first configuration a user adds becomes the active one. */
export const createCrawlerConfig = (data: CreateCrawlerConfig) => api.post<CrawlerConfig>('/api/crawler-configs', data);

export const useCreateCrawlerConfig = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof createCrawlerConfig> } = {}) => {
  return useFeatureMutation(createCrawlerConfig, useConfigSavedEffects(), mutationConfig);
};
