import { UNCUT_BADGE } from '@/components/compliance/compliance-badges';
import { Badge, type BadgeProps } from '@mantine/core';
import { CRAWL_JOB_STATUSES, type CrawlJobStatus } from '@vendorwatch/contracts';

const STATUS: Record<CrawlJobStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'yellow' },
  running: { label: 'Running', color: 'blue' },
  completed: { label: 'Completed', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

/** The status filter's choices, in the contracts' order. */
export const CRAWL_JOB_STATUS_OPTIONS = CRAWL_JOB_STATUSES.map((value) => ({ value, label: STATUS[value].label }));

/** `data-status` carries the raw status for tests; the badge itself shows the label. */
export function CrawlJobStatusBadge({ status, ...props }: { status: CrawlJobStatus } & BadgeProps & { 'data-testid'?: string }) {
  const { label, color } = STATUS[status];
  return (
    // Never cut to "COMPLE…": the badge keeps the width of its word.
    <Badge color={color} variant="light" data-status={status} styles={UNCUT_BADGE} {...props}>
      {label}
    </Badge>
  );
}
