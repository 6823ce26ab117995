import { useQueryClient } from '@tanstack/react-query';
import { fill, MESSAGES, type AlertChannel } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation } from '@/lib/react-query';
import { ALERT_QUERY_KEYS } from './alert-query-keys';

/** `POST /api/alerts/channels/:id/confirmation`: a pending email channel's link, sent again. */
export const resendAlertConfirmation = ({ channelId }: { channelId: string }) =>
  api.post<AlertChannel>(`/api/alerts/channels/${encodeURIComponent(channelId)}/confirmation`);

export const useResendAlertConfirmation = () => {
  const queryClient = useQueryClient();
  return useFeatureMutation(resendAlertConfirmation, {
    onSuccess: (channel) => {
      void queryClient.invalidateQueries({ queryKey: ALERT_QUERY_KEYS.channels });
      notifySuccess(fill(MESSAGES.alerts.confirmationSent, { email: channel.target }));
    },
    onError: (error) => notifyError(MESSAGES.alerts.saveFailed, error),
  });
};
