import { Stack } from '@mantine/core';
import { ContentLayout } from '@/components/layouts/content-layout';
import { useStartCrawl } from '@/features/crawl-jobs/api/start-crawl';
import { useWatchCrawlJob } from '@/features/crawl-jobs/components/crawl-job-watch-context';
import { CreateVendorForm } from '@/features/vendors/components/create-vendor-form';
import type { StartCrawlHandler } from '@/features/vendors/components/crawl-vendor-dialog';
import { VendorsList } from '@/features/vendors/components/vendors-list';

export default function VendorsRoute() {
  const startCrawl = useStartCrawl();
  const watchCrawlJob = useWatchCrawlJob();

  // The vendors feature asks for a crawl; the crawl-jobs feature starts it and follows it to the end.
  const onStartCrawl: StartCrawlHandler = async ({ vendor, method, settings }) => {
    const job = await startCrawl.mutateAsync({ vendorId: vendor.id, method, settings });
    watchCrawlJob({ id: job.id, vendorName: vendor.name });
  };

  return (
    <ContentLayout title="Vendor Management">
      <Stack gap="lg">
        <CreateVendorForm />
        <VendorsList onStartCrawl={onStartCrawl} />
      </Stack>
    </ContentLayout>
  );
}
