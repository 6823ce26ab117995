import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import type { CheckGroup } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { usePhoneLayout } from '@/components/compliance/use-phone-layout';
import { SectionLoader } from '@/components/ui/section-loader';
import { paths } from '@/config/paths';
import { useReport } from '../api/get-report';
import { useReportsSummary } from '../api/get-reports-summary';
import { ReportGroupCard } from './report-group-card';

/** The checks beyond the web pages, read after every crawl from the vendor's domains. */
const DOMAIN_GROUPS: readonly CheckGroup[] = ['email_domain', 'tls'];
const NO_SCREENSHOTS: ReadonlySet<string> = new Set();

/**
 * The vendor page's "Email & domain" and "TLS": those checks of its latest assessment, with the records
 * read as their evidence — the same cards as on the report, without the web-page checks around them.
 */
export function VendorDomainPosture({ vendorId }: { vendorId: string }) {
  // The same query as the page's compliance chart, so the latest report's id costs no request of its own.
  const summary = useReportsSummary({ filters: { vendorId } });
  const reportId = summary.data?.vendors.find((vendor) => vendor.vendorId === vendorId)?.latestReportId ?? undefined;
  const report = useReport({ reportId: reportId ?? '', queryConfig: { enabled: reportId !== undefined } });
  const phone = usePhoneLayout();

  if (summary.isPending || (reportId && report.isPending)) return <SectionLoader label="Loading email, domain and TLS checks" />;
  if (!reportId || !report.data) {
    return (
      <Card withBorder radius="md" padding="lg" data-testid="vendor-domain-posture-empty">
        <Title order={3} size="h5">
          Email & domain, TLS
        </Title>
        <Text size="sm" c="dimmed">
          Checked with every assessment: SPF, DMARC, MTA-STS, DKIM, DNSSEC, CAA and the TLS of each HTTPS origin. Crawl the vendor
          to see them.
        </Text>
      </Card>
    );
  }
  const data = report.data;
  return (
    <Stack gap="sm" data-testid="vendor-domain-posture">
      {DOMAIN_GROUPS.map((group) => (
        <ReportGroupCard
          key={group}
          group={group}
          checks={data.checks}
          jobId={data.jobId}
          screenshots={NO_SCREENSHOTS}
          onShowScreenshot={() => undefined}
          phone={phone}
        />
      ))}
      <Anchor component={Link} to={paths.app.report.getHref(data.id)} size="sm">
        Every check of the latest assessment
      </Anchor>
    </Stack>
  );
}
