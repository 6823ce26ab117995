import { api } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useFeatureMutation } from '@/lib/react-query';
import { saveFile } from '@/lib/save-file';
import { remediationRequestPath } from './get-remediation-request';

interface DownloadInput {
  requestId: string;
  attachmentId: string;
  /** The name the vendor uploaded it under, when the server gives none. */
  name: string;
}

/** `GET /api/remediation-requests/:id/attachments/:attachmentId`: members only, always a download. */
export const downloadRemediationAttachment = async ({ requestId, attachmentId, name }: DownloadInput) => {
  const file = await api.getFile(`${remediationRequestPath(requestId)}/attachments/${encodeURIComponent(attachmentId)}`);
  saveFile(file.blob, file.filename ?? name);
};

export const useDownloadRemediationAttachment = () =>
  useFeatureMutation(downloadRemediationAttachment, {
    onError: (error) => notifyError('Failed to download the file', error),
  });
