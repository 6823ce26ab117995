import { queryOptions } from '@tanstack/react-query';
import type { PublicConfig } from '@vendorwatch/contracts';
import { api } from './api-client';

export const getPublicConfig = ({ signal }: { signal?: AbortSignal } = {}) =>
  // Fetched before anyone can be signed in, hence no bearer token.
  api.get<PublicConfig>('/api/public-config', { signal, auth: false });

export const getPublicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => getPublicConfig({ signal }),
    // Fixed for the life of the page: the auth client is built from it exactly once.
    staleTime: Infinity,
    gcTime: Infinity,
  });
