import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type AlertChannelInput, type CreatedAlertChannel } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { ALERT_QUERY_KEYS } from './alert-query-keys';

export const createAlertChannel = (data: AlertChannelInput) => api.post<CreatedAlertChannel>('/api/alerts/channels', data);

export const useCreateAlertChannel = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof createAlertChannel> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    createAlertChannel,
    {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: ALERT_QUERY_KEYS.channels });
        notifySuccess(MESSAGES.alerts.channelAdded);
      },
      onError: (error) => notifyError(MESSAGES.alerts.saveFailed, error),
    },
    mutationConfig,
  );
};
