import { useQueryClient } from '@tanstack/react-query';
import type { ImportedQuestionnaireTemplate } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation } from '@/lib/react-query';
import { QUESTIONNAIRE_TEMPLATES_QUERY_KEY } from './get-questionnaire-templates';

/** `POST /api/questionnaires/templates/import` (multipart `name`, `file`): a CSV or Excel questionnaire. */
export const importQuestionnaireTemplate = ({ file, name }: { file: File; name?: string }) => {
  const form = new FormData();
  // The name first: the server reads the fields sent before the file.
  if (name) form.append('name', name);
  form.append('file', file, file.name);
  return api.postForm<ImportedQuestionnaireTemplate>('/api/questionnaires/templates/import', form);
};

export const useImportQuestionnaireTemplate = () => {
  const queryClient = useQueryClient();
  return useFeatureMutation(importQuestionnaireTemplate, {
    onSuccess: (imported) => {
      void queryClient.invalidateQueries({ queryKey: QUESTIONNAIRE_TEMPLATES_QUERY_KEY });
      notifySuccess(`${imported.name} imported: ${imported.questionCount} questions`);
    },
    onError: (error) => notifyError('Failed to import the questionnaire', error),
  });
};
