import { abortReasonOf, CrawlAbortedError } from '../primitives/abort';
import type { Clock } from '../loop/clock';

interface Timer {
  at: number;
  seq: number;
  resolve: () => void;
}

/**
 * Virtual time for the fast crawl-engine tests: a sleep never waits for real. When every promise
 * has settled as far as it can (a setImmediate tick: the fakes do no real I/O), time jumps to the
 * earliest timer. A crawl with a 2 s delay between twenty requests runs in milliseconds, and the
 * gaps between its requests can still be checked exactly.
 */
export class VirtualClock implements Clock {
  private time = 0;
  private seq = 0;
  private timers: Timer[] = [];
  private ticking = false;

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal: AbortSignal): Promise<void> {
    const reason = abortReasonOf(signal);
    if (reason) return Promise.reject(new CrawlAbortedError(reason));
    return new Promise<void>((resolve, reject) => {
      const timer: Timer = { at: this.time + Math.max(0, ms), seq: this.seq++, resolve: () => undefined };
      const onAbort = () => {
        this.timers = this.timers.filter((t) => t !== timer);
        reject(new CrawlAbortedError(abortReasonOf(signal)!));
      };
      timer.resolve = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.timers.push(timer);
      this.tick();
    });
  }

  private tick(): void {
    if (this.ticking) return;
    this.ticking = true;
    setImmediate(() => {
      this.ticking = false;
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.timers.shift();
      if (!next) return;
      this.time = Math.max(this.time, next.at);
      next.resolve();
      if (this.timers.length > 0) this.tick();
    });
  }
}
