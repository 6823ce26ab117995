import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type CreateVendor, type Vendor } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { MutationConfig } from '@/lib/react-query';
import { getVendorsQueryOptions } from './get-vendors';

export const createVendor = (data: CreateVendor) => api.post<Vendor>('/api/vendors', data);

export const useCreateVendor = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createVendor> } = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: createVendor,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: getVendorsQueryOptions().queryKey });
      notifySuccess(MESSAGES.vendors.added);
      return onSuccess?.(...args);
    },
    onError: (...args) => {
      notifyError(MESSAGES.vendors.addFailed, args[0]);
      return onError?.(...args);
    },
  });
};
