import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, workspaceMessages, type WorkspaceMember, type WorkspaceRole } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getMembersQueryOptions, memberPath } from './get-members';

export interface ChangeMemberRoleInput {
  workspaceId: string;
  member: WorkspaceMember;
  role: WorkspaceRole;
}

/** `PATCH /api/workspaces/:id/members/:userId`; the API keeps the last owner and an admin off owners' roles. */
export const changeMemberRole = ({ workspaceId, member, role }: ChangeMemberRoleInput) =>
  api.patch<WorkspaceMember>(memberPath(workspaceId, member.userId), { role });

export const useChangeMemberRole = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof changeMemberRole> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    changeMemberRole,
    {
      onSuccess: (_data, { workspaceId, member, role }) => {
        void queryClient.invalidateQueries({ queryKey: getMembersQueryOptions(workspaceId).queryKey });
        notifySuccess(workspaceMessages.roleChanged(member.email, role));
      },
      onError: (error) => {
        // The API's own reason ("A workspace always keeps at least one owner") under the title.
        notifyError(MESSAGES.workspaces.roleChangeFailed, error);
      },
    },
    mutationConfig,
  );
};
