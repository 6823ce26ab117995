import { Anchor, Badge, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  MESSAGES,
  RISK_ACCEPTANCE_STATE_LABELS,
  type RiskAcceptance,
  type RiskAcceptanceState,
  type RiskAcceptanceStateFilter,
} from '@vendorwatch/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ListCard } from '@/components/ui/list-card';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { useCurrentWorkspace } from '@/lib/workspace';
import { getRiskAcceptancesQueryOptions } from '../api/get-risk-acceptances';
import { RiskAcceptanceActions } from './risk-acceptance-actions';

const FILTERS: { value: RiskAcceptanceStateFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'active', label: 'Active' },
  { value: 'expired', label: 'Expired' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'revoked', label: 'Revoked' },
];

const STATE_COLORS: Record<RiskAcceptanceState, string> = {
  pending: 'yellow',
  approved: 'violet',
  rejected: 'red',
  revoked: 'gray',
  expired: 'orange',
};

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The workspace's risk acceptances by state, with what the caller may do to each. */
export function RiskAcceptancesList({ initialState = 'pending' }: { initialState?: RiskAcceptanceStateFilter }) {
  const { workspace } = useCurrentWorkspace();
  const user = useUser();
  const [state, setState] = useState<RiskAcceptanceStateFilter>(initialState);
  const query = useQuery({ ...getRiskAcceptancesQueryOptions(workspace.id, state), select: (page) => page.items });

  const columns: ResponsiveColumn<RiskAcceptance>[] = [
    {
      header: 'Check',
      cell: (row) => (
        <Stack gap={2}>
          <Anchor component={Link} to={paths.app.vendor.getHref(row.vendorId)} size="sm" fw={600}>
            {row.vendorName}
          </Anchor>
          <Text size="sm">{row.checkTitle}</Text>
        </Stack>
      ),
    },
    {
      header: 'Justification',
      cell: (row) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {row.justification}
        </Text>
      ),
    },
    {
      header: 'Until',
      cell: (row) => (
        <Stack gap={2} align="flex-start">
          <Badge color={STATE_COLORS[row.state]} variant="light" data-testid="risk-acceptance-state">
            {RISK_ACCEPTANCE_STATE_LABELS[row.state]}
          </Badge>
          <Text size="sm">{day(row.expiresAt)}</Text>
        </Stack>
      ),
    },
    {
      header: 'Asked by',
      cell: (row) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.requestedByEmail ?? 'A former member'}
        </Text>
      ),
    },
    {
      header: '',
      align: 'right',
      cell: (row) => <RiskAcceptanceActions acceptance={row} role={workspace.role} userId={user?.id} />,
    },
  ];

  return (
    <Stack gap="md">
      <SegmentedControl
        value={state}
        onChange={(value) => setState(value as RiskAcceptanceStateFilter)}
        data={FILTERS}
        fullWidth
        aria-label="State"
        data-testid="risk-acceptance-filter"
        style={{ overflowX: 'auto' }}
      />
      <ListCard
        title={`${FILTERS.find((filter) => filter.value === state)!.label} acceptances`}
        query={query}
        loadingLabel="Loading risk acceptances"
        errorTitle={MESSAGES.riskAcceptances.loadFailed}
        emptyText={MESSAGES.riskAcceptances.none}
        emptyTestId="risk-acceptances-empty"
      >
        {(rows) => (
          <ResponsiveTable
            label="Risk acceptances"
            rows={rows}
            rowKey={(row) => row.id}
            columns={columns}
            rowTestId="risk-acceptance-row"
            minWidth={860}
          />
        )}
      </ListCard>
    </Stack>
  );
}
