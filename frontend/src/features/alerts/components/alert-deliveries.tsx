import { Badge, Card, Stack, Text, Title } from '@mantine/core';
import { ALERT_RULE_LABELS, MESSAGES, type AlertDelivery, type AlertDeliveryStatus } from '@vendorwatch/contracts';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { useAlertDeliveries } from '../api/get-alert-deliveries';

const STATUS_COLORS: Record<AlertDeliveryStatus, string> = { pending: 'gray', delivered: 'green', failed: 'red' };
const STATUS_LABELS: Record<AlertDeliveryStatus, string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' };

const columns: ResponsiveColumn<AlertDelivery>[] = [
  { header: 'When', cell: (delivery) => new Date(delivery.createdAt).toLocaleString() },
  {
    header: 'Alert',
    cell: (delivery) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {delivery.ruleKind === 'test' ? 'Test' : ALERT_RULE_LABELS[delivery.ruleKind]}: {delivery.subject}
      </Text>
    ),
  },
  { header: 'Channel', cell: (delivery) => delivery.channelName ?? '(removed)' },
  {
    header: 'Outcome',
    cell: (delivery) => (
      <>
        <Badge color={STATUS_COLORS[delivery.status]}>{STATUS_LABELS[delivery.status]}</Badge>
        {delivery.statusCode !== null && <Text size="xs">HTTP {delivery.statusCode}</Text>}
        {delivery.error && (
          <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
            {delivery.error}
          </Text>
        )}
      </>
    ),
  },
  { header: 'Attempts', cell: (delivery) => delivery.attempts },
];

/** Every alert sent, newest first, with how its delivery went: a table, or a card each on a phone. */
export function AlertDeliveries() {
  const deliveries = useAlertDeliveries();
  const items = deliveries.data?.items ?? [];
  return (
    <Card withBorder>
      <Stack>
        <Title order={3}>Deliveries</Title>
        {deliveries.data && items.length === 0 && <Text c="dimmed">{MESSAGES.alerts.noDeliveries}</Text>}
        {items.length > 0 && (
          <ResponsiveTable
            label="Deliveries"
            rows={items}
            rowKey={(delivery) => delivery.id}
            columns={columns}
            rowTestId="alert-delivery-row"
            minWidth={0}
          />
        )}
      </Stack>
    </Card>
  );
}
