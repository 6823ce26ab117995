import { ContentLayout } from '@/components/layouts/content-layout';
import { Reports } from '@/features/reports/components/reports';

export default function ReportsRoute() {
  return (
    <ContentLayout title="Reports">
      <Reports />
    </ContentLayout>
  );
}
