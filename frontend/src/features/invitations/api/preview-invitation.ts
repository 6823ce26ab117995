import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';

/** `POST /api/invitations/preview`: where the emailed link leads (workspace, role, address), for a signed-in user. */
export const previewInvitation = ({ token, signal }: { token: string; signal?: AbortSignal }) =>
  api.post<InvitationPreview>('/api/invitations/preview', { token }, { signal });

export const getInvitationPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation-preview', token],
    queryFn: ({ signal }) => previewInvitation({ token, signal }),
    // Shown on the page itself (expired, withdrawn, used), not as a toast.
    staleTime: 0,
  });

export const useInvitationPreview = ({ token, enabled }: { token: string; enabled: boolean }) =>
  useQuery({ ...getInvitationPreviewQueryOptions(token), enabled });
