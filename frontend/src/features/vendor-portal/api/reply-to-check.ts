import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getPortalRequestQueryOptions, portalPath } from './get-portal-request';
import type { PortalReplyStatus } from './types';

interface ReplyInput {
  token: string;
  checkId: string;
  status: PortalReplyStatus;
  comment: string;
}

/** `POST /api/portal/:token/checks/:checkId/replies`: the vendor's answer on one check. */
export const replyToCheck = ({ token, checkId, status, comment }: ReplyInput) =>
  api.post<unknown>(`${portalPath(token)}/checks/${encodeURIComponent(checkId)}/replies`, { status, comment }, { auth: false });

/** The page shows its own outcome beside the form (no app toasts for a vendor): the hook only refreshes the request. */
export const useReplyToCheck = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToCheck,
    onSuccess: (_answer, { token }) => queryClient.invalidateQueries({ queryKey: getPortalRequestQueryOptions(token).queryKey }),
  });
};
