import { Alert, Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@vendorwatch/contracts';
import { Link, useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { VendorTimeline } from '@/features/changes/components/vendor-timeline';
import { CrawlJobStatusBadge } from '@/features/crawl-jobs/components/crawl-job-status';
import { VendorComplianceChart } from '@/features/reports/components/vendor-compliance-chart';
import { ScheduleEditor } from '@/features/schedules/components/schedule-editor';
import { ScheduleRuns } from '@/features/schedules/components/schedule-runs';
import { SchedulesPauseSwitch } from '@/features/schedules/components/schedules-pause-switch';
import { useVendor } from '@/features/vendors/api/get-vendor';

/**
 * A vendor's page: its schedule and next run, its compliance rate over time, and its timeline (each
 * crawl with what changed since the one before).
 */
export default function VendorRoute() {
  const { vendorId = '' } = useParams();
  const vendor = useVendor({ vendorId });
  if (vendor.isPending) return <PageLoader />;
  if (vendor.isError)
    return (
      <ContentLayout title="Vendor">
        <Alert color="red" title={MESSAGES.vendors.loadFailed}>
          {vendor.error.message}
        </Alert>
      </ContentLayout>
    );
  return (
    <ContentLayout title={vendor.data.name}>
      <Stack gap="lg">
        <Group justify="space-between">
          <Text c="dimmed" size="sm">
            {vendor.data.url || vendor.data.description || ' '}
          </Text>
          <Group>
            <SchedulesPauseSwitch />
            <Anchor component={Link} to={paths.app.crawler.getHref(vendorId)} size="sm">
              Crawler settings
            </Anchor>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <ScheduleEditor vendorId={vendorId} />
          <VendorComplianceChart vendorId={vendorId} />
        </SimpleGrid>
        <VendorTimeline vendorId={vendorId} statusBadge={(status) => <CrawlJobStatusBadge status={status} />} />
        <ScheduledRunsCard vendorId={vendorId} />
      </Stack>
    </ContentLayout>
  );
}

function ScheduledRunsCard({ vendorId }: { vendorId: string }) {
  return (
    <Stack gap="xs">
      <Text fw={600}>Scheduled runs</Text>
      <ScheduleRuns vendorId={vendorId} />
    </Stack>
  );
}
