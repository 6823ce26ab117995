import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatMessage, type CrawlerConfig } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** The signed-in user's crawler configurations; at most one has `isActive`. */
export const getCrawlerConfigs = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<CrawlerConfig[]>('/api/crawler-configs', { signal });

export const getCrawlerConfigsQueryOptions = () =>
  queryOptions({
    queryKey: ['crawler-configs'],
    queryFn: ({ signal }) => getCrawlerConfigs({ signal }),
    meta: { errorMessage: formatMessage.loadConfigsFailed },
  });

export const useCrawlerConfigs = ({ queryConfig }: { queryConfig?: QueryConfig<typeof getCrawlerConfigsQueryOptions> } = {}) =>
  useQuery({ ...getCrawlerConfigsQueryOptions(), ...queryConfig });
