import { ContentLayout } from '@/components/layouts/content-layout';
import { Portfolio } from '@/features/inventories/components/portfolio';

export default function PortfolioRoute() {
  return (
    <ContentLayout title="Portfolio">
      <Portfolio />
    </ContentLayout>
  );
}
