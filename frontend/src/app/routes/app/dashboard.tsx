import { Anchor, Group, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';
import { ActiveCrawlJobCard } from '@/features/crawl-jobs/components/active-crawl-job-card';
import { DashboardCharts } from '@/features/dashboard/components/dashboard-charts';
import { DashboardPosture } from '@/features/dashboard/components/dashboard-posture';
import { DashboardSummary } from '@/features/dashboard/components/dashboard-summary';
import { VendorStandingsCard } from '@/features/reports/components/vendor-standings-card';

/**
 * The figures come from the dashboard feature, the active crawl job from crawl-jobs, and where each
 * vendor stands (assessed, not assessed yet, last crawl failed) from reports.
 */
export default function DashboardRoute() {
  return (
    <ContentLayout title="Dashboard">
      <Stack gap="lg">
        <DashboardSummary />
        <ActiveCrawlJobCard />
        <VendorStandingsCard />
        <DashboardPosture />
        <Group justify="flex-end">
          <Anchor component={Link} to={paths.app.crawls.getHref()} data-testid="view-crawl-history">
            View crawl history
          </Anchor>
        </Group>
        <DashboardCharts />
      </Stack>
    </ContentLayout>
  );
}
