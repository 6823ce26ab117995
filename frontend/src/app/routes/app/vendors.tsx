import { Stack } from '@mantine/core';
import { ContentLayout } from '@/components/layouts/content-layout';
import { CreateVendorForm } from '@/features/vendors/components/create-vendor-form';
import { VendorsList } from '@/features/vendors/components/vendors-list';

export default function VendorsRoute() {
  return (
    <ContentLayout title="Vendor Management">
      <Stack gap="lg">
        <CreateVendorForm />
        {/* TODO(crawl-jobs): pass onStartCrawl (the start-crawl mutation) to enable Start Crawl. */}
        <VendorsList />
      </Stack>
    </ContentLayout>
  );
}
