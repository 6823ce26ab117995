import type {
  FrontierCounts,
  FrontierEntry,
  FrontierRow,
  PageOutcome,
  RecordedPage,
  RedirectClaim,
  SkippedEntry,
} from '@vendorwatch/db';

export type { FrontierCounts, FrontierEntry, FrontierRow, PageOutcome, RecordedPage, RedirectClaim, SkippedEntry };

/**
 * What the crawl loop needs of its frontier: CrawlFrontierRepository (PostgreSQL) in production,
 * InMemoryFrontier in the fast tests. Both run the same contract tests (../testing/frontier-contract.ts).
 */
export interface Frontier {
  isSeeded(jobId: string): Promise<boolean>;
  seed(jobId: string, entries: FrontierEntry[], skipped: SkippedEntry[], maxPages: number): Promise<void>;
  releaseInProgress(jobId: string): Promise<number>;
  claimNext(jobId: string): Promise<FrontierRow | undefined>;
  claimRedirectTarget(jobId: string, entry: FrontierEntry): Promise<RedirectClaim>;
  msUntilNextDue(jobId: string): Promise<number | null>;
  retryLater(jobId: string, urls: string[], delayMs: number, error: string, credits?: number): Promise<void>;
  /** Answers the discovered URLs it added to the frontier, and the next URL it claimed when `outcome.claimNext` asks. */
  recordPage(jobId: string, url: string, outcome: PageOutcome): Promise<RecordedPage>;
  recordRedirect(jobId: string, urls: string[], target: string, note: string | null, credits?: number): Promise<void>;
  counts(jobId: string): Promise<FrontierCounts>;
  /** Credits a request cost that produced no frontier change (the start host's facts through a scraping API). */
  addCredits(jobId: string, credits: number): Promise<void>;
}
