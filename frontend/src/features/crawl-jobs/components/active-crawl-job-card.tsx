import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { isHttpUrl, isTerminalStatus, MESSAGES, type CrawlJob } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { CrawlFailure } from '@/components/crawl/crawl-failure';
import { CrawlProgress } from '@/components/crawl/crawl-progress';
import { SectionLoader } from '@/components/ui/section-loader';
import { paths } from '@/config/paths';
import { CancelCrawlJobButton } from './cancel-crawl-job-button';
import { CrawlJobField } from './crawl-job-field';
import { formatDateTime, formatPages } from './crawl-job-format';
import { CrawlJobStatusBadge } from './crawl-job-status';
import { useActiveCrawlJob } from './use-active-crawl-job';

/** The dashboard's active crawl job, followed every 5 s, or 'No active crawl jobs'. */
export function ActiveCrawlJobCard() {
  const { job, isPending } = useActiveCrawlJob();
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="active-crawl-job-title"
      data-testid="active-crawl-job"
    >
      <Group justify="space-between" mb="md">
        <Title order={3} size="h4" id="active-crawl-job-title">
          Active Crawl Job
        </Title>
        {job && <CrawlJobStatusBadge status={job.status} data-testid="active-job-status" />}
      </Group>
      {isPending ? (
        <SectionLoader label="Loading active crawl jobs" />
      ) : job ? (
        <ActiveCrawlJob job={job} />
      ) : (
        <Text c="dimmed" data-testid="no-active-job">
          {MESSAGES.crawls.noActiveJobs}
        </Text>
      )}
    </Card>
  );
}

function ActiveCrawlJob({ job }: { job: CrawlJob }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <CrawlJobField label="Target URL" testId="active-job-url">
          {/* Only http(s) becomes a link. */}
          {isHttpUrl(job.targetUrl) ? (
            <Anchor href={job.targetUrl} target="_blank" rel="noopener noreferrer" size="sm">
              {job.targetUrl}
            </Anchor>
          ) : (
            job.targetUrl
          )}
        </CrawlJobField>
        <CrawlJobField label="Vendor" testId="active-job-vendor">
          {job.vendorName ?? 'Unknown vendor'}
        </CrawlJobField>
        <CrawlJobField label="Started" testId="active-job-started">
          {job.startTime ? formatDateTime(job.startTime) : 'Not started yet'}
        </CrawlJobField>
      </SimpleGrid>
      <Stack gap={4}>
        <CrawlProgress job={job} testId="active-job-progress" />
        <Text size="sm" c="dimmed" data-testid="active-job-pages">
          {formatPages(job)} {job.pagesPlanned === 1 ? 'page' : 'pages'}
        </Text>
      </Stack>
      {job.status === 'failed' && <CrawlFailure error={job.error} testId="active-job-failure" />}
      <Group justify="space-between">
        <Anchor component={Link} to={paths.app.crawlJob.getHref(job.id)} size="sm">
          View job details
        </Anchor>
        {!isTerminalStatus(job.status) && <CancelCrawlJobButton jobId={job.id} />}
      </Group>
    </Stack>
  );
}
