import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type Workspace } from '@vendorwatch/contracts';
import { api } from '../api-client';

/** `GET /api/workspaces`: the caller's workspaces with their role in each, the personal one included. */
export const getWorkspaces = ({ signal }: { signal?: AbortSignal } = {}) => api.get<Workspace[]>('/api/workspaces', { signal });

export const getWorkspacesQueryOptions = () =>
  queryOptions({
    queryKey: ['workspaces'],
    queryFn: ({ signal }) => getWorkspaces({ signal }),
    meta: { errorTitle: MESSAGES.workspaces.loadFailed },
  });

export const useWorkspaces = () => useQuery(getWorkspacesQueryOptions());
