import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type ScheduleSettings, type VendorSchedule } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getScheduleOverviewQueryOptions } from './get-schedule-overview';
import { getVendorScheduleQueryOptions } from './get-vendor-schedule';

export const saveVendorSchedule = ({ vendorId, data }: { vendorId: string; data: ScheduleSettings }) =>
  api.put<VendorSchedule>(`/api/vendors/${encodeURIComponent(vendorId)}/schedule`, data);

export const useSaveVendorSchedule = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof saveVendorSchedule> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    saveVendorSchedule,
    {
      onSuccess: (saved, { vendorId }) => {
        // The answer carries the next run: shown at once, and the vendors list's next runs follow.
        queryClient.setQueryData(getVendorScheduleQueryOptions(vendorId).queryKey, saved);
        void queryClient.invalidateQueries({ queryKey: getScheduleOverviewQueryOptions().queryKey });
        notifySuccess(MESSAGES.schedules.saved);
      },
      onError: (error) => {
        notifyError(MESSAGES.schedules.saveFailed, error);
      },
    },
    mutationConfig,
  );
};
