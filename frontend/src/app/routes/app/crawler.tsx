import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { useActiveCrawlJobs } from '@/features/crawl-jobs/api/get-active-crawl-jobs';
import { getCrawlJobQueryOptions } from '@/features/crawl-jobs/api/get-crawl-job';
import { CrawlPageScreenshot } from '@/features/crawl-jobs/components/crawl-page-screenshot';
import { Crawler } from '@/features/crawler/components/crawler';
import { useVendor } from '@/features/vendors/api/get-vendor';

/**
 * The session crawl is a crawl job: the crawl-jobs feature follows it and shows its pages' screenshots,
 * and says which crawl of this vendor is going now (started here or elsewhere), for the page to show.
 * The title names the vendor, so the page says whose settings these are.
 */
export default function CrawlerRoute() {
  const { vendorId = '' } = useParams();
  const vendor = useVendor({ vendorId });
  const active = useActiveCrawlJobs();
  const live = active.data?.find((job) => job.vendorId === vendorId);
  return (
    <ContentLayout title={vendor.data ? `Crawler: ${vendor.data.name}` : 'Crawler'}>
      <Crawler
        vendorId={vendorId}
        crawlJobQuery={getCrawlJobQueryOptions}
        renderScreenshot={(url, alt) => <CrawlPageScreenshot url={url} alt={alt} />}
        liveJobId={live?.id ?? null}
      />
    </ContentLayout>
  );
}
