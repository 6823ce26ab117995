import { ConcurrencyAutoscaler, DEFAULT_AUTOSCALER_LIMITS } from './concurrency-autoscaler';

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

  it('never goes above its upper bound', () => {
    const scaler = autoscaler(30, 8);
    for (let i = 0; i < 20; i++) scaler.decide(idle(scaler.desired));
    expect(scaler.desired).toBe(30);
  });
});
