import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlayerPlay } from '@tabler/icons-react';
import { isHttpUrl, MESSAGES, type VendorListItem } from '@vendorwatch/contracts';
import { Link, useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { VendorTimeline } from '@/features/changes/components/vendor-timeline';
import { VendorSoftwareCard } from '@/features/inventories/components/vendor-software-card';
import { VendorThirdPartiesCard } from '@/features/inventories/components/vendor-third-parties-card';
import { ApiKeyNotice } from '@/features/crawler-configs/components/api-key-notice';
import { CrawlJobStatusBadge } from '@/features/crawl-jobs/components/crawl-job-status';
import { useActiveCrawlJobs } from '@/features/crawl-jobs/api/get-active-crawl-jobs';
import { useStartCrawlAndFollow } from '@/features/crawl-jobs/components/use-start-crawl-and-follow';
import { VendorComplianceChart } from '@/features/reports/components/vendor-compliance-chart';
import { VendorDomainPosture } from '@/features/reports/components/vendor-domain-posture';
import { useReport } from '@/features/reports/api/get-report';
import { RequestFixButton } from '@/features/remediation-requests/components/request-fix-button';
import { VendorRemediationRequests } from '@/features/remediation-requests/components/vendor-remediation-requests';
import { SendQuestionnaireButton } from '@/features/questionnaires/components/send-questionnaire-button';
import { VendorDocumentsCard } from '@/features/questionnaires/components/vendor-documents-card';
import { VendorQuestionnaires } from '@/features/questionnaires/components/vendor-questionnaires';
import { ScheduleEditor } from '@/features/schedules/components/schedule-editor';
import { ScheduleRuns } from '@/features/schedules/components/schedule-runs';
import { SchedulesPauseSwitch } from '@/features/schedules/components/schedules-pause-switch';
import { useVendor } from '@/features/vendors/api/get-vendor';
import { CrawlVendorDialog } from '@/features/vendors/components/crawl-vendor-dialog';
import { DownloadRiskProfileButton } from '@/features/programme/components/download-risk-profile-button';
import { EditVendorButton } from '@/features/vendors/components/edit-vendor-button';
import { CrawlButton } from '@/features/vendors/components/vendor-parts';
import { VendorStanding } from '@/features/vendors/components/vendor-standing';
import { VendorProgrammeCard } from '@/features/vendors/components/programme/vendor-programme-card';
import { useMembers } from '@/features/members/api/get-members';
import { useProgrammeTiers } from '@/features/programme/api/get-programme-tiers';
import { RequiresPermission, useCurrentWorkspace } from '@/lib/workspace';

/**
 * A vendor's page: Crawl now and Edit, its place in the programme (tier, owner, reviews), its schedule and next run, its compliance rate over time, what its
 * site runs (vulnerable libraries, technologies, the SBOM) and who it shares visitors with, and its
 * timeline (each crawl with what changed since the one before).
 */
export default function VendorRoute() {
  const { vendorId = '' } = useParams();
  const vendor = useVendor({ vendorId });
  const startCrawl = useStartCrawlAndFollow();
  const [crawlOpened, crawlDialog] = useDisclosure(false);
  // A crawl of this vendor still under way: Crawl now shows it (method, progress) and opens it.
  const running = useActiveCrawlJobs().data?.find((job) => job.vendorId === vendorId) ?? null;
  // The programme card shows the workspace's tier names and names the owner among its members.
  const tiers = useProgrammeTiers();
  const members = useMembers({ workspaceId: useCurrentWorkspace().workspace.id });
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
        <Group justify="space-between" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            {/* Only http(s) becomes a link. */}
            {isHttpUrl(vendor.data.url) ? (
              <Anchor
                href={vendor.data.url}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                truncate="end"
                title={vendor.data.url}
              >
                {vendor.data.url}
              </Anchor>
            ) : (
              <Text c="dimmed" size="sm">
                {vendor.data.url || 'No URL yet'}
              </Text>
            )}
            {vendor.data.description && (
              <Text c="dimmed" size="sm">
                {vendor.data.description}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            <RequiresPermission permission="crawls.run">
              {running ? (
                <CrawlButton vendor={vendor.data} lastCrawl={running} onCrawl={crawlDialog.open} />
              ) : (
                <Button size="xs" leftSection={<IconPlayerPlay size={14} />} onClick={crawlDialog.open} data-testid="crawl-now">
                  Crawl now
                </Button>
              )}
            </RequiresPermission>
            <RequiresPermission permission="vendors.write">
              <EditVendorButton vendor={vendor.data} />
            </RequiresPermission>
            <RequiresPermission permission="remediation.write">
              <VendorRequestFix vendor={vendor.data} />
            </RequiresPermission>
            <DownloadRiskProfileButton vendorId={vendorId} />
            <RequiresPermission permission="questionnaires.write">
              <SendQuestionnaireButton vendorId={vendor.data.id} vendorName={vendor.data.name} />
            </RequiresPermission>
          </Group>
        </Group>
        <VendorStanding vendor={vendor.data} />
        <VendorProgrammeCard vendor={vendor.data} tiers={tiers.data?.items} members={members.data} />
        <Group justify="flex-end">
          <RequiresPermission permission="schedules.write">
            <SchedulesPauseSwitch />
          </RequiresPermission>
          <Anchor component={Link} to={paths.app.crawler.getHref(vendorId)} size="sm">
            Crawler settings
          </Anchor>
        </Group>
        <CrawlVendorDialog
          vendor={vendor.data}
          opened={crawlOpened}
          onClose={crawlDialog.close}
          onStart={startCrawl}
          apiNotice={<ApiKeyNotice />}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <ScheduleEditor vendorId={vendorId} />
          <VendorComplianceChart vendorId={vendorId} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <VendorSoftwareCard vendorId={vendorId} />
          <VendorThirdPartiesCard vendorId={vendorId} />
        </SimpleGrid>
        <VendorRemediationRequests vendorId={vendorId} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <VendorQuestionnaires vendorId={vendorId} />
          <VendorDocumentsCard vendorId={vendorId} />
        </SimpleGrid>
        <VendorDomainPosture vendorId={vendorId} />
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

/** "Request a fix" from the vendor's latest assessment, once there is one. */
function VendorRequestFix({ vendor }: { vendor: VendorListItem }) {
  const reportId = vendor.compliance?.reportId ?? '';
  const report = useReport({ reportId, queryConfig: { enabled: reportId !== '' } });
  if (!report.data) return null;
  return (
    <RequestFixButton vendorId={vendor.id} vendorName={vendor.name} checks={report.data.checks} contacts={vendor.contacts} />
  );
}
