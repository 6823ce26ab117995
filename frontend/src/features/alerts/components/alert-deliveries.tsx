import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { ALERT_RULE_LABELS, MESSAGES, type AlertDeliveryStatus } from '@vendorwatch/contracts';
import { useAlertDeliveries } from '../api/get-alert-deliveries';

const STATUS_COLORS: Record<AlertDeliveryStatus, string> = { pending: 'gray', delivered: 'green', failed: 'red' };
const STATUS_LABELS: Record<AlertDeliveryStatus, string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' };

/** Every alert sent, newest first, with how its delivery went. */
export function AlertDeliveries() {
  const deliveries = useAlertDeliveries();
  const items = deliveries.data?.items ?? [];
  return (
    <Card withBorder>
      <Stack>
        <Title order={3}>Deliveries</Title>
        {deliveries.data && items.length === 0 && <Text c="dimmed">{MESSAGES.alerts.noDeliveries}</Text>}
        {items.length > 0 && (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Alert</Table.Th>
                <Table.Th>Channel</Table.Th>
                <Table.Th>Outcome</Table.Th>
                <Table.Th>Attempts</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((delivery) => (
                <Table.Tr key={delivery.id} data-testid="alert-delivery-row">
                  <Table.Td>{new Date(delivery.createdAt).toLocaleString()}</Table.Td>
                  <Table.Td>
                    {delivery.ruleKind === 'test' ? 'Test' : ALERT_RULE_LABELS[delivery.ruleKind]}: {delivery.subject}
                  </Table.Td>
                  <Table.Td>{delivery.channelName ?? '(removed)'}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[delivery.status]}>{STATUS_LABELS[delivery.status]}</Badge>
                    {delivery.statusCode !== null && <Text size="xs">HTTP {delivery.statusCode}</Text>}
                    {delivery.error && (
                      <Text size="xs" c="red">
                        {delivery.error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{delivery.attempts}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
