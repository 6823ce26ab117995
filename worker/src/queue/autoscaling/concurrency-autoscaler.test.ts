import { ConcurrencyAutoscaler, DEFAULT_AUTOSCALER_LIMITS } from './concurrency-autoscaler';
import { DEFAULT_WORKER_MAX_CONCURRENCY, workerMaxConcurrency } from './worker-autoscaler.service';

const autoscaler = (max = 100, initial = 8) => new ConcurrencyAutoscaler({ ...DEFAULT_AUTOSCALER_LIMITS, max, initial });
const idle = (running: number, backlog = true) => ({ running, backlog, overloaded: [] });

describe('crawl concurrency autoscaler', () => {
  it('runs more while it uses what it has, work waits and nothing is overloaded', () => {
    const scaler = autoscaler();
    expect(scaler.decide(idle(8))).toBe(12);
    expect(scaler.decide(idle(12))).toBe(18);
  });

  it('does not grow while it is not using what it has, or nothing waits', () => {
    const scaler = autoscaler();
    expect(scaler.decide(idle(3))).toBe(8);
    expect(scaler.decide(idle(8, false))).toBe(8);
  });

  it('runs fewer when any signal is overloaded, down to the minimum', () => {
    const scaler = autoscaler(100, 20);
    expect(scaler.decide({ running: 20, backlog: true, overloaded: ['eventLoop'] })).toBe(18);
    for (let i = 0; i < 100; i++) scaler.decide({ running: 1, backlog: true, overloaded: ['memory'] });
    expect(scaler.desired).toBe(1);
  });

  it('waits for running crawls to end before lowering again: long jobs shed slowly', () => {
    const scaler = autoscaler(100, 50);
    const overloaded = (running: number) => scaler.decide({ running, backlog: true, overloaded: ['eventLoop'] });
    expect(overloaded(50)).toBe(45);
    // Still 50 running (none ended yet): the lower figure has not taken effect, so it holds.
    for (let i = 0; i < 10; i++) expect(overloaded(50)).toBe(45);
    // Down to it and still overloaded: the next step.
    expect(overloaded(45)).toBe(40);
  });

  it("grows no further than its fair share of the queue's crawls, so processes share a night evenly", () => {
    const scaler = autoscaler(200, 8);
    for (let i = 0; i < 20; i++) scaler.decide({ ...idle(scaler.desired), fairShare: 150 });
    expect(scaler.desired).toBe(150);
    // A share below what it runs already does not lower it (only overload does).
    expect(scaler.decide({ ...idle(150), fairShare: 100 })).toBe(150);
  });

  it('never goes above its upper bound', () => {
    const scaler = autoscaler(30, 8);
    for (let i = 0; i < 20; i++) scaler.decide(idle(scaler.desired));
    expect(scaler.desired).toBe(30);
  });

  it('takes half of a 1 000-vendor night at once by default, within seconds of it being enqueued', () => {
    const max = workerMaxConcurrency({ WORKER_MAX_CONCURRENCY: undefined, WORKER_CONCURRENCY: undefined });
    expect(max).toBe(DEFAULT_WORKER_MAX_CONCURRENCY);
    // One worker command on two cores: two processes share the thousand crawls.
    const scaler = autoscaler(max, 8);
    let decisions = 0;
    while (scaler.desired < 500 && decisions < 100) {
      scaler.decide({ ...idle(scaler.desired), fairShare: 500 });
      decisions++;
    }
    expect(scaler.desired).toBe(500);
    expect(decisions).toBeLessThanOrEqual(12);
  });

  it("keeps an operator's bound, under either name", () => {
    expect(workerMaxConcurrency({ WORKER_MAX_CONCURRENCY: 40, WORKER_CONCURRENCY: 80 })).toBe(40);
    expect(workerMaxConcurrency({ WORKER_MAX_CONCURRENCY: undefined, WORKER_CONCURRENCY: 80 })).toBe(80);
  });
});
