import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type UpdateVendor, type Vendor } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getVendorsQueryOptions } from './get-vendors';

export const updateVendor = ({ vendorId, data }: { vendorId: string; data: UpdateVendor }) =>
  api.put<Vendor>(`/api/vendors/${encodeURIComponent(vendorId)}`, data);

// The spec has no success text for an update: only failures are announced.
export const useUpdateVendor = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateVendor> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    updateVendor,
    {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: getVendorsQueryOptions().queryKey });
      },
      onError: (error) => {
        notifyError(MESSAGES.vendors.updateFailed, error);
      },
    },
    mutationConfig,
  );
};
