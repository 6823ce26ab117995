import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type VendorListItem } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** The signed-in user's vendors, newest first (the server's order), each with its latest compliance label. */
export const getVendors = ({ signal }: { signal?: AbortSignal } = {}) => api.get<VendorListItem[]>('/api/vendors', { signal });

export const getVendorsQueryOptions = () =>
  queryOptions({
    queryKey: ['vendors'],
    queryFn: ({ signal }) => getVendors({ signal }),
    meta: { errorTitle: MESSAGES.vendors.loadFailed },
  });

export const useVendors = ({ queryConfig }: { queryConfig?: QueryConfig<typeof getVendorsQueryOptions> } = {}) =>
  useQuery({ ...getVendorsQueryOptions(), ...queryConfig });
