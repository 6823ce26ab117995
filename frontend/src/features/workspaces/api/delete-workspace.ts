import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getWorkspacesQueryOptions } from '@/lib/workspace';

/** `DELETE /api/workspaces/:id` (owners; never a personal workspace): everything in it goes too. */
export const deleteWorkspace = ({ workspaceId }: { workspaceId: string }) =>
  api.delete(`/api/workspaces/${encodeURIComponent(workspaceId)}`);

export const useDeleteWorkspace = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteWorkspace> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    deleteWorkspace,
    {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: getWorkspacesQueryOptions().queryKey });
        notifySuccess(MESSAGES.workspaces.deleted);
      },
      onError: (error) => {
        notifyError(MESSAGES.workspaces.deleteFailed, error);
      },
    },
    mutationConfig,
  );
};
