import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { POLICY_PAGE_KIND_LABELS, type PageChange, type PageChangeKind } from '@vendorwatch/contracts';
import { useState } from 'react';
import { SectionLoader } from '@/components/ui/section-loader';
import { usePageChangeDiff } from '../api/get-page-change-diff';
import { WordDiff } from './word-diff';

const KIND: Record<PageChangeKind, { label: string; color: string }> = {
  added: { label: 'Added', color: 'green' },
  removed: { label: 'Removed', color: 'red' },
  changed: { label: 'Changed', color: 'blue' },
};

/** One page that was added, removed or changed; a changed page opens its word diff on request. */
export function PageChangeItem({ crawlJobId, change }: { crawlJobId: string; change: PageChange }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap={4} data-testid="page-change" data-kind={change.kind}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Badge color={KIND[change.kind].color} variant="light">
            {KIND[change.kind].label}
          </Badge>
          {change.policyKind && (
            <Badge color="orange" variant="filled" data-testid="policy-page">
              {POLICY_PAGE_KIND_LABELS[change.policyKind]}
            </Badge>
          )}
          <Text size="sm" truncate title={change.url}>
            {change.titleAfter ?? change.titleBefore ?? change.url}
          </Text>
        </Group>
        {change.kind === 'changed' && (
          <Button size="compact-xs" variant="subtle" onClick={() => setOpen((value) => !value)} aria-expanded={open}>
            {open ? 'Hide diff' : 'Show diff'}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {change.url}
      </Text>
      {open && <PageDiff crawlJobId={crawlJobId} pageChangeId={change.id} />}
    </Stack>
  );
}

function PageDiff({ crawlJobId, pageChangeId }: { crawlJobId: string; pageChangeId: string }) {
  const diff = usePageChangeDiff({ crawlJobId, pageChangeId });
  if (diff.isPending) return <SectionLoader label="Loading the diff" />;
  if (diff.isError) return <Alert color="red">{diff.error.message}</Alert>;
  return <WordDiff diff={diff.data} />;
}
