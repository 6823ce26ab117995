import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type UpdateVendor, type Vendor } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { VENDORS_QUERY_KEY } from './get-vendors';

export const updateVendor = ({ vendorId, data }: { vendorId: string; data: UpdateVendor }) =>
  api.put<Vendor>(`/api/vendors/${encodeURIComponent(vendorId)}`, data);

export const useUpdateVendor = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateVendor> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    updateVendor,
    {
      onSuccess: () => {
        // The vendor's own query sits under the list's key: both show the new values.
        void queryClient.invalidateQueries({ queryKey: VENDORS_QUERY_KEY });
        notifySuccess(MESSAGES.vendors.updated);
      },
      onError: (error) => {
        notifyError(MESSAGES.vendors.updateFailed, error);
      },
    },
    mutationConfig,
  );
};
