import { formatMessage, MESSAGES, type ConnectionTestResult } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { errorReason, notifyFailure, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';

/** What `testCrawlerConfigSchema` accepts: a key and endpoint before saving, or a saved configuration by id. */
export type TestCrawlerConfigBody = { id: string } | { apiKey: string; apiEndpoint: string };

export const testCrawlerConfig = (data: TestCrawlerConfigBody) =>
  api.post<ConnectionTestResult>('/api/crawler-configs/test', data);

/** A provider that refuses the key is a 200 with `success: false`: both ways of failing are announced alike. */
export const useTestCrawlerConfig = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof testCrawlerConfig> } = {}) => {
  return useFeatureMutation(
    testCrawlerConfig,
    {
      onSuccess: (data) => {
        const result = data;
        if (result.success) notifySuccess(MESSAGES.crawlerConfigs.connectionSuccessful);
        else notifyFailure(formatMessage.testFailed(result.message));
      },
      onError: (error) => {
        notifyFailure(formatMessage.testFailed(errorReason(error)));
      },
    },
    mutationConfig,
  );
};
