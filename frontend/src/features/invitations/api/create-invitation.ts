import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, workspaceMessages, type Invitation, type InvitationInput } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getInvitationsQueryOptions, invitationsPath } from './get-invitations';

/** `POST /api/workspaces/:id/invitations`: the address gets an emailed link, valid 7 days. */
export const createInvitation = ({ workspaceId, data }: { workspaceId: string; data: InvitationInput }) =>
  api.post<Invitation>(invitationsPath(workspaceId), data);

export const useCreateInvitation = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createInvitation> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    createInvitation,
    {
      onSuccess: (created, { workspaceId }) => {
        void queryClient.invalidateQueries({ queryKey: getInvitationsQueryOptions(workspaceId).queryKey });
        notifySuccess(workspaceMessages.invitationSent(created.email));
      },
      onError: (error) => {
        notifyError(MESSAGES.invitations.createFailed, error);
      },
    },
    mutationConfig,
  );
};
