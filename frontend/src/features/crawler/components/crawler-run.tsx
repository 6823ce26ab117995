import { Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isTerminalStatus, POLLING_MS } from '@vendorwatch/contracts';
import { useEffect, useState } from 'react';
import type { CrawlJobQuery } from '../api/crawl-job-query';
import { getCrawlerResultsQueryOptions, useCrawlerResults } from '../api/get-crawler-results';
import { useStartCrawler } from '../api/start-crawler';
import { useStopCrawler } from '../api/stop-crawler';
import { CrawlerResults, type RenderScreenshot } from './crawler-results';

/** The crawler page's states: idle, running, completed, failed. */
export type CrawlerStatus = 'idle' | 'running' | 'completed' | 'failed';

interface Run {
  phase: CrawlerStatus;
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

interface CrawlerRunProps {
  vendorId: string;
  /** False until the vendor has saved crawler settings: there is nothing to crawl by yet. */
  canStart: boolean;
  crawlJobQuery: CrawlJobQuery;
  renderScreenshot: RenderScreenshot;
}

export function CrawlerRun({ vendorId, canStart, crawlJobQuery, renderScreenshot }: CrawlerRunProps) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<Run>(IDLE);
  const startCrawler = useStartCrawler();
  const stopCrawler = useStopCrawler({ crawlJobQuery });

  const job = useQuery({ ...crawlJobQuery(run.jobId ?? ''), enabled: run.jobId !== null });
  // The job ending on the server ends the run here; the phase itself only changes on user actions.
  const jobStatus = run.phase === 'running' ? job.data?.status : undefined;
  const ended = jobStatus !== undefined && isTerminalStatus(jobStatus);
  const status: CrawlerStatus = ended ? (jobStatus === 'failed' ? 'failed' : 'completed') : run.phase;
  const running = status === 'running';

  const results = useCrawlerResults({
    sessionId: run.sessionId ?? '',
    queryConfig: { enabled: run.sessionId !== null, refetchInterval: running ? POLLING_MS.crawlerResults : false },
  });

  // Pages stored between the last poll and the end of the crawl: fetch once more when it ends.
  const { sessionId } = run;
  useEffect(() => {
    if (ended && sessionId) void queryClient.invalidateQueries({ queryKey: getCrawlerResultsQueryOptions(sessionId).queryKey });
  }, [ended, sessionId, queryClient]);

  const start = () => {
    const sessionId = crypto.randomUUID();
    setRun({ phase: 'running', sessionId, jobId: null });
    startCrawler.mutate(
      { vendorId, sessionId },
      {
        onSuccess: (session) => setRun({ phase: 'running', sessionId: session.sessionId, jobId: session.id }),
        onError: () => setRun((current) => ({ ...current, phase: 'failed' })),
      },
    );
  };

  const stop = () => {
    if (!run.sessionId) return;
    stopCrawler.mutate(
      { sessionId: run.sessionId },
      { onSuccess: () => setRun((current) => ({ ...current, phase: 'completed' })) },
    );
  };

  const reset = () => {
    if (run.sessionId) queryClient.removeQueries({ queryKey: getCrawlerResultsQueryOptions(run.sessionId).queryKey });
    setRun(IDLE);
  };

  const { label, color } = STATUS_TEXT[status];
  const progress = running ? job.data?.progress : undefined;

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
              Save the crawler settings above before starting a crawl.
            </Text>
          )}
          {job.data?.error && status === 'failed' && (
            <Text size="sm" c="red">
              {job.data.error}
            </Text>
          )}
          {progress !== undefined && (
            <Progress value={progress} animated aria-label="Crawl progress" data-testid="crawler-progress" />
          )}
          <Group>
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              onClick={start}
              disabled={running || !canStart}
              loading={startCrawler.isPending}
              data-testid="start-crawler"
            >
              Start Crawl
            </Button>
            {running && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconPlayerStop size={16} />}
                onClick={stop}
                disabled={!run.sessionId || startCrawler.isPending}
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
          </Group>
        </Stack>
      </Card>
      {run.sessionId && <CrawlerResults pages={results.data ?? []} running={running} renderScreenshot={renderScreenshot} />}
    </Stack>
  );
}
