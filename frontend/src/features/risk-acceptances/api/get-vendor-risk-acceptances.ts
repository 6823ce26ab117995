import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type VendorRiskAcceptances } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { riskAcceptancesQueryKey } from './get-risk-acceptances';

/** `GET /api/vendors/:id/risk-acceptances`: the vendor's acceptances and the longest its tier allows. */
export const getVendorRiskAcceptances = ({ vendorId, signal }: { vendorId: string; signal?: AbortSignal }) =>
  api.get<VendorRiskAcceptances>(`/api/vendors/${encodeURIComponent(vendorId)}/risk-acceptances`, { signal });

export const getVendorRiskAcceptancesQueryOptions = (vendorId: string) =>
  queryOptions({
    queryKey: [...riskAcceptancesQueryKey, 'vendor', vendorId],
    queryFn: ({ signal }) => getVendorRiskAcceptances({ vendorId, signal }),
    meta: { errorTitle: MESSAGES.riskAcceptances.loadFailed },
  });

export const useVendorRiskAcceptances = ({ vendorId, enabled = true }: { vendorId: string; enabled?: boolean }) =>
  useQuery({ ...getVendorRiskAcceptancesQueryOptions(vendorId), enabled });
