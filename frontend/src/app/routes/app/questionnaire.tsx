import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { QuestionnaireDetail } from '@/features/questionnaires/components/questionnaire-detail';

/** One questionnaire: the vendor's answers with pre-fills, contradictions, reviews, the score and the exports. */
export default function QuestionnaireRoute() {
  const { questionnaireId = '' } = useParams();
  return (
    <ContentLayout title="Questionnaire">
      <QuestionnaireDetail id={questionnaireId} />
    </ContentLayout>
  );
}
