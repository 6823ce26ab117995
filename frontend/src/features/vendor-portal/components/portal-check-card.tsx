import { Alert, Badge, Card, Group, List, Stack, Text } from '@mantine/core';
import type { PortalCheck, RemediationReply } from '@vendorwatch/contracts';
import { PortalAttachmentUpload } from './portal-attachment-upload';
import { PortalReplyForm } from './portal-reply-form';

const STATUS_LABELS: Record<PortalCheck['status'], string> = {
  open: 'Waiting for your answer',
  claimed_fixed: 'You said fixed',
  compensating_control: 'You described a compensating control',
  disputed: 'You disputed it',
  resolved: 'Resolved',
  accepted: 'Accepted',
};
const STATUS_COLORS: Record<PortalCheck['status'], string> = {
  open: 'gray',
  claimed_fixed: 'blue',
  compensating_control: 'violet',
  disputed: 'orange',
  resolved: 'green',
  accepted: 'teal',
};
const REPLY_LABELS = { fixed: 'Fixed', compensating_control: 'Compensating control', disputed: 'Disputed' } as const;
const DECISION_LABELS = { accept: 'Accepted by the team', reject: 'Not accepted by the team' } as const;

/** A line of the check's thread: the vendor's own answer, or the team's decision on it (a rejection's note is for the vendor). */
const replyHeading = (reply: RemediationReply) =>
  reply.author === 'workspace'
    ? reply.decision
      ? DECISION_LABELS[reply.decision]
      : 'The team'
    : reply.status
      ? REPLY_LABELS[reply.status]
      : 'You';
const EVIDENCE_SHOWN = 5;

/** One check asked about: what failed, the evidence, how to fix it; then the vendor's answer and files. */
export function PortalCheckCard({ token, check, canAnswer }: { token: string; check: PortalCheck; canAnswer: boolean }) {
  const settled = check.status === 'resolved' || check.status === 'accepted';
  const last = check.replies.at(-1);
  const rejected = last?.author === 'workspace' && last.decision === 'reject';
  return (
    <Card withBorder radius="md" padding="md" data-testid="portal-check" data-check-id={check.checkId} data-status={check.status}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere', flex: '1 1 200px' }}>
            {check.title}
          </Text>
          <Badge color={STATUS_COLORS[check.status]} variant="light" data-testid="portal-check-status">
            {STATUS_LABELS[check.status]}
          </Badge>
        </Group>
        <Stack gap={2}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            What failed
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {check.summary}
          </Text>
        </Stack>
        {check.evidence.length > 0 && (
          <Stack gap={2}>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              Evidence
            </Text>
            <List size="sm" spacing={2} style={{ overflowWrap: 'anywhere' }}>
              {check.evidence.slice(0, EVIDENCE_SHOWN).map((item, index) => (
                <List.Item key={index}>
                  {item.url ? `${item.url}: ` : ''}
                  {item.detail}
                </List.Item>
              ))}
            </List>
            {check.evidence.length > EVIDENCE_SHOWN && (
              <Text size="xs" c="dimmed">
                and {check.evidence.length - EVIDENCE_SHOWN} more
              </Text>
            )}
          </Stack>
        )}
        <Stack gap={2}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            How to fix it
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {check.howToFix}
          </Text>
        </Stack>
        {check.replies.length > 0 && (
          <Stack gap={2} data-testid="portal-replies">
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              Answers
            </Text>
            {check.replies.map((reply) => (
              <Text key={reply.id} size="sm" data-author={reply.author} style={{ overflowWrap: 'anywhere' }}>
                <b>{replyHeading(reply)}</b>
                {reply.comment ? `: ${reply.comment}` : ''}
              </Text>
            ))}
          </Stack>
        )}
        {rejected && (
          <Alert color="orange" title="Your answer was not accepted" data-testid="portal-decision-note">
            {last.comment || 'Please answer again.'}
          </Alert>
        )}
        {canAnswer && !settled && (
          <>
            <PortalReplyForm token={token} checkId={check.checkId} />
            <PortalAttachmentUpload token={token} checkId={check.checkId} attachments={check.attachments} />
          </>
        )}
      </Stack>
    </Card>
  );
}
