import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowsDiff, IconReportAnalytics } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { isHttpUrl, isTerminalStatus, MESSAGES, POLLING_MS, type CrawlJob } from '@vendorwatch/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CrawlFailure } from '@/components/crawl/crawl-failure';
import { crawlMethodLabel } from '@/components/crawl/crawl-method';
import { CrawlProgress } from '@/components/crawl/crawl-progress';
import { SectionLoader } from '@/components/ui/section-loader';
import { paths } from '@/config/paths';
import { getCrawlJobResultsQueryOptions } from '../api/get-crawl-job-results';
import { awaitsReport, useCrawlJob } from '../api/get-crawl-job';
import { CancelCrawlJobButton } from './cancel-crawl-job-button';
import { CrawlJobField } from './crawl-job-field';
import { formatDateTime, formatJobDuration, formatPages } from './crawl-job-format';
import { CrawlJobPagesTable } from './crawl-job-pages-table';
import { CrawlJobStatusBadge } from './crawl-job-status';

interface CrawlJobDetailProps {
  jobId: string;
  /** Starts a failed or cancelled crawl again; supplied by the screen. Without it there is no Retry. */
  onRetry?: (job: CrawlJob) => Promise<unknown>;
}

/**
 * One crawl job: how it ran (polled every 5 s until it ends), where it leads once it ended (its report
 * and its changes, or why it failed and Retry), and the pages it fetched.
 */
export function CrawlJobDetail({ jobId, onRetry }: CrawlJobDetailProps) {
  const queryClient = useQueryClient();
  const job = useCrawlJob({ jobId, queryConfig: { meta: { errorTitle: MESSAGES.crawls.detailsFailed } } });
  const status = job.data?.status;
  const going = status !== undefined && !isTerminalStatus(status);

  // Pages stored between the last poll and the end of the crawl: fetch them once more when it ends here.
  const [seenGoing, setSeenGoing] = useState(false);
  if (going && !seenGoing) setSeenGoing(true);
  const endedHere = seenGoing && !going;
  useEffect(() => {
    if (endedHere) void queryClient.invalidateQueries({ queryKey: getCrawlJobResultsQueryOptions(jobId).queryKey });
  }, [endedHere, jobId, queryClient]);

  if (job.isPending) return <SectionLoader label="Loading crawl job" />;
  if (job.isError) {
    return (
      <Alert color="red" title={MESSAGES.crawls.detailsFailed} data-testid="crawl-job-error">
        {job.error.message}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <CrawlJobSummary job={job.data} onRetry={onRetry} />
      <CrawlJobPagesTable jobId={jobId} refetchInterval={going ? POLLING_MS.crawlerResults : false} />
    </Stack>
  );
}

function CrawlJobSummary({ job, onRetry }: { job: CrawlJob; onRetry?: CrawlJobDetailProps['onRetry'] }) {
  const going = !isTerminalStatus(job.status);
  const retry = onRetry && job.vendorId ? () => onRetry(job) : undefined;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="crawl-job-title" data-testid="crawl-job">
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={3} size="h4" id="crawl-job-title">
              {job.vendorId && job.vendorName ? (
                <Anchor component={Link} to={paths.app.vendor.getHref(job.vendorId)} inherit>
                  {job.vendorName}
                </Anchor>
              ) : (
                (job.vendorName ?? 'Unknown vendor')
              )}
            </Title>
            <CrawlJobStatusBadge status={job.status} data-testid="crawl-job-status" />
          </Group>
          {going && <CancelCrawlJobButton jobId={job.id} />}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <CrawlJobField label="Target URL">
            {isHttpUrl(job.targetUrl) ? (
              <Anchor href={job.targetUrl} target="_blank" rel="noopener noreferrer" size="sm">
                {job.targetUrl}
              </Anchor>
            ) : (
              job.targetUrl
            )}
          </CrawlJobField>
          <CrawlJobField label="Method">{crawlMethodLabel(job.method)}</CrawlJobField>
          <CrawlJobField label="Pages">{formatPages(job)}</CrawlJobField>
          {job.method === 'api' && <CrawlJobField label="Credits used">{job.creditsUsed}</CrawlJobField>}
          <CrawlJobField label="Created">{formatDateTime(job.createdAt)}</CrawlJobField>
          <CrawlJobField label="Started">{formatDateTime(job.startTime)}</CrawlJobField>
          {/* Only a crawl that completed completed: a failed or cancelled one ended. */}
          <CrawlJobField label={job.status === 'completed' ? 'Completed' : 'Ended'}>
            {formatDateTime(job.completionTime)}
          </CrawlJobField>
          <CrawlJobField label="Duration">{formatJobDuration(job)}</CrawlJobField>
        </SimpleGrid>
        <CrawlProgress job={job} testId="crawl-job-progress" />
        {job.status === 'failed' && (
          <CrawlFailure
            error={job.error}
            onRetry={retry}
            editAddressHref={job.vendorId ? paths.app.vendor.getHref(job.vendorId) : undefined}
          />
        )}
        {job.status === 'cancelled' && retry && (
          <Group>
            <Button size="xs" variant="light" onClick={() => void retry()}>
              Crawl again
            </Button>
          </Group>
        )}
        {job.status === 'completed' && <CrawlJobOutcome job={job} />}
      </Stack>
    </Card>
  );
}

/** Where a completed crawl leads: its compliance report and what changed since the vendor's crawl before. */
function CrawlJobOutcome({ job }: { job: CrawlJob }) {
  return (
    <Group gap="sm" data-testid="crawl-job-outcome">
      {job.reportId ? (
        <Button
          component={Link}
          to={paths.app.report.getHref(job.reportId)}
          size="xs"
          leftSection={<IconReportAnalytics size={14} />}
          data-testid="crawl-job-report"
        >
          Open report
        </Button>
      ) : awaitsReport(job) ? (
        <Text size="sm" c="dimmed" data-testid="crawl-job-report-pending">
          {MESSAGES.crawls.reportPending}
        </Text>
      ) : null}
      {job.vendorId && (
        <Button
          component={Link}
          to={paths.app.vendor.getHref(job.vendorId, job.id)}
          size="xs"
          variant="light"
          leftSection={<IconArrowsDiff size={14} />}
          data-testid="crawl-job-changes"
        >
          Open changes
        </Button>
      )}
    </Group>
  );
}
