import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorReviewList } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { VENDORS_QUERY_KEY } from './get-vendors';

/** `GET /api/vendors/:id/reviews`: the vendor's reviews, newest first. */
export const getVendorReviews = ({ vendorId, signal }: { vendorId: string; signal?: AbortSignal }) =>
  api.get<VendorReviewList>(`/api/vendors/${encodeURIComponent(vendorId)}/reviews`, { signal });

export const getVendorReviewsQueryOptions = (vendorId: string) =>
  queryOptions({
    // Under the vendors key: recording a review refreshes the vendor (its status) and this list together.
    queryKey: [...VENDORS_QUERY_KEY, vendorId, 'reviews'],
    queryFn: ({ signal }) => getVendorReviews({ vendorId, signal }),
    meta: { errorTitle: 'Failed to load the reviews' },
  });

export const useVendorReviews = ({ vendorId }: { vendorId: string }) => useQuery(getVendorReviewsQueryOptions(vendorId));
