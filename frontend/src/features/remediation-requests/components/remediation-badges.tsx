import { Badge, Group } from '@mantine/core';
import type { RemediationCheckStatus, RemediationState } from '@vendorwatch/contracts';

const STATE_LABELS: Record<RemediationState, string> = {
  sent: 'Sent',
  viewed: 'Viewed',
  responded: 'Responded',
  closed: 'Closed',
  cancelled: 'Cancelled',
};
const STATE_COLORS: Record<RemediationState, string> = {
  sent: 'blue',
  viewed: 'cyan',
  responded: 'violet',
  closed: 'green',
  cancelled: 'gray',
};

export const CHECK_STATUS_LABELS: Record<RemediationCheckStatus, string> = {
  open: 'Open',
  claimed_fixed: 'Vendor says fixed',
  compensating_control: 'Compensating control',
  disputed: 'Disputed',
  resolved: 'Resolved',
  accepted: 'Accepted',
};
const CHECK_STATUS_COLORS: Record<RemediationCheckStatus, string> = {
  open: 'gray',
  claimed_fixed: 'blue',
  compensating_control: 'violet',
  disputed: 'orange',
  resolved: 'green',
  accepted: 'teal',
};

/** A request's state, and "Overdue" beside it while it is open past its due date. */
export function RemediationStateBadges({ state, overdue }: { state: RemediationState; overdue: boolean }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={STATE_COLORS[state]} variant="light" data-testid="remediation-state" data-state={state}>
        {STATE_LABELS[state]}
      </Badge>
      {overdue && (
        <Badge color="red" variant="filled" data-testid="remediation-overdue">
          Overdue
        </Badge>
      )}
    </Group>
  );
}

export function RemediationCheckStatusBadge({ status }: { status: RemediationCheckStatus }) {
  return (
    <Badge color={CHECK_STATUS_COLORS[status]} variant="light" data-testid="remediation-check-status" data-status={status}>
      {CHECK_STATUS_LABELS[status]}
    </Badge>
  );
}
