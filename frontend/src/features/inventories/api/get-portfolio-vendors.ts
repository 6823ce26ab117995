import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorInventorySummary } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/portfolio/vendors`: each assessed vendor's overall grade, vulnerable libraries and top third parties, by name. */
export const getPortfolioVendors = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<VendorInventorySummary[]>('/api/portfolio/vendors', { signal });

export const getPortfolioVendorsQueryOptions = () =>
  queryOptions({ queryKey: ['portfolio', 'vendors'], queryFn: ({ signal }) => getPortfolioVendors({ signal }) });

export const usePortfolioVendors = () => useQuery(getPortfolioVendorsQueryOptions());
