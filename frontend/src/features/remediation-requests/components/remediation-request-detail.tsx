import { Alert, Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/workspace';
import { useCancelRemediationRequest } from '../api/cancel-remediation-request';
import { useDownloadRemediationAttachment } from '../api/download-remediation-attachment';
import { useRemediationRequest } from '../api/get-remediation-request';
import {
  AWAITING_DECISION,
  isOpenRequest,
  type RemediationCheck,
  type RemediationRequestDetail as Detail,
  type RemediationReply,
} from '../api/types';
import { CheckDecision } from './check-decision';
import { RemediationCheckStatusBadge, RemediationStateBadges } from './remediation-badges';
import { formatDueDate } from './due-date';

/** The permission that lets a role act on requests (editors and up); viewers read. */
export const REMEDIATION_WRITE_PERMISSION = 'vendors.write' as const;

const REPLY_LABELS: Record<RemediationReply['status'], string> = {
  fixed: 'Fixed',
  compensating_control: 'Compensating control',
  disputed: 'Disputed',
};

const formatBytes = (size: number) =>
  size >= 1024 * 1024 ? `${(size / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(size / 1024))} KB`;

/** One request as the analyst follows it: where it stands, and per check the vendor's answers and files. */
export function RemediationRequestDetail({ requestId }: { requestId: string }) {
  const request = useRemediationRequest({ requestId });
  const canAct = useCan(REMEDIATION_WRITE_PERMISSION);
  if (request.isPending) return <PageLoader />;
  if (request.isError)
    return (
      <Alert color="red" title="Failed to load the remediation request">
        {request.error.message}
      </Alert>
    );
  const data = request.data;
  const open = isOpenRequest(data.state);
  return (
    <Stack gap="lg" data-testid="remediation-request">
      <RequestSummary request={data} canCancel={canAct && open} />
      {data.checks.map((check) => (
        <CheckCard key={check.checkId} requestId={data.id} check={check} canDecide={canAct && open} />
      ))}
      {data.events && data.events.length > 0 && (
        <Card withBorder radius="md" padding="lg">
          <Title order={3} size="h5" mb="xs">
            History
          </Title>
          <List size="sm" spacing={4}>
            {data.events.map((event, index) => (
              <List.Item key={event.id ?? index}>
                {new Date(event.at ?? event.createdAt ?? '').toLocaleString()} — {event.type.replaceAll('_', ' ')}
                {event.detail ? `: ${event.detail}` : ''}
              </List.Item>
            ))}
          </List>
        </Card>
      )}
    </Stack>
  );
}

function RequestSummary({ request, canCancel }: { request: Detail; canCancel: boolean }) {
  const cancel = useCancelRemediationRequest();
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <RemediationStateBadges state={request.state} overdue={request.overdue} />
          {canCancel && (
            <Button
              size="xs"
              color="red"
              variant="light"
              loading={cancel.isPending}
              onClick={() => cancel.mutate({ requestId: request.id })}
              data-testid="remediation-cancel"
            >
              Cancel request
            </Button>
          )}
        </Group>
        <Text size="sm">
          Due <b data-testid="remediation-due">{formatDueDate(request.dueAt)}</b> · asked {request.contactEmail}
        </Text>
        <Anchor component={Link} to={paths.app.vendor.getHref(request.vendorId)} size="sm">
          Open the vendor
        </Anchor>
        {request.message && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {request.message}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function CheckCard({ requestId, check, canDecide }: { requestId: string; check: RemediationCheck; canDecide: boolean }) {
  const download = useDownloadRemediationAttachment();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="remediation-check" data-check-id={check.checkId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {check.title}
          </Text>
          <RemediationCheckStatusBadge status={check.status} />
        </Group>
        {check.replies.length === 0 ? (
          <Text size="sm" c="dimmed">
            No reply from the vendor yet.
          </Text>
        ) : (
          <Stack gap={6}>
            {check.replies.map((reply, index) => (
              <Text key={reply.id ?? index} size="sm" data-testid="remediation-reply" style={{ overflowWrap: 'anywhere' }}>
                <b>{REPLY_LABELS[reply.status] ?? reply.status}</b>
                {reply.createdAt ? ` (${new Date(reply.createdAt).toLocaleString()})` : ''}: {reply.comment}
              </Text>
            ))}
          </Stack>
        )}
        {check.decisionNote && (
          <Text size="sm" c="dimmed">
            Your note: {check.decisionNote}
          </Text>
        )}
        {check.attachments.length > 0 && (
          <Group gap="xs">
            {check.attachments.map((file) => (
              <Button
                key={file.id}
                size="xs"
                variant="default"
                leftSection={<IconDownload size={14} />}
                onClick={() => download.mutate({ requestId, attachmentId: file.id, name: file.name })}
                data-testid="remediation-attachment"
                title={`SHA-256 ${file.sha256}`}
              >
                {file.name} ({formatBytes(file.size)})
              </Button>
            ))}
          </Group>
        )}
        {canDecide && AWAITING_DECISION.includes(check.status) && (
          <CheckDecision requestId={requestId} checkId={check.checkId} title={check.title} />
        )}
      </Stack>
    </Card>
  );
}
