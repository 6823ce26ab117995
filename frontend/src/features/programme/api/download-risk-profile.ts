import { api, type DownloadedFile } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { saveFile } from '@/lib/save-file';

/** `GET /api/vendors/:id/profile.pdf`: the vendor's risk profile, named by the server. */
export const downloadRiskProfile = async ({ vendorId }: { vendorId: string }): Promise<DownloadedFile & { filename: string }> => {
  const file = await api.getFile(`/api/vendors/${encodeURIComponent(vendorId)}/profile.pdf`);
  return { ...file, filename: file.filename ?? 'risk-profile.pdf' };
};

export const useDownloadRiskProfile = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof downloadRiskProfile> } = {}) =>
  useFeatureMutation(
    downloadRiskProfile,
    {
      onSuccess: ({ blob, filename }) => saveFile(blob, filename),
      onError: (error) => notifyError('Failed to download the risk profile', error),
    },
    mutationConfig,
  );
