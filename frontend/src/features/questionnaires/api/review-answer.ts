import { useQueryClient } from '@tanstack/react-query';
import type { AnswerReviewDecision, QuestionnaireRequestDetail } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getQuestionnaireQueryOptions, questionnairePath } from './get-questionnaire';
import { QUESTIONNAIRES_QUERY_KEY } from './get-questionnaires';

interface ReviewInput {
  id: string;
  questionId: string;
  decision: AnswerReviewDecision;
  note?: string;
}

/** `POST /api/questionnaires/:id/answers/:questionId/review`: accept, or a follow-up whose note the vendor sees. */
export const reviewAnswer = ({ id, questionId, decision, note }: ReviewInput) =>
  api.post<QuestionnaireRequestDetail>(`${questionnairePath(id)}/answers/${encodeURIComponent(questionId)}/review`, {
    decision,
    ...(note ? { note } : {}),
  });

export const useReviewAnswer = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof reviewAnswer> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    reviewAnswer,
    {
      onSuccess: (detail, { id, decision }) => {
        queryClient.setQueryData(getQuestionnaireQueryOptions(id).queryKey, detail);
        void queryClient.invalidateQueries({ queryKey: QUESTIONNAIRES_QUERY_KEY });
        notifySuccess(decision === 'accept' ? 'Answer accepted' : 'Follow-up sent: the vendor sees your note');
      },
      onError: (error) => notifyError('Failed to record the review', error),
    },
    mutationConfig,
  );
};
