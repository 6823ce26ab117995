import { Alert, Badge, Button, Card, Code, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { auditSummaryText, MESSAGES, type AuditEntry, type AuditLogFilters } from '@vendorwatch/contracts';
import { useState } from 'react';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { SectionLoader } from '@/components/ui/section-loader';
import { useCurrentWorkspace } from '@/lib/workspace';
import { useExportAuditLog } from '../api/export-audit-log';
import { AUDIT_LOG_PAGE_SIZE, useAuditLog } from '../api/get-audit-log';
import { AuditLogFiltersForm } from './audit-log-filters';

const columns: ResponsiveColumn<AuditEntry>[] = [
  { header: 'Time', cell: (entry) => <Text size="sm">{new Date(entry.at).toLocaleString()}</Text> },
  {
    header: 'Actor',
    cell: (entry) => (
      <Group gap={6} wrap="wrap">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.actorLabel}
        </Text>
        {entry.actorType === 'api_key' && (
          <Badge size="xs" variant="outline">
            API key
          </Badge>
        )}
      </Group>
    ),
  },
  { header: 'Action', cell: (entry) => <Code data-testid="audit-action-cell">{entry.action}</Code> },
  {
    header: 'Target',
    cell: (entry) => (
      <Stack gap={0}>
        {entry.targetName && (
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="audit-target-name">
            {entry.targetName}
          </Text>
        )}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {entry.targetType.replaceAll('_', ' ')}
          {!entry.targetName && entry.targetId ? ` ${entry.targetId}` : ''}
        </Text>
      </Stack>
    ),
  },
  {
    header: 'Details',
    cell: (entry) => (
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} lineClamp={3}>
        {auditSummaryText(entry.summary) || '—'}
      </Text>
    ),
  },
  { header: 'Address', cell: (entry) => <Text size="xs">{entry.clientAddress ?? '—'}</Text> },
];

/** The workspace's audit trail: filters, pages and the CSV export of what the filters select. */
export function AuditLog() {
  const { workspace } = useCurrentWorkspace();
  const [filters, setFilters] = useState<AuditLogFilters>({});
  const [page, setPage] = useState(1);
  const log = useAuditLog({ workspaceId: workspace.id, filters, page });
  const exportCsv = useExportAuditLog();
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / AUDIT_LOG_PAGE_SIZE)) : 1;

  const apply = (next: AuditLogFilters) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <AuditLogFiltersForm onApply={apply} />
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="md" wrap="wrap">
          <Group gap="xs">
            <Title order={3} size="h4">
              Entries
            </Title>
            {log.data && (
              <Badge variant="light" data-testid="audit-total">
                {log.data.total}
              </Badge>
            )}
          </Group>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate({ workspaceId: workspace.id, filters })}
            data-testid="audit-export"
          >
            Export CSV
          </Button>
        </Group>
        {log.isPending ? (
          <SectionLoader label="Loading the audit log" />
        ) : log.isError ? (
          <Alert color="red" title={MESSAGES.auditLog.loadFailed}>
            {log.error.message}
          </Alert>
        ) : log.data.items.length === 0 ? (
          <Text c="dimmed" ta="center" py="md" data-testid="audit-empty">
            {MESSAGES.auditLog.none}
          </Text>
        ) : (
          <Stack>
            <ResponsiveTable
              label="Audit log"
              rows={log.data.items}
              rowKey={(entry) => entry.id}
              columns={columns}
              rowTestId="audit-row"
              minWidth={900}
            />
            {pages > 1 && (
              <Group justify="center">
                <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label="Audit log pages" />
              </Group>
            )}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
