import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type Invitation } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';

export const invitationsPath = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}/invitations`;

/** `GET /api/workspaces/:id/invitations`: the pending ones (not accepted, withdrawn or lapsed). */
export const getInvitations = ({ workspaceId, signal }: { workspaceId: string; signal?: AbortSignal }) =>
  api.get<Invitation[]>(invitationsPath(workspaceId), { signal });

export const getInvitationsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: ['invitations', workspaceId],
    queryFn: ({ signal }) => getInvitations({ workspaceId, signal }),
    meta: { errorTitle: MESSAGES.invitations.loadFailed },
  });

export const useInvitations = ({ workspaceId }: { workspaceId: string }) => useQuery(getInvitationsQueryOptions(workspaceId));
