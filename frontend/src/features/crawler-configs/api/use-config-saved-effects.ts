import { useQueryClient } from '@tanstack/react-query';
import { formatMessage, MESSAGES } from '@vendorwatch/contracts';
import { errorReason, notifyFailure, notifySuccess } from '@/lib/notify';
import { getCrawlerConfigsQueryOptions } from './get-crawler-configs';

/** What adding and editing a configuration both do afterwards: reload the list and say how it went. */
export function useConfigSavedEffects() {
  const queryClient = useQueryClient();
  return {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: getCrawlerConfigsQueryOptions().queryKey });
      notifySuccess(MESSAGES.crawlerConfigs.saved);
    },
    onError: (error: Error) => notifyFailure(formatMessage.saveConfigFailed(errorReason(error))),
  };
}
