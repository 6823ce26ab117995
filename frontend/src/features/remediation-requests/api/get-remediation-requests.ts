import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RemediationRequestList } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';

export const REMEDIATION_REQUESTS_QUERY_KEY = ['remediation-requests'] as const;

/** `GET /api/remediation-requests?vendorId=`: one vendor's requests, newest first. */
export const getRemediationRequests = ({ vendorId, signal }: { vendorId: string; signal?: AbortSignal }) =>
  api.get<RemediationRequestList>('/api/remediation-requests', { params: { vendorId }, signal });

export const getRemediationRequestsQueryOptions = (vendorId: string) =>
  queryOptions({
    queryKey: [...REMEDIATION_REQUESTS_QUERY_KEY, 'list', vendorId],
    queryFn: ({ signal }) => getRemediationRequests({ vendorId, signal }),
    meta: { errorTitle: 'Failed to load remediation requests' },
  });

export const useRemediationRequests = ({ vendorId }: { vendorId: string }) =>
  useQuery(getRemediationRequestsQueryOptions(vendorId));
