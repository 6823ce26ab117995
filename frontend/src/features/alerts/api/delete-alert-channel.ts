import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation } from '@/lib/react-query';
import { ALERT_QUERY_KEYS } from './alert-query-keys';

export const deleteAlertChannel = ({ channelId }: { channelId: string }) =>
  api.delete(`/api/alerts/channels/${encodeURIComponent(channelId)}`);

export const useDeleteAlertChannel = () => {
  const queryClient = useQueryClient();
  return useFeatureMutation(deleteAlertChannel, {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ALERT_QUERY_KEYS.channels });
      notifySuccess(MESSAGES.alerts.channelDeleted);
    },
    onError: (error) => notifyError(MESSAGES.alerts.saveFailed, error),
  });
};
