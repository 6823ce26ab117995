import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorSoftware } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/vendors/:id/software`: libraries with advisories and technologies (404 before its first assessed crawl). */
export const getVendorSoftware = ({ vendorId, signal }: { vendorId: string; signal?: AbortSignal }) =>
  api.get<VendorSoftware>(`/api/vendors/${encodeURIComponent(vendorId)}/software`, { signal });

export const getVendorSoftwareQueryOptions = (vendorId: string) =>
  queryOptions({
    queryKey: ['vendor-software', vendorId],
    queryFn: ({ signal }) => getVendorSoftware({ vendorId, signal }),
    retry: false,
  });

export const useVendorSoftware = (vendorId: string) => useQuery(getVendorSoftwareQueryOptions(vendorId));
