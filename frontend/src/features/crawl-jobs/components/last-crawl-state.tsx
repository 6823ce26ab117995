import { Anchor, Group, Stack, Text } from '@mantine/core';
import { explainCrawlFailure, type VendorLastCrawl, plural } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDateTime } from './crawl-job-format';
import { CrawlJobStatusBadge } from './crawl-job-status';

/**
 * A vendor's last crawl in its list row: queued, running with its percent, completed, failed with
 * why in plain words, or cancelled — each opening the crawl; "Not crawled yet" before the first.
 */
export function LastCrawlState({ vendorName, crawl }: { vendorName: string; crawl: VendorLastCrawl | null }) {
  if (!crawl) {
    return (
      <Text size="sm" c="dimmed" data-testid="last-crawl-none">
        Not crawled yet
      </Text>
    );
  }
  const going = crawl.status === 'queued' || crawl.status === 'running';
  return (
    <Stack gap={2} data-testid="last-crawl" data-status={crawl.status}>
      <Anchor
        component={Link}
        to={paths.app.crawlJob.getHref(crawl.id)}
        aria-label={`Last crawl of ${vendorName}: ${crawl.status}`}
        underline="never"
      >
        <Group gap={6} wrap="nowrap">
          <CrawlJobStatusBadge status={crawl.status} style={{ flexShrink: 0, maxWidth: 'none', cursor: 'pointer' }} />
          {crawl.status === 'running' && (
            <Text size="sm" fw={600} data-testid="last-crawl-progress">
              {Math.round(crawl.progress)}%
            </Text>
          )}
        </Group>
      </Anchor>
      {crawl.status === 'failed' ? (
        <Text size="xs" c="red" data-testid="last-crawl-reason">
          {explainCrawlFailure(crawl.error).summary}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          {going
            ? `${crawl.pagesDone} / ${plural(crawl.pagesPlanned, 'page')}`
            : formatDateTime(crawl.completionTime ?? crawl.createdAt)}
        </Text>
      )}
    </Stack>
  );
}
