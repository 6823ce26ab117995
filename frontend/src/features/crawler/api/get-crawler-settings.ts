import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorCrawlerSettings } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** The vendor's saved crawler settings, or (`saved: false`) the defaults with the vendor's URL. */
export const getCrawlerSettings = ({ vendorId, signal }: { vendorId: string; signal?: AbortSignal }) =>
  api.get<VendorCrawlerSettings>(`/api/vendors/${encodeURIComponent(vendorId)}/crawler-settings`, { signal });

export const getCrawlerSettingsQueryOptions = (vendorId: string) =>
  queryOptions({
    queryKey: ['crawler-settings', vendorId],
    queryFn: ({ signal }) => getCrawlerSettings({ vendorId, signal }),
  });

export const useCrawlerSettings = ({
  vendorId,
  queryConfig,
}: {
  vendorId: string;
  queryConfig?: QueryConfig<typeof getCrawlerSettingsQueryOptions>;
}) => useQuery({ ...getCrawlerSettingsQueryOptions(vendorId), ...queryConfig });
