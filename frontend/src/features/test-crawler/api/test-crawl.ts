import { useMutation } from '@tanstack/react-query';
import type { CrawlMethod, CrawlRunSettings, TestCrawlResult } from '@vendorwatch/contracts';
import { api, crawlerService } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export interface TestCrawlBody {
  url: string;
  method: CrawlMethod;
  settings: CrawlRunSettings;
}

/**
 * The server loads the page while the request waits, retries and wait time included: that may
 * approach a minute, so the usual 60 s limit would cut off a test that is about to succeed.
 */
const TEST_CRAWL_TIMEOUT_MS = 120_000;

/**
 * Tried again when no worker could take it yet (503) or nothing came back: a test stores nothing,
 * so a repeat is harmless (by the API method it may spend one more credit).
 */
const TEST_CRAWL_RETRY = { times: 3, delayMs: 1000 };

export const testCrawl = (body: TestCrawlBody) =>
  api.post<TestCrawlResult>('/api/crawls/test', body, {
    ...crawlerService,
    timeoutMs: TEST_CRAWL_TIMEOUT_MS,
    retry: TEST_CRAWL_RETRY,
  });

export const useTestCrawl = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof testCrawl> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: testCrawl });
