import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionnaireRequestDetail } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { QUESTIONNAIRES_QUERY_KEY } from './get-questionnaires';

export const questionnairePath = (id: string) => `/api/questionnaires/${encodeURIComponent(id)}`;

/** `GET /api/questionnaires/:id`: the answers with their pre-fills, contradictions, reviews and the score. */
export const getQuestionnaire = ({ id, signal }: { id: string; signal?: AbortSignal }) =>
  api.get<QuestionnaireRequestDetail>(questionnairePath(id), { signal });

export const getQuestionnaireQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...QUESTIONNAIRES_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => getQuestionnaire({ id, signal }),
  });

export const useQuestionnaire = ({ id }: { id: string }) => useQuery(getQuestionnaireQueryOptions(id));
