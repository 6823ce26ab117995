import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type WorkspaceMember } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';

const workspacePath = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}/members`;

export const memberPath = (workspaceId: string, userId: string) => `${workspacePath(workspaceId)}/${encodeURIComponent(userId)}`;

/** `GET /api/workspaces/:id/members`: everyone in the workspace with their role. */
export const getMembers = ({ workspaceId, signal }: { workspaceId: string; signal?: AbortSignal }) =>
  api.get<WorkspaceMember[]>(workspacePath(workspaceId), { signal });

export const getMembersQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: ['members', workspaceId],
    queryFn: ({ signal }) => getMembers({ workspaceId, signal }),
    meta: { errorTitle: MESSAGES.workspaces.membersLoadFailed },
  });

export const useMembers = ({ workspaceId }: { workspaceId: string }) => useQuery(getMembersQueryOptions(workspaceId));
