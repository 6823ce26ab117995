import { progressPercent, type CrawlProgress, type FrontierCounts } from '@vendorwatch/db';
import type { Frontier } from './frontier';

/**
 * Where a crawl's progress comes from and goes: the frontier's counts, and the job row told them
 * (CrawlFrontierRepository counts and writes in one statement).
 */
export interface ProgressStore extends Pick<Frontier, 'counts'> {
  /** Counts the frontier and writes the running job's progress; answers the counts. */
  writeProgress(jobId: string): Promise<FrontierCounts>;
}

const MIN_INTERVAL_MS = 1000;
/** Below the UI's 5-second poll, so every poll sees a crawl move. */
const MAX_INTERVAL_MS = 4000;
/** Progress writes a worker process allows itself per second across all its crawls. */
const WRITES_PER_SECOND = 10;

/**
 * How often a crawl writes its progress when `crawlsRunning` crawls share its process: once a
 * second while few run; with many, the process's writes stay near 10 a second. Each write is a count
 * over the frontier with an update of the job (one statement) and a BullMQ event: at 50 a second, a night of 30 crawls
 * per process, each finishing a page a second, wrote one for every page it stored — as many round
 * trips as the pages themselves (bench B12).
 */
export const progressIntervalMs = (crawlsRunning: number): number =>
  Math.min(MAX_INTERVAL_MS, Math.max(MIN_INTERVAL_MS, Math.ceil((crawlsRunning * 1000) / WRITES_PER_SECOND)));

export type ProgressListener = (progress: CrawlProgress) => Promise<void> | void;

/**
 * Pages done / planned, written to the job row at most once a second (the UI polls every 5 s) and
 * handed to BullMQ's job.updateProgress for live subscribers; less often when the process runs many
 * crawls (`intervalMs`, see progressIntervalMs).
 */
export class ProgressReporter {
  private lastWrite = 0;

  constructor(
    private readonly jobId: string,
    private readonly store: ProgressStore,
    private readonly listener: ProgressListener,
    private readonly intervalMs: () => number = () => MIN_INTERVAL_MS,
  ) {}

  async maybeReport(): Promise<void> {
    if (Date.now() - this.lastWrite < this.intervalMs()) return;
    await this.report();
  }

  async report(): Promise<CrawlProgress> {
    this.lastWrite = Date.now();
    const progress = progressOf(await this.store.writeProgress(this.jobId));
    await this.listener(progress);
    return progress;
  }

  async current(): Promise<CrawlProgress> {
    return progressOf(await this.store.counts(this.jobId));
  }
}

const progressOf = (counts: FrontierCounts): CrawlProgress => ({
  pagesDone: counts.done,
  pagesPlanned: counts.planned,
  progress: progressPercent(counts),
});
