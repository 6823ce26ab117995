import { timeAxis } from './pdf-trend-chart';

const at = (iso: string) => Date.parse(iso);

describe('the trend chart’s time axis', () => {
  it('spreads crawls of one day over hours, labelled by time of day, the date where it starts', () => {
    const times = ['2025-03-05T09:00:00Z', '2025-03-05T12:00:00Z', '2025-03-05T15:00:00Z'].map(at);
    const axis = timeAxis(times);
    expect(axis.ticks.map((tick) => tick.label)).toEqual(['03-05 09:00', '12:00', '15:00']);
    // Each crawl at its own place on the axis, in order, inside it.
    const position = (ms: number) => (ms - axis.start) / (axis.end - axis.start);
    const positions = times.map(position);
    expect(positions[0]).toBeGreaterThan(0);
    expect(positions[2]).toBeLessThan(1);
    expect(positions[1]! - positions[0]!).toBeCloseTo(positions[2]! - positions[1]!);
    expect(positions[1]! - positions[0]!).toBeGreaterThan(0.3);
  });

  it('labels by date when the crawls are days apart, and names the day where a finer axis crosses midnight', () => {
    expect(timeAxis([at('2025-03-01T12:00:00Z'), at('2025-03-09T12:00:00Z')]).ticks.map((tick) => tick.label)).toEqual([
      '2025-03-03',
      '2025-03-05',
      '2025-03-07',
      '2025-03-09',
    ]);
    const overnight = timeAxis([at('2025-03-05T20:00:00Z'), at('2025-03-06T04:00:00Z')]).ticks.map((tick) => tick.label);
    expect(overnight).toEqual(['03-05 21:00', '03-06 00:00', '03:00']);
  });

  it('keeps crawls of one sitting, a minute apart, apart', () => {
    const times = ['2025-03-05T09:00:10Z', '2025-03-05T09:01:00Z', '2025-03-05T09:01:40Z'].map(at);
    const axis = timeAxis(times);
    expect(axis.ticks.map((tick) => tick.label)).toEqual(['03-05 09:00:30', '09:01:00', '09:01:30']);
    const position = (ms: number) => (ms - axis.start) / (axis.end - axis.start);
    expect(position(times[1]!) - position(times[0]!)).toBeGreaterThan(0.4);
  });

  it('gives a lone crawl an hour either side', () => {
    const axis = timeAxis([at('2025-03-05T12:00:00Z')]);
    expect(axis.end - axis.start).toBeGreaterThan(2 * 3_600_000);
    expect(axis.ticks.length).toBeGreaterThan(1);
  });
});
