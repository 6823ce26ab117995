import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortalQuestionnairePage, PortalRequest as RemediationPortalRequest } from '@vendorwatch/contracts';

/** What a link opens: a remediation request, or a questionnaire (issue 41). */
export type PortalRequest = RemediationPortalRequest | PortalQuestionnairePage;
import { api } from '@/lib/api-client';

/** The portal's own paths: the token is the only credential, and no other API is called from the page. */
export const portalPath = (token: string) => `/api/portal/${encodeURIComponent(token)}`;

/** `GET /api/portal/:token`: the request the link was sent for; 404 once the link is dead or was never real. */
export const getPortalRequest = ({ token, signal }: { token: string; signal?: AbortSignal }) =>
  api.get<PortalRequest>(portalPath(token), { signal, auth: false });

export const getPortalRequestQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['vendor-portal', token],
    queryFn: ({ signal }) => getPortalRequest({ token, signal }),
  });

interface PortalRequestOptions {
  token: string;
  /** Read again every `refetchIntervalMs` while this holds (a re-check running). */
  refetchWhile?: (request: PortalRequest) => boolean;
  refetchIntervalMs?: number;
}

export const usePortalRequest = ({ token, refetchWhile, refetchIntervalMs = 5_000 }: PortalRequestOptions) =>
  useQuery({
    ...getPortalRequestQueryOptions(token),
    refetchInterval: (query) => (query.state.data && refetchWhile?.(query.state.data) ? refetchIntervalMs : false),
  });
