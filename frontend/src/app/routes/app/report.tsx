import { Anchor, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';
import { CrawlPageScreenshot } from '@/features/crawl-jobs/components/crawl-page-screenshot';
import { WhatIfFixed } from '@/features/inventories/components/what-if-fixed';
import { ReportDetail } from '@/features/reports/components/report-detail';
import { AcceptRiskButton } from '@/features/risk-acceptances/components/accept-risk-button';
import { useCan } from '@/lib/workspace';

/**
 * One compliance report; its evidence's screenshots are shown by the crawl-jobs feature, and an editor
 * may ask to accept a failing or warning check's risk (the risk-acceptances feature).
 */
export default function ReportRoute() {
  const { reportId = '' } = useParams();
  const mayRequest = useCan('riskAcceptances.request');
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
          renderCheckAction={(check, report) =>
            mayRequest && report.vendorId && (check.outcome === 'fail' || check.outcome === 'warn') ? (
              <AcceptRiskButton vendorId={report.vendorId} check={check} />
            ) : null
          }
        />
        <WhatIfFixed key={`what-if-${reportId}`} reportId={reportId} />
      </Stack>
    </ContentLayout>
  );
}
