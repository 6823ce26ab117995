import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type VendorListItem } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { VENDORS_QUERY_KEY } from './get-vendors';

/** `GET /api/vendors/:id`: one vendor with its grade, rate, last assessment and last crawl (404 when it is not the workspace's). */
export const getVendor = ({ vendorId, signal }: { vendorId: string; signal?: AbortSignal }) =>
  api.get<VendorListItem>(`/api/vendors/${encodeURIComponent(vendorId)}`, { signal });

export const getVendorQueryOptions = (vendorId: string) =>
  queryOptions({
    // Under the list's key, so whatever refreshes the list refreshes the vendor too.
    queryKey: [...VENDORS_QUERY_KEY, vendorId],
    queryFn: ({ signal }) => getVendor({ vendorId, signal }),
    meta: { errorTitle: MESSAGES.vendors.loadFailed },
  });

export const useVendor = ({
  vendorId,
  queryConfig,
}: {
  vendorId: string;
  queryConfig?: QueryConfig<typeof getVendorQueryOptions>;
}) => useQuery({ ...getVendorQueryOptions(vendorId), ...queryConfig });
