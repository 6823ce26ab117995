import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PortalRequest, VendorReplyStatus } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { getPortalRequestQueryOptions, portalPath } from './get-portal-request';

interface ReplyInput {
  token: string;
  checkId: string;
  status: VendorReplyStatus;
  comment: string;
}

/** `POST /api/portal/:token/checks/:checkId/replies`: the vendor's answer on one check. */
export const replyToCheck = ({ token, checkId, status, comment }: ReplyInput) =>
  api.post<PortalRequest>(
    `${portalPath(token)}/checks/${encodeURIComponent(checkId)}/replies`,
    { status, comment },
    { auth: false },
  );

/** The page shows its own outcome beside the form (no app toasts for a vendor); the answer is the request as it now stands. */
export const useReplyToCheck = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToCheck,
    onSuccess: (request, { token }) => queryClient.setQueryData(getPortalRequestQueryOptions(token).queryKey, request),
  });
};
