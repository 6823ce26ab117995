import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, workspaceMessages, type ApiKey } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { apiKeysPath, getApiKeysQueryOptions } from './get-api-keys';

/** `DELETE /api/workspaces/:id/api-keys/:keyId`: the key is refused from its next request. */
export const revokeApiKey = ({ workspaceId, apiKey }: { workspaceId: string; apiKey: ApiKey }) =>
  api.delete(`${apiKeysPath(workspaceId)}/${encodeURIComponent(apiKey.id)}`);

export const useRevokeApiKey = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof revokeApiKey> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    revokeApiKey,
    {
      onSuccess: (_data, { workspaceId, apiKey }) => {
        const { queryKey } = getApiKeysQueryOptions(workspaceId);
        queryClient.setQueryData<ApiKey[]>(queryKey, (keys) => keys?.filter(({ id }) => id !== apiKey.id));
        void queryClient.invalidateQueries({ queryKey });
        notifySuccess(workspaceMessages.apiKeyRevoked(apiKey.name));
      },
      onError: (error) => {
        notifyError(MESSAGES.apiKeys.revokeFailed, error);
      },
    },
    mutationConfig,
  );
};
