import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** A page's screenshot: an `/api` path behind the bearer token, so an <img> cannot load it directly. */
export const getScreenshot = ({ url, signal }: { url: string; signal?: AbortSignal }) => api.getBlob(url, { signal });

export const getScreenshotQueryOptions = (url: string) =>
  queryOptions({
    queryKey: ['screenshots', url],
    queryFn: ({ signal }) => getScreenshot({ url, signal }),
    // A screenshot never changes once taken.
    staleTime: Infinity,
  });

export const useScreenshot = ({
  url,
  queryConfig,
}: {
  url: string;
  queryConfig?: QueryConfig<typeof getScreenshotQueryOptions>;
}) => useQuery({ ...getScreenshotQueryOptions(url), ...queryConfig });
