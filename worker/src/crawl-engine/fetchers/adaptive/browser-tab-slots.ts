import { abortReasonOf, CrawlAbortedError } from '../../primitives/abort';

/**
 * The pages a worker process's adaptive crawls render at once (WORKER_MAX_CONCURRENT_RENDERS: by default
 * four per core, as rendering is CPU work). An adaptive crawl reads most pages over HTTP and holds a tab
 * only while the browser reads one of its samples, so its crawls are not counted as browser crawls (one
 * tab each, all along, the autoscaler's Chromium-pages bound): they take a slot here for each browser
 * reading, waiting in turn when every slot is taken.
 */
export class BrowserTabSlots {
  private taken = 0;
  private kept = 0;
  private readonly waiting: (() => void)[] = [];
  /**
   * Tabs kept between readings at most: as many as the slots. A kept tab holds its renderer's memory
   * (about 100 MB with a crawl's page in it); a crawl without one opens a context, and Chromium a new
   * renderer, for each reading: about 450 ms more of Chromium's CPU on a 2-core bench machine, four times
   * a reading in a kept tab (bench/diagnostics/render-cost.mjs). With half the slots, B11's four crawls on
   * four slots read 10 pages a second; with all of them and tabs kept from one recheck to the next, 15
   * (bench/README.md).
   */
  get maxKept(): number {
    return this.max;
  }

  constructor(readonly max: number) {}

  /**
   * Tabs this process's adaptive crawls hold right now: slots taken and tabs kept between readings (the
   * worker's heartbeat adds them to its browser pages). A kept tab that is reading counts twice: an
   * upper bound, never more than `maxKept` over.
   */
  get inUse(): number {
    return this.taken + this.kept;
  }

  /**
   * Takes one of the process's `maxKept` allowances to keep a tab open between a crawl's readings (a new
   * context and tab cost a reading about 100 ms and their CPU); false when every allowance is taken,
   * and the crawl closes its tab after each reading. Bounded so that hundreds of adaptive crawls hold a
   * few idle tabs, not hundreds.
   */
  keep(): boolean {
    if (this.kept >= this.maxKept) return false;
    this.kept++;
    return true;
  }

  /** Gives back an allowance keep() gave, once the crawl closed its tab. */
  unkeep(): void {
    if (this.kept > 0) this.kept--;
  }

  /** Runs `work` holding a slot; waits for one first, giving up with CrawlAbortedError when `signal` fires. */
  async use<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    await this.take(signal);
    try {
      return await work();
    } finally {
      this.give();
    }
  }

  private take(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(new CrawlAbortedError(abortReasonOf(signal)!));
    if (this.taken < this.max) {
      this.taken++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      // A slot given to a waiter passes from hand to hand: `taken` stays as it is.
      const granted = () => {
        signal.removeEventListener('abort', aborted);
        resolve();
      };
      const aborted = () => {
        this.waiting.splice(this.waiting.indexOf(granted), 1);
        reject(new CrawlAbortedError(abortReasonOf(signal)!));
      };
      this.waiting.push(granted);
      signal.addEventListener('abort', aborted, { once: true });
    });
  }

  private give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.taken--;
  }
}
