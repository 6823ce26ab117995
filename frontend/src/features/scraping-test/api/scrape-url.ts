import { useMutation } from '@tanstack/react-query';
import { TIMEOUTS_MS, type ScrapeResult } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** One page through the scraping API, JavaScript rendering off (1 credit). */
export const scrapeUrl = ({ url }: { url: string }) =>
  api.post<ScrapeResult>('/api/scrapingbee/scrape', { url, render_js: false }, { timeoutMs: TIMEOUTS_MS.proxy });

export const useScrapeUrl = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof scrapeUrl> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: scrapeUrl });
