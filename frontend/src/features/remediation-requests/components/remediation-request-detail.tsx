import { Alert, Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/workspace';
import { useCancelRemediationRequest } from '../api/cancel-remediation-request';
import { useDownloadRemediationAttachment } from '../api/download-remediation-attachment';
import { useRemediationRequest } from '../api/get-remediation-request';
import type {
  RemediationRequestCheck,
  RemediationRequestDetail as Detail,
  RemediationReply,
  RemediationEvent,
} from '@vendorwatch/contracts';
import { AWAITING_DECISION, isOpenRequest } from '../api/types';
import { CheckDecision } from './check-decision';
import { RemediationCheckStatusBadge, RemediationStateBadges } from './remediation-badges';
import { formatDueDate } from './due-date';

const REPLY_LABELS = { fixed: 'Fixed', compensating_control: 'Compensating control', disputed: 'Disputed' } as const;
const DECISION_LABELS = { accept: 'Accepted by the team', reject: 'Rejected by the team' } as const;

/** A line of a check's thread: the vendor's answer, or the team's decision on it. */
const replyHeading = (reply: RemediationReply) =>
  reply.author === 'workspace'
    ? reply.decision
      ? DECISION_LABELS[reply.decision]
      : 'The team'
    : reply.status
      ? REPLY_LABELS[reply.status]
      : 'The vendor';

const eventLine = (event: RemediationEvent) =>
  `${new Date(event.at).toLocaleString()} — ${event.type.replaceAll('_', ' ')} · ${event.actor}`;

const formatBytes = (size: number) =>
  size >= 1024 * 1024 ? `${(size / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(size / 1024))} KB`;

/** One request as the analyst follows it: where it stands, and per check the vendor's answers and files. */
export function RemediationRequestDetail({ requestId }: { requestId: string }) {
  const request = useRemediationRequest({ requestId });
  const canAct = useCan('remediation.write');
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
      {data.events.length > 0 && (
        <Card withBorder radius="md" padding="lg">
          <Title order={3} size="h5" mb="xs">
            History
          </Title>
          <List size="sm" spacing={4}>
            {data.events.map((event) => (
              <List.Item key={event.id}>{eventLine(event)}</List.Item>
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
          {request.vendorName}
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

function CheckCard({ requestId, check, canDecide }: { requestId: string; check: RemediationRequestCheck; canDecide: boolean }) {
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
            {check.replies.map((reply) => (
              <Text
                key={reply.id}
                size="sm"
                data-testid="remediation-reply"
                data-author={reply.author}
                style={{ overflowWrap: 'anywhere' }}
              >
                <b>{replyHeading(reply)}</b> ({new Date(reply.createdAt).toLocaleString()})
                {reply.comment ? `: ${reply.comment}` : ''}
              </Text>
            ))}
          </Stack>
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
