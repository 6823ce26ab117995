import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type RecordReviewInput, type VendorReview } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { VENDORS_QUERY_KEY } from './get-vendors';

/** `POST /api/vendors/:id/reviews`: a decision, notes and the date (today or earlier). */
export const recordVendorReview = ({ vendorId, review }: { vendorId: string; review: RecordReviewInput }) =>
  api.post<VendorReview>(`/api/vendors/${encodeURIComponent(vendorId)}/reviews`, review);

export const useRecordVendorReview = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof recordVendorReview> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    recordVendorReview,
    {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: VENDORS_QUERY_KEY });
        notifySuccess(MESSAGES.programme.reviewRecorded);
      },
      onError: (error) => notifyError(MESSAGES.programme.reviewFailed, error),
    },
    mutationConfig,
  );
};
