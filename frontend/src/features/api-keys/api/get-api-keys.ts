import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type ApiKey } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';

export const apiKeysPath = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}/api-keys`;

/** `GET /api/workspaces/:id/api-keys`: masked (`last4`), with their last use. */
export const getApiKeys = ({ workspaceId, signal }: { workspaceId: string; signal?: AbortSignal }) =>
  api.get<ApiKey[]>(apiKeysPath(workspaceId), { signal });

export const getApiKeysQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: ['api-keys', workspaceId],
    queryFn: ({ signal }) => getApiKeys({ workspaceId, signal }),
    meta: { errorTitle: MESSAGES.apiKeys.loadFailed },
  });

export const useApiKeys = ({ workspaceId }: { workspaceId: string }) => useQuery(getApiKeysQueryOptions(workspaceId));
