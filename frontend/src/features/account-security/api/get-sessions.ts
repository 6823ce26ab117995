import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type AccountSession } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** The user's open sessions, most recently active first. */
export const getSessions = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<AccountSession[]>('/api/account/sessions', { signal });

export const getSessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'sessions'],
    queryFn: ({ signal }) => getSessions({ signal }),
    meta: { errorTitle: MESSAGES.auth.loadSessionsFailed },
  });

export const useSessions = ({ queryConfig }: { queryConfig?: QueryConfig<typeof getSessionsQueryOptions> } = {}) =>
  useQuery({ ...getSessionsQueryOptions(), ...queryConfig });
