import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, workspaceMessages, type CreatedInvitation, type InvitationInput } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getInvitationsQueryOptions, invitationsPath } from './get-invitations';

/**
 * `POST /api/workspaces/:id/invitations`: the address gets an emailed link, valid 7 days — or, with no
 * email server configured, the answer carries the link for the inviter to hand over.
 */
export const createInvitation = ({ workspaceId, data }: { workspaceId: string; data: InvitationInput }) =>
  api.post<CreatedInvitation>(invitationsPath(workspaceId), data);

export const useCreateInvitation = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createInvitation> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    createInvitation,
    {
      onSuccess: (created, { workspaceId }) => {
        void queryClient.invalidateQueries({ queryKey: getInvitationsQueryOptions(workspaceId).queryKey });
        // "Sent" only when an email went: otherwise the form shows the link to copy.
        if (created.emailed) notifySuccess(workspaceMessages.invitationSent(created.email));
        else notifyInfo(workspaceMessages.invitationNotEmailed(created.email));
      },
      onError: (error) => {
        notifyError(MESSAGES.invitations.createFailed, error);
      },
    },
    mutationConfig,
  );
};
