import { api, type DownloadedFile } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { saveFile } from '@/lib/save-file';

/** `GET /api/vendors/:id/sbom`: the CycloneDX JSON file, named by the server. */
export const downloadSbom = async ({ vendorId }: { vendorId: string }): Promise<DownloadedFile & { filename: string }> => {
  const file = await api.getFile(`/api/vendors/${encodeURIComponent(vendorId)}/sbom`);
  return { ...file, filename: file.filename ?? 'sbom.cdx.json' };
};

export const useDownloadSbom = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof downloadSbom> } = {}) =>
  useFeatureMutation(
    downloadSbom,
    {
      onSuccess: ({ blob, filename }) => saveFile(blob, filename),
      onError: (error) => notifyError('Failed to download the SBOM', error),
    },
    mutationConfig,
  );
