import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, workspaceMessages, type Workspace } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getWorkspacesQueryOptions } from '@/lib/workspace';

/** `POST /api/invitations/accept`: the signed-in user (the invited, confirmed address) joins the workspace. */
export const acceptInvitation = ({ token }: { token: string }) => api.post<Workspace>('/api/invitations/accept', { token });

export const useAcceptInvitation = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof acceptInvitation> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    acceptInvitation,
    {
      onSuccess: (joined) => {
        // Dropped, not just marked stale: the app must not open on a cached list without the new workspace.
        queryClient.removeQueries({ queryKey: getWorkspacesQueryOptions().queryKey });
        notifySuccess(workspaceMessages.invitationAccepted(joined.name));
      },
      onError: (error) => {
        notifyError(MESSAGES.invitations.acceptFailed, error);
      },
    },
    mutationConfig,
  );
};
