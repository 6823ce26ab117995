import type { CrawlProgress } from '@vendorwatch/db';
import type { Frontier } from './frontier';

const MIN_INTERVAL_MS = 1000;

export type ProgressListener = (progress: CrawlProgress) => Promise<void> | void;

/**
 * Pages done / planned, written to the job row at most once a second (the UI polls every 5 s) and
 * handed to BullMQ's job.updateProgress for live subscribers.
 */
export class ProgressReporter {
  private lastWrite = 0;

  constructor(
    private readonly jobId: string,
    private readonly frontier: Pick<Frontier, 'counts'>,
    private readonly jobs: { writeProgress(id: string, progress: CrawlProgress): Promise<void> },
    private readonly listener: ProgressListener,
  ) {}

  async maybeReport(): Promise<void> {
    if (Date.now() - this.lastWrite < MIN_INTERVAL_MS) return;
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
