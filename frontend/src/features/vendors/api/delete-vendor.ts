import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type Vendor } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { MutationConfig } from '@/lib/react-query';
import { getVendorsQueryOptions } from './get-vendors';

export const deleteVendor = ({ vendorId }: { vendorId: string }) => api.delete(`/api/vendors/${encodeURIComponent(vendorId)}`);

export const useDeleteVendor = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteVendor> } = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deleteVendor,
    onSuccess: (...args) => {
      const { queryKey } = getVendorsQueryOptions();
      // Drop the row at once, so it cannot be clicked again while the list reloads.
      queryClient.setQueryData<Vendor[]>(queryKey, (vendors) => vendors?.filter((vendor) => vendor.id !== args[1].vendorId));
      void queryClient.invalidateQueries({ queryKey });
      notifySuccess(MESSAGES.vendors.deleted);
      return onSuccess?.(...args);
    },
    onError: (...args) => {
      notifyError(MESSAGES.vendors.deleteFailed, args[0]);
      return onError?.(...args);
    },
  });
};
