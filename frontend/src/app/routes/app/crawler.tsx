import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { getCrawlJobQueryOptions } from '@/features/crawl-jobs/api/get-crawl-job';
import { CrawlPageScreenshot } from '@/features/crawl-jobs/components/crawl-page-screenshot';
import { Crawler } from '@/features/crawler/components/crawler';

/** The session crawl is a crawl job: the crawl-jobs feature follows it and shows its pages' screenshots. */
export default function CrawlerRoute() {
  const { vendorId = '' } = useParams();
  return (
    <ContentLayout title="Crawler">
      <Crawler
        vendorId={vendorId}
        crawlJobQuery={getCrawlJobQueryOptions}
        renderScreenshot={(url, alt) => <CrawlPageScreenshot url={url} alt={alt} />}
      />
    </ContentLayout>
  );
}
