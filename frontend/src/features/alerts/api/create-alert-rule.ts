import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type AlertRule, type AlertRuleInput } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { ALERT_QUERY_KEYS } from './alert-query-keys';

export const createAlertRule = (data: AlertRuleInput) => api.post<AlertRule>('/api/alerts/rules', data);

export const useCreateAlertRule = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createAlertRule> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    createAlertRule,
    {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: ALERT_QUERY_KEYS.rules });
        notifySuccess(MESSAGES.alerts.ruleAdded);
      },
      onError: (error) => notifyError(MESSAGES.alerts.saveFailed, error),
    },
    mutationConfig,
  );
};
