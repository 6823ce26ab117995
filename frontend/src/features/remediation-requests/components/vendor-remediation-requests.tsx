import { Alert, Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { plural } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { SectionLoader } from '@/components/ui/section-loader';
import { paths } from '@/config/paths';
import { useRemediationRequests } from '../api/get-remediation-requests';
import { RemediationStateBadges } from './remediation-badges';
import { formatDueDate } from './due-date';

/** A vendor's remediation requests: who was asked, for how many checks, by when, and where each stands. */
export function VendorRemediationRequests({ vendorId }: { vendorId: string }) {
  const requests = useRemediationRequests({ vendorId });
  return (
    <Card withBorder radius="md" padding="lg" data-testid="vendor-remediation-requests">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={3} size="h4">
          Requests
        </Title>
        {requests.data && <Badge variant="light">{requests.data.total}</Badge>}
      </Group>
      {requests.isPending ? (
        <SectionLoader label="Loading requests" />
      ) : requests.isError ? (
        <Alert color="red" title="Failed to load remediation requests">
          {requests.error.message}
        </Alert>
      ) : requests.data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          No fix has been requested from this vendor yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {requests.data.items.map((request) => (
            <Group
              key={request.id}
              justify="space-between"
              gap="xs"
              data-testid="remediation-request-row"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)', paddingBottom: 8 }}
            >
              <Stack gap={0} style={{ minWidth: 0, flex: '1 1 200px' }}>
                <Anchor component={Link} to={paths.app.remediationRequest.getHref(request.id)} size="sm" fw={600}>
                  {plural(request.checkIds.length, 'check')} · {request.contactEmail}
                </Anchor>
                <Text size="xs" c="dimmed">
                  Due {formatDueDate(request.dueAt)}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                {request.awaitingReview > 0 && (
                  <Badge color="violet" variant="outline" data-testid="remediation-awaiting-review">
                    {plural(request.awaitingReview, 'reply', 'replies')} to review
                  </Badge>
                )}
                <RemediationStateBadges state={request.state} overdue={request.overdue} />
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
