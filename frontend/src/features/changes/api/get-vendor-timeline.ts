import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, MESSAGES, type Paginated, type TimelineEntry } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** `GET /api/vendors/:id/timeline`: the vendor's crawls, newest first, with rate, label and change counts. */
export const getVendorTimeline = ({ vendorId, page, signal }: { vendorId: string; page: number; signal?: AbortSignal }) =>
  api.get<Paginated<TimelineEntry>>(`/api/vendors/${encodeURIComponent(vendorId)}/timeline`, {
    params: { page, limit: LIMITS.pagination.defaultLimit },
    signal,
  });

export const getVendorTimelineQueryOptions = (vendorId: string, page = 1) =>
  queryOptions({
    queryKey: ['timeline', vendorId, page],
    queryFn: ({ signal }) => getVendorTimeline({ vendorId, page, signal }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: MESSAGES.timeline.loadFailed },
  });

export const useVendorTimeline = ({
  vendorId,
  page,
  queryConfig,
}: {
  vendorId: string;
  page: number;
  queryConfig?: QueryConfig<typeof getVendorTimelineQueryOptions>;
}) => useQuery({ ...getVendorTimelineQueryOptions(vendorId, page), ...queryConfig });
