import type { QuestionnaireExportFormat } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useFeatureMutation } from '@/lib/react-query';
import { saveFile } from '@/lib/save-file';
import { questionnairePath } from './get-questionnaire';

/** `GET /api/questionnaires/:id/export?format=`: the answers with contradictions and review notes, as a download. */
export const exportQuestionnaire = async ({ id, format }: { id: string; format: QuestionnaireExportFormat }) => {
  const file = await api.getFile(`${questionnairePath(id)}/export`, { params: { format } });
  saveFile(file.blob, file.filename ?? `questionnaire.${format}`);
};

export const useExportQuestionnaire = () =>
  useFeatureMutation(exportQuestionnaire, { onError: (error) => notifyError('Failed to export the answers', error) });
