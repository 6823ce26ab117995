import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { portalPath } from './get-portal-request';

/** `POST /api/portal/:token/recheck`: 202 when a crawl of the site started; a refusal says why (one running, daily limit). */
export const requestRecheck = ({ token }: { token: string }) =>
  api.postWithStatus<unknown>(`${portalPath(token)}/recheck`, {}, { auth: false });

export const useRequestRecheck = () => useMutation({ mutationFn: requestRecheck });
