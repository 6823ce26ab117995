import { abortReasonOf, CrawlAbortedError } from '../../loop/abort';

/**
 * The pages a worker process's adaptive crawls render at once (WORKER_MAX_CONCURRENT_RENDERS: by default
 * four per core, as rendering is CPU work). An adaptive crawl reads most pages over HTTP and holds a tab
 * only while the browser reads one of its samples, so its crawls are not counted as browser crawls (one
 * tab each, all along, the autoscaler's Chromium-pages bound): they take a slot here for each browser
 * reading, waiting in turn when every slot is taken.
 */
export class BrowserTabSlots {
  private taken = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly max: number) {}

  /** Slots taken right now (the worker's heartbeat adds them to its browser pages). */
  get inUse(): number {
    return this.taken;
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
