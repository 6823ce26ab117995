import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type CreateVendor, type Vendor } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { VENDORS_QUERY_KEY } from './get-vendors';

export const createVendor = (data: CreateVendor) => api.post<Vendor>('/api/vendors', data);

export const useCreateVendor = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createVendor> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    createVendor,
    {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: VENDORS_QUERY_KEY });
        notifySuccess(MESSAGES.vendors.added);
      },
      onError: (error) => {
        notifyError(MESSAGES.vendors.addFailed, error);
      },
    },
    mutationConfig,
  );
};
