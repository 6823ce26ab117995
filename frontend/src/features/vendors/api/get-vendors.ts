import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type Vendor } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** The signed-in user's vendors, newest first (the server's order). */
export const getVendors = ({ signal }: { signal?: AbortSignal } = {}) => api.get<Vendor[]>('/api/vendors', { signal });

export const getVendorsQueryOptions = () =>
  queryOptions({
    queryKey: ['vendors'],
    queryFn: ({ signal }) => getVendors({ signal }),
    meta: { errorTitle: MESSAGES.vendors.loadFailed },
  });

export const useVendors = ({ queryConfig }: { queryConfig?: QueryConfig<typeof getVendorsQueryOptions> } = {}) =>
  useQuery({ ...getVendorsQueryOptions(), ...queryConfig });
