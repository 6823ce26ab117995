import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Crawler } from '@/features/crawler/components/crawler';

export default function CrawlerRoute() {
  const { vendorId = '' } = useParams();
  return (
    <ContentLayout title="Crawler">
      <Crawler vendorId={vendorId} />
    </ContentLayout>
  );
}
