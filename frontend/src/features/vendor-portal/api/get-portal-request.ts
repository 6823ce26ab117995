import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PortalRequest } from './types';

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

export const usePortalRequest = ({ token, refetchIntervalMs }: { token: string; refetchIntervalMs?: number | false }) =>
  useQuery({ ...getPortalRequestQueryOptions(token), refetchInterval: refetchIntervalMs ?? false });
