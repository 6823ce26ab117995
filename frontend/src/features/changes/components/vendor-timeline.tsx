import { Accordion, Alert, Anchor, Badge, Card, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { crawlMethodName, LIMITS, MESSAGES, type CrawlJobStatus, type TimelineEntry, plural } from '@vendorwatch/contracts';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ComplianceLabelBadge } from '@/components/compliance/compliance-badges';
import { SectionLoader } from '@/components/ui/section-loader';
import { paths } from '@/config/paths';
import { useVendorTimeline } from '../api/get-vendor-timeline';
import { CrawlChangesPanel } from './crawl-changes-panel';

interface VendorTimelineProps {
  vendorId: string;
  /** The crawl status badge; supplied by the screen, which owns crawl jobs. */
  statusBadge: (status: CrawlJobStatus) => ReactNode;
}

/** The vendor's crawls, newest first, each with its rate and what changed since the one before. */
export function VendorTimeline({ vendorId, statusBadge }: VendorTimelineProps) {
  const [page, setPage] = useState(1);
  // An alert links to `/vendors/:id?crawl=<job>`: that crawl's changes open at once.
  const [searchParams] = useSearchParams();
  const linkedCrawl = searchParams.get('crawl');
  // Polled: a scheduled crawl appears, runs and gets its comparison without a reload.
  const timeline = useVendorTimeline({ vendorId, page, queryConfig: { refetchInterval: 5000 } });
  const pageCount = timeline.data ? Math.max(1, Math.ceil(timeline.data.total / LIMITS.pagination.defaultLimit)) : 1;
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb="md">
        Timeline
      </Title>
      {timeline.isPending ? (
        <SectionLoader label="Loading the timeline" />
      ) : timeline.isError ? (
        <Alert color="red" title={MESSAGES.timeline.loadFailed}>
          {timeline.error.message}
        </Alert>
      ) : timeline.data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="md" data-testid="timeline-empty">
          {MESSAGES.timeline.none}
        </Text>
      ) : (
        <Stack>
          <Accordion multiple variant="separated" chevronPosition="left" defaultValue={linkedCrawl ? [linkedCrawl] : []}>
            {timeline.data.items.map((entry) => (
              <Accordion.Item key={entry.crawlJobId} value={entry.crawlJobId} data-testid="timeline-entry">
                <Accordion.Control aria-label={`Crawl of ${new Date(entry.createdAt).toLocaleString()}`}>
                  <EntrySummary entry={entry} statusBadge={statusBadge} />
                </Accordion.Control>
                <Accordion.Panel>
                  <EntryDetail entry={entry} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          {pageCount > 1 && <Pagination size="sm" value={page} onChange={setPage} total={pageCount} />}
        </Stack>
      )}
    </Card>
  );
}

function EntrySummary({ entry, statusBadge }: { entry: TimelineEntry; statusBadge: VendorTimelineProps['statusBadge'] }) {
  const changes = entry.changes;
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="sm" fw={500}>
        {new Date(entry.createdAt).toLocaleString()}
      </Text>
      {statusBadge(entry.status)}
      <Text size="xs" c="dimmed">
        {plural(entry.pagesDone, 'page')}
      </Text>
      {entry.rate !== null && <ComplianceLabelBadge rate={entry.rate} label={entry.label ?? undefined} />}
      {changes?.previousCrawlJobId && (
        <Group gap={4} data-testid="timeline-counts">
          <Badge size="sm" color="green" variant="light">
            +{changes.added}
          </Badge>
          <Badge size="sm" color="red" variant="light">
            −{changes.removed}
          </Badge>
          <Badge size="sm" color="blue" variant="light">
            ~{changes.changed}
          </Badge>
          {changes.policyPagesChanged > 0 && (
            <Badge size="sm" color="orange" variant="filled">
              {changes.policyPagesChanged} policy {changes.policyPagesChanged === 1 ? 'page' : 'pages'}
            </Badge>
          )}
          {changes.findingsNew > 0 && (
            <Badge size="sm" color="red" variant="outline">
              {changes.findingsNew} new findings
            </Badge>
          )}
          {changes.findingsResolved > 0 && (
            <Badge size="sm" color="green" variant="outline">
              {changes.findingsResolved} resolved
            </Badge>
          )}
        </Group>
      )}
      {changes?.previousCrawlJobId && <MethodChange entry={entry} />}
    </Group>
  );
}

/**
 * The crawl used another method than the one it is compared with: some checks only one of them can
 * evaluate are not compared (never "resolved" or "new"), and the rate moves partly for that reason.
 */
function MethodChange({ entry }: { entry: TimelineEntry }) {
  const changes = entry.changes!;
  const changed = changes.methodBefore !== null && changes.methodBefore !== entry.method;
  if (!changed && changes.findingsNotComparable === 0) return null;
  return (
    <Group gap={4} data-testid="timeline-method-change">
      {changed && (
        <Badge size="sm" color="gray" variant="light">
          Method changed: {crawlMethodName(changes.methodBefore!)} → {crawlMethodName(entry.method)}
        </Badge>
      )}
      {changes.findingsNotComparable > 0 && (
        <Badge size="sm" color="gray" variant="outline">
          {changes.findingsNotComparable} not comparable
        </Badge>
      )}
    </Group>
  );
}

function EntryDetail({ entry }: { entry: TimelineEntry }) {
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={paths.app.crawlJob.getHref(entry.crawlJobId)} size="sm">
        Open crawl
      </Anchor>
      {entry.error && (
        <Text size="sm" c="red">
          {entry.error}
        </Text>
      )}
      {!entry.changes ? (
        <Text size="sm" c="dimmed">
          {MESSAGES.timeline.notComparedYet}
        </Text>
      ) : !entry.changes.previousCrawlJobId ? (
        <Text size="sm" c="dimmed">
          {MESSAGES.timeline.firstCrawl}
        </Text>
      ) : (
        <CrawlChangesPanel crawlJobId={entry.crawlJobId} />
      )}
    </Stack>
  );
}
