import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type WorkspaceSso, type WorkspaceSsoInput } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation } from '@/lib/react-query';

const ssoPath = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}/sso`;

/** `GET /api/workspaces/:id/sso`: the workspace's link to the identity provider. */
export const getWorkspaceSso = ({ workspaceId, signal }: { workspaceId: string; signal?: AbortSignal }) =>
  api.get<WorkspaceSso>(ssoPath(workspaceId), { signal });

export const getWorkspaceSsoQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: ['workspace-sso', workspaceId],
    queryFn: ({ signal }) => getWorkspaceSso({ workspaceId, signal }),
    meta: { errorTitle: 'Failed to load the single sign-on settings' },
  });

export const useWorkspaceSso = (workspaceId: string) => useQuery(getWorkspaceSsoQueryOptions(workspaceId));

/** `PUT /api/workspaces/:id/sso` (owners). */
export const saveWorkspaceSso = ({ workspaceId, data }: { workspaceId: string; data: WorkspaceSsoInput }) =>
  api.put<WorkspaceSso>(ssoPath(workspaceId), data);

export const useSaveWorkspaceSso = () => {
  const queryClient = useQueryClient();
  return useFeatureMutation(saveWorkspaceSso, {
    onSuccess: (saved, { workspaceId }) => {
      queryClient.setQueryData(getWorkspaceSsoQueryOptions(workspaceId).queryKey, saved);
      notifySuccess(MESSAGES.sso.saved);
    },
    onError: (error) => notifyError('Failed to save the single sign-on settings', error),
  });
};
