import { ConcurrencyAutoscaler, DEFAULT_AUTOSCALER_LIMITS } from './concurrency-autoscaler';
import { BrowserCpuSignal, CpuSignal, type CpuClock, type MachineCpuClock } from './load-signals';

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

/** The machine's cores, turned by the test: each window, `share` of their time was busy. */
class TurnedMachine implements MachineCpuClock {
  busy = 0;
  total = 0;
  advance(totalMs: number, share: number): void {
    this.total += totalMs;
    this.busy += totalMs * share;
  }
  ticks = () => ({ busy: this.busy, total: this.total });
}

describe("Chromium's CPU signal", () => {
  it("is the machine's busy share while browser pages are open, and says nothing without them", () => {
    const machine = new TurnedMachine();
    let pages = 3;
    const signal = new BrowserCpuSignal(() => pages, 0.95, machine);
    expect(signal.onOverload).toBe('hold');
    machine.advance(2000, 0.5);
    expect(signal.sample()).toEqual({ overloaded: false, value: 0.5 });
    machine.advance(2000, 0.99);
    expect(signal.sample()).toEqual({ overloaded: true, value: 0.99 });
    // The same busy machine with no page open (an http night, PostgreSQL busy): no signal.
    pages = 0;
    machine.advance(2000, 0.99);
    expect(signal.sample()).toEqual({ overloaded: false, value: 0.99 });
  });

  it('stops a browser load growing once the cores are busy, without lowering it', () => {
    const machine = new TurnedMachine();
    const scaler = new ConcurrencyAutoscaler({ ...DEFAULT_AUTOSCALER_LIMITS, max: 100, initial: 8 });
    const signal = new BrowserCpuSignal(() => scaler.desired, 0.95, machine);
    const decide = (share: number) => {
      machine.advance(2000, share);
      const { overloaded } = signal.sample();
      return scaler.decide({ running: scaler.desired, backlog: true, overloaded: [], saturated: overloaded ? [signal.name] : [] });
    };
    expect(decide(0.6)).toBe(12);
    for (let i = 0; i < 10; i++) expect(decide(1)).toBe(12);
    expect(decide(0.7)).toBe(18);
  });
});
