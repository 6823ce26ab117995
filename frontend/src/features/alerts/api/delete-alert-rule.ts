import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation } from '@/lib/react-query';
import { ALERT_QUERY_KEYS } from './alert-query-keys';

export const deleteAlertRule = ({ ruleId }: { ruleId: string }) => api.delete(`/api/alerts/rules/${encodeURIComponent(ruleId)}`);

export const useDeleteAlertRule = () => {
  const queryClient = useQueryClient();
  return useFeatureMutation(deleteAlertRule, {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ALERT_QUERY_KEYS.rules });
      notifySuccess(MESSAGES.alerts.ruleDeleted);
    },
    onError: (error) => notifyError(MESSAGES.alerts.saveFailed, error),
  });
};
