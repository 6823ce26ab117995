import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadedAttachment } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { getPortalRequestQueryOptions, portalPath } from './get-portal-request';

/** `POST /api/portal/:token/attachments` (multipart `checkId`, `file`): the server types the file by its content. */
export const uploadAttachment = ({ token, checkId, file }: { token: string; checkId: string; file: File }) => {
  const form = new FormData();
  // The field first: the server reads the parts in order and the file is streamed last.
  form.append('checkId', checkId);
  form.append('file', file, file.name);
  return api.postForm<UploadedAttachment>(`${portalPath(token)}/attachments`, form, { auth: false });
};

export const useUploadAttachment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAttachment,
    onSuccess: (_file, { token }) => queryClient.invalidateQueries({ queryKey: getPortalRequestQueryOptions(token).queryKey }),
  });
};
