import { MESSAGES, type CrawlJob } from '@vendorwatch/contracts';
import { api, crawlerService } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';

/**
 * `sessionId` is generated here, so results can be asked for by session. The answer's `sessionId`
 * wins: when the vendor already has a crawl running, the server returns that one — with its own
 * session, or null when it was started elsewhere (then the page follows it by its job id).
 */
export const startCrawler = ({ vendorId, sessionId }: { vendorId: string; sessionId: string }) =>
  api.post<CrawlJob>('/api/edge-functions/start-crawler', { vendor_id: vendorId, session_id: sessionId }, crawlerService);

export const useStartCrawler = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof startCrawler> } = {}) => {
  return useFeatureMutation(
    startCrawler,
    { onError: (error) => notifyError(MESSAGES.crawls.startCrawlerFailed, error) },
    mutationConfig,
  );
};
