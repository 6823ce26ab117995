import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RemediationRequestList, RemediationStateFilter } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';

export const REMEDIATION_REQUESTS_QUERY_KEY = ['remediation-requests'] as const;

/** What a list asks for: one vendor's requests or the workspace's, of one state filter, one page. */
export interface RemediationRequestsParams {
  vendorId?: string;
  state?: RemediationStateFilter;
  page?: number;
  limit?: number;
}

/** `GET /api/remediation-requests?vendorId=&state=&page=&limit=`: newest first. */
export const getRemediationRequests = ({ params, signal }: { params: RemediationRequestsParams; signal?: AbortSignal }) =>
  api.get<RemediationRequestList>('/api/remediation-requests', { params: { ...params }, signal });

export const getRemediationRequestsQueryOptions = (params: RemediationRequestsParams) =>
  queryOptions({
    queryKey: [...REMEDIATION_REQUESTS_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getRemediationRequests({ params, signal }),
    meta: { errorTitle: 'Failed to load remediation requests' },
  });

export const useRemediationRequests = (params: RemediationRequestsParams) => useQuery(getRemediationRequestsQueryOptions(params));
