import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type VendorListPage } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { VENDORS_QUERY_KEY } from './get-vendors';

export const deleteVendor = ({ vendorId }: { vendorId: string }) => api.delete(`/api/vendors/${encodeURIComponent(vendorId)}`);

export const useDeleteVendor = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteVendor> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    deleteVendor,
    {
      onSuccess: (_data, variables) => {
        // Drop the row from every page at once, so it cannot be clicked again while the list reloads.
        queryClient.setQueriesData<VendorListPage>(
          { queryKey: [...VENDORS_QUERY_KEY, 'list'] },
          (page) => page && { ...page, items: page.items.filter((vendor) => vendor.id !== variables.vendorId) },
        );
        void queryClient.invalidateQueries({ queryKey: VENDORS_QUERY_KEY });
        notifySuccess(MESSAGES.vendors.deleted);
      },
      onError: (error) => {
        notifyError(MESSAGES.vendors.deleteFailed, error);
      },
    },
    mutationConfig,
  );
};
