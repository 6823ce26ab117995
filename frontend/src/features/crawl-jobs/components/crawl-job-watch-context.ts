import { createContext, useContext } from 'react';

export interface WatchedCrawlJob {
  id: string;
  /** Named in the end-of-crawl toast ('Crawl completed for {vendor}'). */
  vendorName: string;
}

export const CrawlJobWatchContext = createContext<((job: WatchedCrawlJob) => void) | null>(null);

/** Follows a started job until it ends, then announces how it ended. */
export function useWatchCrawlJob() {
  const watch = useContext(CrawlJobWatchContext);
  if (!watch) throw new Error('useWatchCrawlJob needs a CrawlJobWatchProvider above it');
  return watch;
}
