import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type PageChangeDiff } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** `GET /api/crawls/:id/changes/pages/:pageChangeId`: one page's main text, word by word. */
export const getPageChangeDiff = ({
  crawlJobId,
  pageChangeId,
  signal,
}: {
  crawlJobId: string;
  pageChangeId: string;
  signal?: AbortSignal;
}) =>
  api.get<PageChangeDiff>(`/api/crawls/${encodeURIComponent(crawlJobId)}/changes/pages/${encodeURIComponent(pageChangeId)}`, {
    signal,
  });

export const getPageChangeDiffQueryOptions = (crawlJobId: string, pageChangeId: string) =>
  queryOptions({
    queryKey: ['crawl-changes', crawlJobId, 'diff', pageChangeId],
    queryFn: ({ signal }) => getPageChangeDiff({ crawlJobId, pageChangeId, signal }),
    // Stored crawls do not change: a diff once loaded stays right.
    staleTime: Infinity,
    meta: { errorTitle: MESSAGES.timeline.diffFailed },
  });

export const usePageChangeDiff = ({
  crawlJobId,
  pageChangeId,
  queryConfig,
}: {
  crawlJobId: string;
  pageChangeId: string;
  queryConfig?: QueryConfig<typeof getPageChangeDiffQueryOptions>;
}) => useQuery({ ...getPageChangeDiffQueryOptions(crawlJobId, pageChangeId), ...queryConfig });
