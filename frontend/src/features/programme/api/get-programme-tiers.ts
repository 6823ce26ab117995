import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgrammeTiers } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/programme/tiers`: the workspace's four tiers (the defaults until an admin saves others). */
export const getProgrammeTiers = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<ProgrammeTiers>('/api/programme/tiers', { signal });

export const getProgrammeTiersQueryOptions = () =>
  queryOptions({
    queryKey: ['programme', 'tiers'],
    queryFn: ({ signal }) => getProgrammeTiers({ signal }),
    meta: { errorTitle: 'Failed to load the tiers' },
  });

export const useProgrammeTiers = () => useQuery(getProgrammeTiersQueryOptions());
