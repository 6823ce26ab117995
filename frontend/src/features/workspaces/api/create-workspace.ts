import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type Workspace, type WorkspaceInput } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getWorkspacesQueryOptions } from '@/lib/workspace';

/** `POST /api/workspaces`: a shared workspace with the caller as its owner. */
export const createWorkspace = (input: WorkspaceInput) => api.post<Workspace>('/api/workspaces', input);

export const useCreateWorkspace = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createWorkspace> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    createWorkspace,
    {
      onSuccess: async (created) => {
        const { queryKey } = getWorkspacesQueryOptions();
        // In the list before the caller switches to it, so the switch finds it.
        queryClient.setQueryData<Workspace[]>(queryKey, (list) => (list ? [...list, created] : [created]));
        void queryClient.invalidateQueries({ queryKey });
        notifySuccess(MESSAGES.workspaces.created);
      },
      onError: (error) => {
        notifyError(MESSAGES.workspaces.createFailed, error);
      },
    },
    mutationConfig,
  );
};
