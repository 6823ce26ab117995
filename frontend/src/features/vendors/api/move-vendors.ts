import { useQueryClient } from '@tanstack/react-query';
import { plural, fill, MESSAGES, type MoveVendors, type MoveVendorsResult } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { VENDORS_QUERY_KEY } from './get-vendors';

/** `POST /api/vendors/move`: from the current workspace to another where the caller is admin or owner. */
export const moveVendors = (input: MoveVendors) => api.post<MoveVendorsResult>('/api/vendors/move', input);

export const useMoveVendors = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof moveVendors> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    moveVendors,
    {
      onSuccess: ({ moved }) => {
        void queryClient.invalidateQueries({ queryKey: VENDORS_QUERY_KEY });
        notifySuccess(fill(MESSAGES.vendorList.moved, { count: plural(moved, 'vendor') }));
      },
      onError: (error) => {
        notifyError(MESSAGES.vendorList.moveFailed, error);
      },
    },
    mutationConfig,
  );
};
