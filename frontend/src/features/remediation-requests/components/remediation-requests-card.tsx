import { Alert, Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { plural, type RemediationRequestList, type RemediationRequestSummary } from '@vendorwatch/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { SectionLoader } from '@/components/ui/section-loader';
import { paths } from '@/config/paths';
import { formatDueDate } from './due-date';
import { RemediationStateBadges } from './remediation-badges';

interface RemediationRequestsCardProps {
  title: ReactNode;
  /** One page of requests: the card shows its loading, failure and empty states, and the total. */
  query: UseQueryResult<RemediationRequestList>;
  emptyText: string;
  /** The workspace's list names each request's vendor; a vendor's own page does not need to. */
  showVendor?: boolean;
  /** Below the rows, e.g. the pages. */
  footer?: ReactNode;
  'data-testid'?: string;
}

const vendorColumn: ResponsiveColumn<RemediationRequestSummary> = {
  header: 'Vendor',
  cell: (request) => (
    <Anchor component={Link} to={paths.app.vendor.getHref(request.vendorId)} size="sm" fw={600}>
      {request.vendorName}
    </Anchor>
  ),
};

const requestColumns: ResponsiveColumn<RemediationRequestSummary>[] = [
  {
    header: 'Request',
    cell: (request) => (
      <Anchor
        component={Link}
        to={paths.app.remediationRequest.getHref(request.id)}
        size="sm"
        fw={600}
        data-testid="remediation-request-link"
      >
        {plural(request.checkIds.length, 'check')}
      </Anchor>
    ),
  },
  {
    header: 'Contact',
    cell: (request) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {request.contactEmail}
      </Text>
    ),
  },
  { header: 'Due', cell: (request) => <Text size="sm">{formatDueDate(request.dueAt)}</Text> },
  {
    header: 'State',
    cell: (request) => (
      <Group gap={4}>
        <RemediationStateBadges state={request.state} overdue={request.overdue} />
        {request.awaitingReview > 0 && (
          <Badge color="violet" variant="outline" data-testid="remediation-awaiting-review">
            {plural(request.awaitingReview, 'reply', 'replies')} to review
          </Badge>
        )}
      </Group>
    ),
  },
];

/** Remediation requests as a table (cards on a phone): what was asked of whom, by when, and where each stands. */
export function RemediationRequestsCard({
  title,
  query,
  emptyText,
  showVendor = false,
  footer,
  'data-testid': testId,
}: RemediationRequestsCardProps) {
  const columns = showVendor ? [vendorColumn, ...requestColumns] : requestColumns;
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={3} size="h4">
          {title}
        </Title>
        {query.data && (
          <Badge variant="light" data-testid="remediation-requests-total">
            {query.data.total.toLocaleString('en-US')}
          </Badge>
        )}
      </Group>
      {query.isPending ? (
        <SectionLoader label="Loading requests" />
      ) : query.isError ? (
        <Alert color="red" title="Failed to load remediation requests">
          {query.error.message}
        </Alert>
      ) : query.data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="md" data-testid="remediation-requests-empty">
          {emptyText}
        </Text>
      ) : (
        <Stack gap="sm">
          <ResponsiveTable
            label="Remediation requests"
            rows={query.data.items}
            rowKey={(request) => request.id}
            columns={columns}
            rowTestId="remediation-request-row"
            minWidth={showVendor ? 760 : 600}
          />
          {footer}
        </Stack>
      )}
    </Card>
  );
}
