import { ContentLayout } from '@/components/layouts/content-layout';
import { CrawlHistory } from '@/features/crawl-jobs/components/crawl-history';
import { useVendors } from '@/features/vendors/api/get-vendors';

export default function CrawlHistoryRoute() {
  // The vendor filter's choices come from the vendors feature; crawl-jobs only receives them.
  const vendors = useVendors();
  return (
    <ContentLayout title="Crawl History">
      <CrawlHistory vendors={vendors.data?.items ?? []} />
    </ContentLayout>
  );
}
