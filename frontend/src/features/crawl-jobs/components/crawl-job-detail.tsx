import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { isHttpUrl, isTerminalStatus, MESSAGES, POLLING_MS, type CrawlJob } from '@vendorwatch/contracts';
import { useEffect, useState } from 'react';
import { crawlMethodLabel } from '@/components/crawl/crawl-method';
import { SectionLoader } from '@/components/ui/section-loader';
import { getCrawlJobResultsQueryOptions } from '../api/get-crawl-job-results';
import { useCrawlJob } from '../api/get-crawl-job';
import { CancelCrawlJobButton } from './cancel-crawl-job-button';
import { CrawlJobField } from './crawl-job-field';
import { formatDateTime, formatJobDuration, formatPages } from './crawl-job-format';
import { CrawlJobPagesTable } from './crawl-job-pages-table';
import { CrawlJobProgress } from './crawl-job-progress';
import { CrawlJobStatusBadge } from './crawl-job-status';

/** One crawl job: how it ran (polled every 5 s until it ends) and the pages it fetched. */
export function CrawlJobDetail({ jobId }: { jobId: string }) {
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
      <CrawlJobSummary job={job.data} />
      <CrawlJobPagesTable jobId={jobId} refetchInterval={going ? POLLING_MS.crawlerResults : false} />
    </Stack>
  );
}

function CrawlJobSummary({ job }: { job: CrawlJob }) {
  const going = !isTerminalStatus(job.status);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="crawl-job-title" data-testid="crawl-job">
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={3} size="h4" id="crawl-job-title">
              {job.vendorName ?? 'Unknown vendor'}
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
          <CrawlJobField label="Completed">{formatDateTime(job.completionTime)}</CrawlJobField>
          <CrawlJobField label="Duration">{formatJobDuration(job)}</CrawlJobField>
        </SimpleGrid>
        <CrawlJobProgress value={job.progress} animated={job.status === 'running'} testId="crawl-job-progress" />
        {job.error && (
          <Alert color="red" title="Error" data-testid="crawl-job-failure">
            {job.error}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
