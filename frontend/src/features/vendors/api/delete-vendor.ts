import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type VendorListItem } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getVendorsQueryOptions } from './get-vendors';

export const deleteVendor = ({ vendorId }: { vendorId: string }) => api.delete(`/api/vendors/${encodeURIComponent(vendorId)}`);

export const useDeleteVendor = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteVendor> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    deleteVendor,
    {
      onSuccess: (_data, variables) => {
        const { queryKey } = getVendorsQueryOptions();
        // Drop the row at once, so it cannot be clicked again while the list reloads.
        queryClient.setQueryData<VendorListItem[]>(queryKey, (vendors) =>
          vendors?.filter((vendor) => vendor.id !== variables.vendorId),
        );
        void queryClient.invalidateQueries({ queryKey });
        notifySuccess(MESSAGES.vendors.deleted);
      },
      onError: (error) => {
        notifyError(MESSAGES.vendors.deleteFailed, error);
      },
    },
    mutationConfig,
  );
};
