import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PortalQuestionnairePage, UploadedDocument, VendorDocumentType } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { getPortalRequestQueryOptions, portalPath } from './get-portal-request';

/** `PUT /api/portal/:token/answers/:questionId`: one answer, saved as it is given; the answer is the page as it now stands. */
export const saveAnswer = ({
  token,
  questionId,
  answer,
  comment,
}: {
  token: string;
  questionId: string;
  answer: string;
  comment?: string;
}) =>
  api.put<PortalQuestionnairePage>(
    `${portalPath(token)}/answers/${encodeURIComponent(questionId)}`,
    { answer, ...(comment ? { comment } : {}) },
    { auth: false },
  );

/** `POST /api/portal/:token/submit`: refused (400) with the unanswered questions named while any is left. */
export const submitQuestionnaire = ({ token }: { token: string }) =>
  api.post<PortalQuestionnairePage>(`${portalPath(token)}/submit`, {}, { auth: false });

/** `POST /api/portal/:token/documents` (multipart `type`, `validUntil`, `file`): typed by its content on the server. */
export const uploadDocument = ({
  token,
  type,
  validUntil,
  file,
}: {
  token: string;
  type: VendorDocumentType;
  validUntil: string;
  file: File;
}) => {
  const form = new FormData();
  form.append('type', type);
  form.append('validUntil', validUntil);
  form.append('file', file, file.name);
  return api.postForm<UploadedDocument>(`${portalPath(token)}/documents`, form, { auth: false });
};

/** The page shows each outcome beside the question (no app toasts for a vendor). */
export const useSaveAnswer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAnswer,
    onSuccess: (page, { token }) => queryClient.setQueryData(getPortalRequestQueryOptions(token).queryKey, page),
  });
};

export const useSubmitQuestionnaire = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuestionnaire,
    onSuccess: (page, { token }) => queryClient.setQueryData(getPortalRequestQueryOptions(token).queryKey, page),
  });
};

export const useUploadDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: (_document, { token }) =>
      queryClient.invalidateQueries({ queryKey: getPortalRequestQueryOptions(token).queryKey }),
  });
};
