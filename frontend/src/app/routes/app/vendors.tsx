import { Group, Stack } from '@mantine/core';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ApiKeyNotice } from '@/features/crawler-configs/components/api-key-notice';
import { LastCrawlState } from '@/features/crawl-jobs/components/last-crawl-state';
import { useStartCrawlAndFollow } from '@/features/crawl-jobs/components/use-start-crawl-and-follow';
import { useScheduleOverview } from '@/features/schedules/api/get-schedule-overview';
import { useProgrammeTiers } from '@/features/programme/api/get-programme-tiers';
import { NextRun } from '@/features/schedules/components/next-run';
import { SchedulesPauseSwitch } from '@/features/schedules/components/schedules-pause-switch';
import { CreateVendorForm } from '@/features/vendors/components/create-vendor-form';
import { VendorsList } from '@/features/vendors/components/vendors-list';
import { RequiresPermission } from '@/lib/workspace';

export default function VendorsRoute() {
  // The vendors feature asks for a crawl; the crawl-jobs feature starts it, opens it and follows it to the end.
  const startCrawl = useStartCrawlAndFollow();
  const schedules = useScheduleOverview({ queryConfig: { refetchInterval: 30_000 } });
  const tiers = useProgrammeTiers();

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
        <RequiresPermission permission="vendors.write">
          <CreateVendorForm />
        </RequiresPermission>
        <RequiresPermission permission="schedules.write">
          <Group justify="flex-end">
            <SchedulesPauseSwitch />
          </Group>
        </RequiresPermission>
        <VendorsList
          onStartCrawl={startCrawl}
          apiNotice={<ApiKeyNotice />}
          lastCrawlOf={(vendor) => <LastCrawlState vendorName={vendor.name} crawl={vendor.lastCrawl ?? null} />}
          // The column only once a vendor is scheduled: an empty one would cost the list its width.
          nextRunOf={schedules.data?.schedules.length ? nextRunOf : undefined}
          tiers={tiers.data?.items}
        />
      </Stack>
    </ContentLayout>
  );
}
