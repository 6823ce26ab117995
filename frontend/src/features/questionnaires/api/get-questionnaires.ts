import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionnaireRequestList } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';

export const QUESTIONNAIRES_QUERY_KEY = ['questionnaires'] as const;

/** `GET /api/questionnaires?vendorId=`: one vendor's questionnaires, newest first. */
export const getQuestionnaires = ({ vendorId, signal }: { vendorId: string; signal?: AbortSignal }) =>
  api.get<QuestionnaireRequestList>('/api/questionnaires', { params: { vendorId }, signal });

export const getQuestionnairesQueryOptions = (vendorId: string) =>
  queryOptions({
    queryKey: [...QUESTIONNAIRES_QUERY_KEY, 'list', vendorId],
    queryFn: ({ signal }) => getQuestionnaires({ vendorId, signal }),
    meta: { errorTitle: 'Failed to load questionnaires' },
  });

export const useQuestionnaires = ({ vendorId }: { vendorId: string }) => useQuery(getQuestionnairesQueryOptions(vendorId));
