import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PortalRecheck } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { getPortalRequestQueryOptions, portalPath } from './get-portal-request';

/** `POST /api/portal/:token/recheck`: 202 when a crawl of the site started; 409 one is running, 429 the daily limit. */
export const requestRecheck = ({ token }: { token: string }) =>
  api.post<PortalRecheck>(`${portalPath(token)}/recheck`, {}, { auth: false });

/** Refreshes the request either way: its `recheck` says whether one runs and how many are left today. */
export const useRequestRecheck = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRecheck,
    onSettled: (_answer, _error, { token }) =>
      queryClient.invalidateQueries({ queryKey: getPortalRequestQueryOptions(token).queryKey }),
  });
};
