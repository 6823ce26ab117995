import { ContentLayout } from '@/components/layouts/content-layout';
import { Dashboard } from '@/features/dashboard/components/dashboard';

export default function DashboardRoute() {
  return (
    <ContentLayout title="Dashboard">
      <Dashboard />
    </ContentLayout>
  );
}
