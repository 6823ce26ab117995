import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type Paginated, type RiskAcceptance, type RiskAcceptanceStateFilter } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';

/** The newest first; a workspace keeps few enough that the largest page holds what a person reads. */
const PAGE_SIZE = 100;

/** `GET /api/risk-acceptances?state=`: the workspace's acceptances in one state (computed when read). */
export const getRiskAcceptances = ({ state, signal }: { state: RiskAcceptanceStateFilter; signal?: AbortSignal }) =>
  api.get<Paginated<RiskAcceptance>>(`/api/risk-acceptances?state=${encodeURIComponent(state)}&limit=${PAGE_SIZE}`, { signal });

export const riskAcceptancesQueryKey = ['risk-acceptances'] as const;

export const getRiskAcceptancesQueryOptions = (workspaceId: string, state: RiskAcceptanceStateFilter) =>
  queryOptions({
    queryKey: [...riskAcceptancesQueryKey, workspaceId, 'list', state],
    queryFn: ({ signal }) => getRiskAcceptances({ state, signal }),
    meta: { errorTitle: MESSAGES.riskAcceptances.loadFailed },
  });

export const useRiskAcceptances = ({ workspaceId, state }: { workspaceId: string; state: RiskAcceptanceStateFilter }) =>
  useQuery(getRiskAcceptancesQueryOptions(workspaceId, state));
