import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type Workspace, type WorkspaceInput } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getWorkspacesQueryOptions } from '@/lib/workspace';

/** `PATCH /api/workspaces/:id` (owners). */
export const renameWorkspace = ({ workspaceId, data }: { workspaceId: string; data: WorkspaceInput }) =>
  api.patch<Workspace>(`/api/workspaces/${encodeURIComponent(workspaceId)}`, data);

export const useRenameWorkspace = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof renameWorkspace> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    renameWorkspace,
    {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: getWorkspacesQueryOptions().queryKey });
        notifySuccess(MESSAGES.workspaces.renamed);
      },
      onError: (error) => {
        notifyError(MESSAGES.workspaces.renameFailed, error);
      },
    },
    mutationConfig,
  );
};
