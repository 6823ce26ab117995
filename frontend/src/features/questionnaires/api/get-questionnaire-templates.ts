import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionnaireTemplateList } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';

export const QUESTIONNAIRE_TEMPLATES_QUERY_KEY = ['questionnaire-templates'] as const;

/** `GET /api/questionnaires/templates`: the shipped questionnaires, then the workspace's imported ones. */
export const getQuestionnaireTemplates = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<QuestionnaireTemplateList>('/api/questionnaires/templates', { signal });

export const getQuestionnaireTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: QUESTIONNAIRE_TEMPLATES_QUERY_KEY,
    queryFn: ({ signal }) => getQuestionnaireTemplates({ signal }),
    meta: { errorTitle: 'Failed to load the questionnaires' },
  });

export const useQuestionnaireTemplates = () => useQuery(getQuestionnaireTemplatesQueryOptions());
