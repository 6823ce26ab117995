import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, workspaceMessages, type Invitation } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getInvitationsQueryOptions, invitationsPath } from './get-invitations';

/** `DELETE /api/workspaces/:id/invitations/:invitationId`: its link stops working at once. */
export const revokeInvitation = ({ workspaceId, invitation }: { workspaceId: string; invitation: Invitation }) =>
  api.delete(`${invitationsPath(workspaceId)}/${encodeURIComponent(invitation.id)}`);

export const useRevokeInvitation = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof revokeInvitation> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    revokeInvitation,
    {
      onSuccess: (_data, { workspaceId, invitation }) => {
        const { queryKey } = getInvitationsQueryOptions(workspaceId);
        queryClient.setQueryData<Invitation[]>(queryKey, (list) => list?.filter(({ id }) => id !== invitation.id));
        void queryClient.invalidateQueries({ queryKey });
        notifySuccess(workspaceMessages.invitationRevoked(invitation.email));
      },
      onError: (error) => {
        notifyError(MESSAGES.invitations.revokeFailed, error);
      },
    },
    mutationConfig,
  );
};
