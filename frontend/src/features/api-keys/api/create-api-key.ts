import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type ApiKeyInput, type CreatedApiKey } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { apiKeysPath, getApiKeysQueryOptions } from './get-api-keys';

/** `POST /api/workspaces/:id/api-keys`: the answer carries the secret this once. */
export const createApiKey = ({ workspaceId, data }: { workspaceId: string; data: ApiKeyInput }) =>
  api.post<CreatedApiKey>(apiKeysPath(workspaceId), data);

export const useCreateApiKey = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createApiKey> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    createApiKey,
    {
      // No toast: the screen shows the secret itself, which is the success.
      onSuccess: (_created, { workspaceId }) => {
        void queryClient.invalidateQueries({ queryKey: getApiKeysQueryOptions(workspaceId).queryKey });
      },
      onError: (error) => {
        notifyError(MESSAGES.apiKeys.createFailed, error);
      },
    },
    mutationConfig,
  );
};
