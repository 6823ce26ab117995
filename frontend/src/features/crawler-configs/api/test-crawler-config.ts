import { useMutation } from '@tanstack/react-query';
import { formatMessage, MESSAGES, type ConnectionTestResult } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { errorReason, notifyFailure, notifySuccess } from '@/lib/notify';
import type { MutationConfig } from '@/lib/react-query';

/** What `testCrawlerConfigSchema` accepts: a key and endpoint before saving, or a saved configuration by id. */
export type TestCrawlerConfigBody = { id: string } | { apiKey: string; apiEndpoint: string };

export const testCrawlerConfig = (data: TestCrawlerConfigBody) =>
  api.post<ConnectionTestResult>('/api/crawler-configs/test', data);

/** A provider that refuses the key is a 200 with `success: false`: both ways of failing are announced alike. */
export const useTestCrawlerConfig = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof testCrawlerConfig> } = {}) => {
  const { onSuccess, onError, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: testCrawlerConfig,
    onSuccess: (...args) => {
      const result = args[0];
      if (result.success) notifySuccess(MESSAGES.crawlerConfigs.connectionSuccessful);
      else notifyFailure(formatMessage.testFailed(result.message));
      return onSuccess?.(...args);
    },
    onError: (...args) => {
      notifyFailure(formatMessage.testFailed(errorReason(args[0])));
      return onError?.(...args);
    },
  });
};
