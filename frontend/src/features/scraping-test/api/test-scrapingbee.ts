import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export interface ScrapingBeeTestResult {
  success: boolean;
  message: string;
  /** Credits left on the active configuration's key, when the provider said. */
  credits: number | null;
}

/**
 * Asks the proxy to reach the scraping API with the active configuration's key. A GET, but run on
 * demand and never cached: each click is a new test, so it is a mutation, not a query.
 */
export const testScrapingBee = () => api.get<ScrapingBeeTestResult>('/api/scrapingbee/test');

export const useTestScrapingBee = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof testScrapingBee> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: testScrapingBee });
