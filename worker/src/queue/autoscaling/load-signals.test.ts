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
