import { Group, Progress, Text } from '@mantine/core';
import type { CrawlJob } from '@vendorwatch/contracts';

type ProgressOf = Pick<CrawlJob, 'status' | 'progress' | 'pagesAnswered' | 'pagesPlanned'>;

/**
 * What the bar shows. A failed crawl counts the pages it gave up on as done, so its progress often
 * reads 100 %; its bar shows the share of pages that answered instead, and never reads as done.
 */
export const progressShown = (job: ProgressOf) =>
  job.status === 'failed'
    ? job.pagesPlanned > 0
      ? Math.round((Math.min(job.pagesAnswered, job.pagesPlanned) / job.pagesPlanned) * 100)
      : 0
    : Math.round(job.progress);

/**
 * A crawl's progress bar (role progressbar, `aria-valuenow`) with its percent written out beside it;
 * a failed crawl's bar is red and says Failed.
 */
export function CrawlProgress({ job, testId }: { job: ProgressOf; testId: string }) {
  const failed = job.status === 'failed';
  const percent = progressShown(job);
  return (
    <Group gap="sm" wrap="nowrap">
      {/* A failed crawl's track is red too: an empty grey bar would read as "not started". */}
      <Progress.Root size="lg" style={{ flex: 1 }} bg={failed ? 'red.1' : undefined} data-failed={failed || undefined}>
        <Progress.Section
          value={percent}
          color={failed ? 'red' : undefined}
          animated={job.status === 'running'}
          aria-label="Crawl progress"
          data-status={job.status}
          data-testid={testId}
        />
      </Progress.Root>
      <Text size="sm" fw={600} miw={48} ta="right" c={failed ? 'red' : undefined} data-testid={`${testId}-percent`}>
        {failed ? 'Failed' : `${percent}%`}
      </Text>
    </Group>
  );
}
