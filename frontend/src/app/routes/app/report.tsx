import { Anchor, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';
import { CrawlPageScreenshot } from '@/features/crawl-jobs/components/crawl-page-screenshot';
import { WhatIfFixed } from '@/features/inventories/components/what-if-fixed';
import { ReportDetail } from '@/features/reports/components/report-detail';

/** One compliance report; its evidence's screenshots are shown by the crawl-jobs feature. */
export default function ReportRoute() {
  const { reportId = '' } = useParams();
  return (
    <ContentLayout title="Compliance Report">
      <Stack gap="lg">
        <Anchor component={Link} to={paths.app.reports.getHref()} size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> Back to reports
        </Anchor>
        <ReportDetail
          key={reportId}
          reportId={reportId}
          renderScreenshot={(url, alt) => <CrawlPageScreenshot url={url} alt={alt} />}
        />
        <WhatIfFixed key={`what-if-${reportId}`} reportId={reportId} />
      </Stack>
    </ContentLayout>
  );
}
