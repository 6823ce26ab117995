import { Group, Stack } from '@mantine/core';
import { ContentLayout } from '@/components/layouts/content-layout';
import { useStartCrawl } from '@/features/crawl-jobs/api/start-crawl';
import { useWatchCrawlJob } from '@/features/crawl-jobs/components/crawl-job-watch-context';
import { CreateVendorForm } from '@/features/vendors/components/create-vendor-form';
import type { StartCrawlHandler } from '@/features/vendors/components/crawl-vendor-dialog';
import { useScheduleOverview } from '@/features/schedules/api/get-schedule-overview';
import { NextRun } from '@/features/schedules/components/next-run';
import { SchedulesPauseSwitch } from '@/features/schedules/components/schedules-pause-switch';
import { VendorsList } from '@/features/vendors/components/vendors-list';

export default function VendorsRoute() {
  const startCrawl = useStartCrawl();
  const watchCrawlJob = useWatchCrawlJob();
  const schedules = useScheduleOverview({ queryConfig: { refetchInterval: 30_000 } });

  // The vendors feature asks for a crawl; the crawl-jobs feature starts it and follows it to the end.
  const onStartCrawl: StartCrawlHandler = async ({ vendor, method, settings }) => {
    const job = await startCrawl.mutateAsync({ vendorId: vendor.id, method, settings });
    watchCrawlJob({ id: job.id, vendorName: vendor.name });
  };

  // The schedules feature words each vendor's next run; the list only places it.
  const nextRunOf = (vendorId: string) => {
    const schedule = schedules.data?.schedules.find((item) => item.vendorId === vendorId);
    return (
      <NextRun nextRunAt={schedule?.nextRunAt ?? null} paused={schedules.data?.paused ?? false} scheduled={Boolean(schedule)} />
    );
  };

  return (
    <ContentLayout title="Vendor Management">
      <Stack gap="lg">
        <CreateVendorForm />
        <Group justify="flex-end">
          <SchedulesPauseSwitch />
        </Group>
        <VendorsList onStartCrawl={onStartCrawl} nextRunOf={nextRunOf} />
      </Stack>
    </ContentLayout>
  );
}
