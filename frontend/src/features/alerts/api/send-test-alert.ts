import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type AlertDelivery } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation } from '@/lib/react-query';
import { ALERT_QUERY_KEYS } from './alert-query-keys';

export const sendTestAlert = ({ channelId }: { channelId: string }) =>
  api.post<AlertDelivery>(`/api/alerts/channels/${encodeURIComponent(channelId)}/test`);

export const useSendTestAlert = () => {
  const queryClient = useQueryClient();
  return useFeatureMutation(sendTestAlert, {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ALERT_QUERY_KEYS.deliveries });
      notifySuccess(MESSAGES.alerts.testQueued);
    },
    onError: (error) => notifyError(MESSAGES.alerts.saveFailed, error),
  });
};
