import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { ConcurrencyAutoscaler, DEFAULT_AUTOSCALER_LIMITS } from './concurrency-autoscaler';
import { CpuSignal, type CpuClock } from './load-signals';

/** A clock the test advances: each window, this process used `share` of one core. */
class TurnedClock implements CpuClock {
  cpu = 0;
  now = 0;
  advance(wallMicros: number, share: number): void {
    this.now += wallMicros;
    this.cpu += wallMicros * share;
  }
  cpuMicros = () => this.cpu;
  nowMicros = () => this.now;
}

describe('CPU load signal', () => {
  it("is this process's share of one core over the window, not the machine's", () => {
    const clock = new TurnedClock();
    const signal = new CpuSignal(0.95, clock);
    clock.advance(1_000_000, 0.12);
    expect(signal.sample()).toEqual({ overloaded: false, value: 0.12 });
    clock.advance(500_000, 0.99);
    expect(signal.sample()).toEqual({ overloaded: true, value: 0.99 });
    // Several threads (GC, libuv) may add up to more than one core: still overloaded.
    clock.advance(1_000_000, 1.4);
    expect(signal.sample().overloaded).toBe(true);
    expect(signal.sample()).toEqual({ overloaded: false, value: 0 });
  });

  it("counts the JavaScript thread's CPU, not the page reader threads'", async () => {
    const processMicros = () => process.cpuUsage().user + process.cpuUsage().system;
    // Work on another thread while this one waits: the process's CPU grows, the signal's does not.
    const signal = new CpuSignal(0.95);
    const before = processMicros();
    await new Promise((resolve, reject) => {
      const thread = new Worker(
        `const { createHash } = require('node:crypto'); const h = createHash('sha256');
         const block = Buffer.alloc(1 << 20); for (let i = 0; i < 600; i++) h.update(block); h.digest();`,
        { eval: true },
      );
      thread.once('exit', resolve).once('error', reject);
    });
    const threadWork = processMicros() - before;
    const { value } = signal.sample();
    expect(threadWork).toBeGreaterThan(100_000);
    expect(value).toBeLessThan(0.5);

    // Work on this thread: the signal sees all of it (to the kernel's 10 ms tick), however long the machine made it take.
    const busy = new CpuSignal(0.95);
    const startedAt = performance.now();
    const start = processMicros();
    const hash = createHash('sha256');
    const block = Buffer.alloc(1 << 20);
    for (let i = 0; i < 600; i++) hash.update(block);
    hash.digest();
    const ownWork = processMicros() - start;
    const seenMicros = busy.sample().value * (performance.now() - startedAt) * 1000;
    expect(ownWork).toBeGreaterThan(100_000);
    expect(seenMicros).toBeGreaterThan(ownWork * 0.8 - 20_000);
  });

  it('lets a politeness-bound load (little CPU, mostly waiting) scale up to the upper bound, and a busy thread down', () => {
    const clock = new TurnedClock();
    const signal = new CpuSignal(0.95, clock);
    const scaler = new ConcurrencyAutoscaler({ ...DEFAULT_AUTOSCALER_LIMITS, max: 300, initial: 8 });
    const decide = (share: number) => {
      clock.advance(1_000_000, share);
      const { overloaded } = signal.sample();
      return scaler.decide({ running: scaler.desired, backlog: true, overloaded: overloaded ? ['cpu'] : [] });
    };
    // Even at the upper bound a waiting crawl load keeps this process's thread well below one core.
    for (let i = 0; i < 20; i++) decide(Math.min(0.6, scaler.desired / 500));
    expect(scaler.desired).toBe(300);
    expect(decide(0.97)).toBeLessThan(300);
  });
});
