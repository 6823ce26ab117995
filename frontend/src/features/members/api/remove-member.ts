import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, workspaceMessages, type WorkspaceMember } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getMembersQueryOptions, memberPath } from './get-members';

/** `DELETE /api/workspaces/:id/members/:userId`: the member's access ends with their next request. */
export const removeMember = ({ workspaceId, member }: { workspaceId: string; member: WorkspaceMember }) =>
  api.delete(memberPath(workspaceId, member.userId));

export const useRemoveMember = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof removeMember> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    removeMember,
    {
      onSuccess: (_data, { workspaceId, member }) => {
        const { queryKey } = getMembersQueryOptions(workspaceId);
        queryClient.setQueryData<WorkspaceMember[]>(queryKey, (members) =>
          members?.filter(({ userId }) => userId !== member.userId),
        );
        void queryClient.invalidateQueries({ queryKey });
        notifySuccess(workspaceMessages.memberRemoved(member.email));
      },
      onError: (error) => {
        notifyError(MESSAGES.workspaces.memberRemoveFailed, error);
      },
    },
    mutationConfig,
  );
};
