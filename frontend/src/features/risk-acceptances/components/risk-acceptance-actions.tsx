import { Button, Group, Text } from '@mantine/core';
import { can, type RiskAcceptance, type WorkspaceRole } from '@vendorwatch/contracts';
import { useDecideRiskAcceptance, type RiskAcceptanceAction } from '../api/decide-risk-acceptance';

interface RiskAcceptanceActionsProps {
  acceptance: RiskAcceptance;
  role: WorkspaceRole;
  userId: string | undefined;
}

/** What the caller may do to an acceptance, in the server's rules: who may decide, who may revoke. */
export function allowedActions(acceptance: RiskAcceptance, role: WorkspaceRole, userId: string | undefined) {
  const mine = userId !== undefined && acceptance.requestedByUserId === userId;
  const decider = can(role, 'riskAcceptances.decide');
  const open = acceptance.state === 'pending' || acceptance.state === 'approved';
  return {
    /** Shown to admins and owners on a pending one; disabled, with the reason, for its requester. */
    decide: acceptance.state === 'pending' && decider,
    decideRefusal: mine ? 'You asked for this acceptance: another admin or owner decides' : null,
    revoke: open && (decider || (mine && can(role, 'riskAcceptances.request'))),
  };
}

/** Approve / Reject for admins and owners other than the requester; Revoke for them and the requester. */
export function RiskAcceptanceActions({ acceptance, role, userId }: RiskAcceptanceActionsProps) {
  const decide = useDecideRiskAcceptance();
  const allowed = allowedActions(acceptance, role, userId);
  const busy = (action: RiskAcceptanceAction) =>
    decide.isPending && decide.variables.id === acceptance.id && decide.variables.action === action;
  const act = (action: RiskAcceptanceAction) => decide.mutate({ id: acceptance.id, action });
  const label = `${acceptance.vendorName}: ${acceptance.checkTitle}`;

  if (!allowed.decide && !allowed.revoke) return null;
  return (
    <Group gap="xs" justify="flex-end" wrap="wrap">
      {allowed.decide && (
        <>
          <Button
            size="xs"
            color="green"
            variant="light"
            disabled={allowed.decideRefusal !== null}
            title={allowed.decideRefusal ?? undefined}
            loading={busy('approve')}
            onClick={() => act('approve')}
            aria-label={`Approve ${label}`}
          >
            Approve
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={allowed.decideRefusal !== null}
            title={allowed.decideRefusal ?? undefined}
            loading={busy('reject')}
            onClick={() => act('reject')}
            aria-label={`Reject ${label}`}
          >
            Reject
          </Button>
        </>
      )}
      {allowed.revoke && (
        <Button
          size="xs"
          color="gray"
          variant="light"
          loading={busy('revoke')}
          onClick={() => {
            if (window.confirm(`Revoke the acceptance of “${label}”? The check counts again at once.`)) act('revoke');
          }}
          aria-label={`Revoke ${label}`}
        >
          Revoke
        </Button>
      )}
      {allowed.decide && allowed.decideRefusal && (
        <Text size="xs" c="dimmed" w="100%" ta="right" data-testid="self-approval-note">
          {allowed.decideRefusal}
        </Text>
      )}
    </Group>
  );
}
