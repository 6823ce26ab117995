import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type ScheduleOverview } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getScheduleOverviewQueryOptions } from './get-schedule-overview';
import { vendorSchedulesKey } from './get-vendor-schedule';

export const setSchedulesPaused = ({ paused }: { paused: boolean }) =>
  api.put<ScheduleOverview>('/api/schedules/pause', { paused });

export const useSetSchedulesPaused = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof setSchedulesPaused> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    setSchedulesPaused,
    {
      onSuccess: (overview) => {
        queryClient.setQueryData(getScheduleOverviewQueryOptions().queryKey, overview);
        // Every vendor's schedule shows the switch and its next run: all of them reload.
        void queryClient.invalidateQueries({ queryKey: vendorSchedulesKey });
        notifySuccess(overview.paused ? MESSAGES.schedules.pausedAll : MESSAGES.schedules.resumedAll);
      },
      onError: (error) => {
        notifyError(MESSAGES.schedules.pauseFailed, error);
      },
    },
    mutationConfig,
  );
};
