import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isTerminalStatus, POLLING_MS } from '@vendorwatch/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { CrawlFailure } from '@/components/crawl/crawl-failure';
import { CrawlProgress } from '@/components/crawl/crawl-progress';
import { paths } from '@/config/paths';
import type { CrawlJobQuery } from '../api/crawl-job-query';
import { getCrawlerResultsQueryOptions, useCrawlerResults, type CrawlerCrawl } from '../api/get-crawler-results';
import { useStartCrawler } from '../api/start-crawler';
import { useStopCrawler } from '../api/stop-crawler';
import { CrawlerResults, type RenderScreenshot } from './crawler-results';
import { useCan } from '@/lib/workspace';

/** The crawler page's states: idle, running, completed, failed. */
export type CrawlerStatus = 'idle' | 'running' | 'completed' | 'failed';

interface Run {
  phase: CrawlerStatus;
  /** The session this page started; null for the vendor's crawl started elsewhere, followed by its job id. */
  sessionId: string | null;
  jobId: string | null;
}

const IDLE: Run = { phase: 'idle', sessionId: null, jobId: null };

const STATUS_TEXT: Record<CrawlerStatus, { label: string; color: string }> = {
  idle: { label: 'Idle', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  completed: { label: 'Completed', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

/** How the session API names the run's crawl: by its session, else by its job. */
const crawlOf = (sessionId: string | null, jobId: string | null): CrawlerCrawl | null =>
  sessionId ? { sessionId } : jobId ? { jobId } : null;

interface CrawlerRunProps {
  vendorId: string;
  /** False while there is nothing to crawl by: no saved settings and no URL for the defaults to start at. */
  canStart: boolean;
  /** The vendor's crawl queued or running right now, wherever it was started: the page follows it. */
  liveJobId?: string | null;
  crawlJobQuery: CrawlJobQuery;
  renderScreenshot: RenderScreenshot;
}

export function CrawlerRun({ vendorId, canStart, liveJobId = null, crawlJobQuery, renderScreenshot }: CrawlerRunProps) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<Run>(IDLE);
  const startCrawler = useStartCrawler();
  const stopCrawler = useStopCrawler({ crawlJobQuery });
  const canRun = useCan('crawls.run');

  // The vendor's crawl running elsewhere (the vendors list, a schedule) is this page's run too, not Idle —
  // unless the user just reset it here and the list of live crawls has not caught up with its end yet.
  const [dismissedJobId, setDismissedJobId] = useState<string | null>(null);
  if (run.phase === 'idle' && liveJobId && liveJobId !== dismissedJobId) {
    setRun({ phase: 'running', sessionId: null, jobId: liveJobId });
  }

  const job = useQuery({ ...crawlJobQuery(run.jobId ?? ''), enabled: run.jobId !== null });
  // The job ending on the server ends the run here; the phase itself only changes on user actions.
  const jobStatus = run.phase === 'running' ? job.data?.status : undefined;
  const ended = jobStatus !== undefined && isTerminalStatus(jobStatus);
  const status: CrawlerStatus = ended ? (jobStatus === 'failed' ? 'failed' : 'completed') : run.phase;
  const running = status === 'running';

  const { sessionId, jobId } = run;
  const crawl = useMemo(() => crawlOf(sessionId, jobId), [sessionId, jobId]);
  const results = useCrawlerResults({
    crawl: crawl ?? { jobId: '' },
    queryConfig: { enabled: crawl !== null, refetchInterval: running ? POLLING_MS.crawlerResults : false },
  });

  // Pages stored between the last poll and the end of the crawl: fetch once more when it ends.
  useEffect(() => {
    if (ended && crawl) void queryClient.invalidateQueries({ queryKey: getCrawlerResultsQueryOptions(crawl).queryKey });
  }, [ended, crawl, queryClient]);

  const start = () => {
    const session = crypto.randomUUID();
    setRun({ phase: 'running', sessionId: session, jobId: null });
    startCrawler.mutate(
      { vendorId, sessionId: session },
      {
        onSuccess: (started) => setRun({ phase: 'running', sessionId: started.sessionId, jobId: started.id }),
        onError: () => setRun((current) => ({ ...current, phase: 'failed' })),
      },
    );
  };

  const stop = () => {
    if (!crawl) return;
    stopCrawler.mutate(crawl, { onSuccess: () => setRun((current) => ({ ...current, phase: 'completed' })) });
  };

  const reset = () => {
    if (crawl) queryClient.removeQueries({ queryKey: getCrawlerResultsQueryOptions(crawl).queryKey });
    setDismissedJobId(jobId);
    setRun(IDLE);
  };

  const { label, color } = STATUS_TEXT[status];
  // The bar follows the job while it runs, and stays to show how a failed one ended.
  const shownJob = job.data && (running || status === 'failed') ? job.data : undefined;

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Stack>
          <Group justify="space-between">
            <Title order={3} size="h4">
              Crawl
            </Title>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                Status:
              </Text>
              <Badge color={color} variant="light" data-testid="crawler-status" data-status={status}>
                {label}
              </Badge>
            </Group>
          </Group>
          {!canStart && (
            <Text size="sm" c="dimmed" data-testid="crawler-needs-settings">
              Add a start URL to the crawler settings above (or a URL to the vendor) before starting a crawl.
            </Text>
          )}
          {shownJob && <CrawlProgress job={shownJob} testId="crawler-progress" />}
          {status === 'failed' && job.data?.status === 'failed' && (
            <CrawlFailure error={job.data.error} testId="crawler-failure" />
          )}
          <Group>
            {/* Start and Stop for a role that may run crawls; the others follow the run. */}
            {canRun && (
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                onClick={start}
                disabled={running || !canStart}
                loading={startCrawler.isPending}
                data-testid="start-crawler"
              >
                Start Crawl
              </Button>
            )}
            {running && canRun && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconPlayerStop size={16} />}
                onClick={stop}
                disabled={!crawl || startCrawler.isPending}
                loading={stopCrawler.isPending}
                data-testid="stop-crawler"
              >
                Stop Crawl
              </Button>
            )}
            {status !== 'idle' && !running && (
              <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={reset} data-testid="reset-crawler">
                Reset
              </Button>
            )}
            {jobId && (
              <Anchor component={Link} to={paths.app.crawlJob.getHref(jobId)} size="sm" data-testid="crawler-job-link">
                View job details
              </Anchor>
            )}
          </Group>
        </Stack>
      </Card>
      {crawl && <CrawlerResults pages={results.data ?? []} running={running} renderScreenshot={renderScreenshot} />}
    </Stack>
  );
}
