import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { MutationConfig } from '@/lib/react-query';
import { getVendorsQueryOptions } from './get-vendors';

export const deleteVendor = ({ vendorId }: { vendorId: string }) =>
  api.delete(`/api/vendors/${encodeURIComponent(vendorId)}`);

export const useDeleteVendor = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteVendor> } = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deleteVendor,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: getVendorsQueryOptions().queryKey });
      notifySuccess(MESSAGES.vendors.deleted);
      return onSuccess?.(...args);
    },
    onError: (...args) => {
      notifyError(MESSAGES.vendors.deleteFailed, args[0]);
      return onError?.(...args);
    },
  });
};
