import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type VendorSchedule } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** `GET /api/vendors/:id/schedule`: the vendor's schedule (off until saved) and its next run. */
export const getVendorSchedule = ({ vendorId, signal }: { vendorId: string; signal?: AbortSignal }) =>
  api.get<VendorSchedule>(`/api/vendors/${encodeURIComponent(vendorId)}/schedule`, { signal });

/** The key every vendor's schedule shares, for invalidating them all (the pause switch changes each). */
export const vendorSchedulesKey = ['schedules', 'vendor'] as const;

export const getVendorScheduleQueryOptions = (vendorId: string) =>
  queryOptions({
    queryKey: [...vendorSchedulesKey, vendorId],
    queryFn: ({ signal }) => getVendorSchedule({ vendorId, signal }),
    meta: { errorTitle: MESSAGES.schedules.loadFailed },
  });

export const useVendorSchedule = ({
  vendorId,
  queryConfig,
}: {
  vendorId: string;
  queryConfig?: QueryConfig<typeof getVendorScheduleQueryOptions>;
}) => useQuery({ ...getVendorScheduleQueryOptions(vendorId), ...queryConfig });
