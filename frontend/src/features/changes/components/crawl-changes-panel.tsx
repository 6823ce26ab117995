import { Alert, Badge, Divider, Group, List, Pagination, Stack, Text } from '@mantine/core';
import { crawlMethodName, LIMITS, MESSAGES, type CrawlChangeSummary, type FindingChange } from '@vendorwatch/contracts';
import { useState } from 'react';
import { formatRate } from '@/components/compliance/compliance-badges';
import { SectionLoader } from '@/components/ui/section-loader';
import { useCrawlChanges } from '../api/get-crawl-changes';
import { PageChangeItem } from './page-change-item';

/** What changed in one crawl against the vendor's previous one: the rate, the findings and the pages. */
export function CrawlChangesPanel({ crawlJobId }: { crawlJobId: string }) {
  const [page, setPage] = useState(1);
  const changes = useCrawlChanges({ crawlJobId, page });
  if (changes.isPending) return <SectionLoader label="Loading the changes" />;
  if (changes.isError) return <Alert color="red">{changes.error.message}</Alert>;
  const { summary, pages } = changes.data;
  const pageCount = Math.max(1, Math.ceil(pages.total / LIMITS.pagination.defaultLimit));
  return (
    <Stack gap="sm" data-testid="crawl-changes">
      <Text size="sm">
        Compliance rate {formatRate(summary.rateBefore)} → {formatRate(summary.rateAfter)}
        {summary.labelBefore !== summary.labelAfter && summary.labelAfter && ` (now ${summary.labelAfter})`}
      </Text>
      <MethodChangeNote summary={summary} />
      <Findings title="New findings" color="red" findings={summary.findingsNew} testId="findings-new" />
      <Findings title="Resolved findings" color="green" findings={summary.findingsResolved} testId="findings-resolved" />
      <Findings
        title="Not comparable (evaluated by only one of the two crawls)"
        color="gray"
        findings={summary.findingsNotComparable}
        testId="findings-not-comparable"
      />
      <Divider
        label={`Pages: ${summary.added} added, ${summary.removed} removed, ${summary.changed} changed`}
        labelPosition="left"
      />
      {pages.total === 0 ? (
        <Text size="sm" c="dimmed">
          {MESSAGES.timeline.noPageChanges}
        </Text>
      ) : (
        <Stack gap="sm">
          {pages.items.map((change) => (
            <PageChangeItem key={change.id} crawlJobId={crawlJobId} change={change} />
          ))}
          {pageCount > 1 && <Pagination size="sm" value={page} onChange={setPage} total={pageCount} />}
        </Stack>
      )}
    </Stack>
  );
}

/** Why some checks are not compared, and why the rate may move without the site changing. */
function MethodChangeNote({ summary }: { summary: CrawlChangeSummary }) {
  const { methodBefore, methodAfter } = summary;
  if (!methodBefore || !methodAfter || methodBefore === methodAfter) return null;
  return (
    <Alert color="gray" variant="light" p="xs" data-testid="method-changed">
      The method changed from {crawlMethodName(methodBefore)} to {crawlMethodName(methodAfter)}: checks only one of the two crawls
      could evaluate are not compared, and the rate may move for that reason alone.
    </Alert>
  );
}

function Findings({
  title,
  color,
  findings,
  testId,
}: {
  title: string;
  color: string;
  findings: FindingChange[];
  testId: string;
}) {
  if (findings.length === 0) return null;
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      <List size="sm" spacing={2}>
        {findings.map((finding) => (
          <List.Item key={finding.checkId}>
            <Group gap={6} wrap="nowrap">
              <Badge size="xs" color={color} variant="light">
                {finding.severity}
              </Badge>
              <Text size="sm">{finding.title}</Text>
            </Group>
            {finding.newFindings && finding.newFindings.length > 0 && (
              <Text size="xs" c="dimmed" data-testid="new-findings-below">
                {finding.previousOutcome !== finding.outcome
                  ? 'Found: '
                  : finding.outcome === 'fail'
                    ? 'Still failing, and newly found: '
                    : 'Still warning, and newly found: '}
                {finding.newFindings.join('; ')}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
