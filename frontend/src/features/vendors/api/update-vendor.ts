import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type UpdateVendor, type Vendor } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import type { MutationConfig } from '@/lib/react-query';
import { getVendorsQueryOptions } from './get-vendors';

export const updateVendor = ({ vendorId, data }: { vendorId: string; data: UpdateVendor }) =>
  api.put<Vendor>(`/api/vendors/${encodeURIComponent(vendorId)}`, data);

// The spec has no success text for an update: only failures are announced.
export const useUpdateVendor = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateVendor> } = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updateVendor,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: getVendorsQueryOptions().queryKey });
      return onSuccess?.(...args);
    },
    onError: (...args) => {
      notifyError(MESSAGES.vendors.updateFailed, args[0]);
      return onError?.(...args);
    },
  });
};
