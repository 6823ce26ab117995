import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorThirdPartyList } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/vendors/:id/third-parties`: the companies behind its third-party hosts. */
export const getVendorThirdParties = ({ vendorId, signal }: { vendorId: string; signal?: AbortSignal }) =>
  api.get<VendorThirdPartyList>(`/api/vendors/${encodeURIComponent(vendorId)}/third-parties`, { signal });

export const getVendorThirdPartiesQueryOptions = (vendorId: string) =>
  queryOptions({
    queryKey: ['vendor-third-parties', vendorId],
    queryFn: ({ signal }) => getVendorThirdParties({ vendorId, signal }),
    retry: false,
  });

export const useVendorThirdParties = (vendorId: string) => useQuery(getVendorThirdPartiesQueryOptions(vendorId));
