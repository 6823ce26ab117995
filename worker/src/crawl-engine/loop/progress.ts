import type { CrawlProgress } from '@vendorwatch/db';
import type { Frontier } from './frontier';

const MIN_INTERVAL_MS = 1000;
/** Below the UI's 5-second poll, so every poll sees a crawl move. */
const MAX_INTERVAL_MS = 4000;
/** Progress writes a worker process allows itself per second across all its crawls. */
const WRITES_PER_SECOND = 10;

/**
 * How often a crawl writes its progress when `crawlsRunning` crawls share its process: once a
 * second while few run; with many, the process's writes stay near 10 a second. Each write is a count
 * over the frontier, an update of the job and a BullMQ event: at 50 a second, a night of 30 crawls
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
    private readonly frontier: Pick<Frontier, 'counts'>,
    private readonly jobs: { writeProgress(id: string, progress: CrawlProgress): Promise<void> },
    private readonly listener: ProgressListener,
    private readonly intervalMs: () => number = () => MIN_INTERVAL_MS,
  ) {}

  async maybeReport(): Promise<void> {
    if (Date.now() - this.lastWrite < this.intervalMs()) return;
    await this.report();
  }

  async report(): Promise<CrawlProgress> {
    this.lastWrite = Date.now();
    const progress = await this.current();
    await this.jobs.writeProgress(this.jobId, progress);
    await this.listener(progress);
    return progress;
  }

  async current(): Promise<CrawlProgress> {
    const counts = await this.frontier.counts(this.jobId);
    const percent = counts.planned === 0 ? 0 : Math.floor((counts.done / counts.planned) * 100);
    return { pagesDone: counts.done, pagesPlanned: counts.planned, progress: percent };
  }
}
