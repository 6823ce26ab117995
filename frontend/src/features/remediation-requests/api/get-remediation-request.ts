import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RemediationRequestDetail } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { REMEDIATION_REQUESTS_QUERY_KEY } from './get-remediation-requests';

export const remediationRequestPath = (requestId: string) => `/api/remediation-requests/${encodeURIComponent(requestId)}`;

/** `GET /api/remediation-requests/:id`: the request with each check's status, the vendor's replies and files, and its events. */
export const getRemediationRequest = ({ requestId, signal }: { requestId: string; signal?: AbortSignal }) =>
  api.get<RemediationRequestDetail>(remediationRequestPath(requestId), { signal });

export const getRemediationRequestQueryOptions = (requestId: string) =>
  queryOptions({
    // Under the list's key, so whatever refreshes the lists refreshes the open request too.
    queryKey: [...REMEDIATION_REQUESTS_QUERY_KEY, 'detail', requestId],
    queryFn: ({ signal }) => getRemediationRequest({ requestId, signal }),
    meta: { errorTitle: 'Failed to load the remediation request' },
  });

export const useRemediationRequest = ({ requestId }: { requestId: string }) =>
  useQuery(getRemediationRequestQueryOptions(requestId));
