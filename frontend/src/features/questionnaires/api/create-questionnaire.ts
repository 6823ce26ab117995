import { useQueryClient } from '@tanstack/react-query';
import type { CreatedQuestionnaireRequest, CreateQuestionnaireRequest } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { QUESTIONNAIRES_QUERY_KEY } from './get-questionnaires';

/** `POST /api/vendors/:id/questionnaires`: the contact is emailed a link to answer it. */
export const createQuestionnaire = ({ vendorId, data }: { vendorId: string; data: CreateQuestionnaireRequest }) =>
  api.post<CreatedQuestionnaireRequest>(`/api/vendors/${encodeURIComponent(vendorId)}/questionnaires`, data);

export const useCreateQuestionnaire = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof createQuestionnaire> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    createQuestionnaire,
    {
      onSuccess: (_created, { data }) => {
        void queryClient.invalidateQueries({ queryKey: QUESTIONNAIRES_QUERY_KEY });
        notifySuccess(`Questionnaire sent: ${data.contactEmail} was emailed a link to answer it`);
      },
      onError: (error) => notifyError('Failed to send the questionnaire', error),
    },
    mutationConfig,
  );
};
