import { ContentLayout } from '@/components/layouts/content-layout';
import { Reports } from '@/features/reports/components/reports';
import { useVendors } from '@/features/vendors/api/get-vendors';

export default function ReportsRoute() {
  // The vendor filter's choices come from the vendors feature; reports only receives them.
  const vendors = useVendors();
  return (
    <ContentLayout title="Reports">
      <Reports vendors={vendors.data?.items ?? []} />
    </ContentLayout>
  );
}
