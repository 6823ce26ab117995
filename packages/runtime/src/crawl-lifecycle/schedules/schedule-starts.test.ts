import { scheduleInputSchema, type ScheduleInput } from '@vendorwatch/contracts';
import { peakStartsPerWindow } from './schedule-starts';

const schedule = (input: ScheduleInput) => scheduleInputSchema.parse(input);
const HOUR = 3600;
const now = new Date('2030-03-01T00:00:00Z');

describe('peakStartsPerWindow', () => {
  it('counts an hourly schedule once in every hour, whatever its minute', () => {
    const hourly = [0, 15, 30, 45].map((minute) => schedule({ kind: 'hourly', minute }));
    expect(peakStartsPerWindow(hourly, HOUR, now)).toBe(4);
    expect(peakStartsPerWindow(Array(61).fill(schedule({ kind: 'hourly' })), HOUR, now)).toBe(61);
  });

  it('counts daily runs at the same time together, and at other times apart', () => {
    const atThree = Array(30).fill(schedule({ kind: 'daily', time: '03:00' }));
    const spread = Array.from({ length: 24 }, (_, hour) =>
      schedule({ kind: 'daily', time: `${String(hour).padStart(2, '0')}:00` }),
    );
    expect(peakStartsPerWindow(atThree, HOUR, now)).toBe(30);
    expect(peakStartsPerWindow(spread, HOUR, now)).toBe(1);
    // Three in the morning in Berlin is two in the morning in London: the same hour-long window holds both.
    const zones = [
      schedule({ kind: 'daily', time: '03:00', timezone: 'Europe/Berlin' }),
      schedule({ kind: 'daily', time: '02:30', timezone: 'Europe/London' }),
    ];
    expect(peakStartsPerWindow(zones, HOUR, now)).toBe(2);
  });

  it('adds an interval schedule to every window, and reads cron expressions by their runs', () => {
    expect(peakStartsPerWindow([schedule({ kind: 'interval', everySeconds: 2 })], HOUR, now)).toBe(1800);
    expect(peakStartsPerWindow([schedule({ kind: 'interval', everySeconds: 7200 })], HOUR, now)).toBe(1);
    expect(peakStartsPerWindow([schedule({ kind: 'cron', cron: '0 9-17 * * 1-5' })], 4 * HOUR, now)).toBe(4);
    expect(peakStartsPerWindow([schedule({ kind: 'off' })], HOUR, now)).toBe(0);
  });

  it('places hourly, daily and weekly runs where the same cron expression runs', () => {
    const pairs: [ScheduleInput, string][] = [
      [{ kind: 'hourly', minute: 20, timezone: 'Asia/Kolkata' }, '20 * * * *'],
      [{ kind: 'daily', time: '03:10', timezone: 'Europe/Berlin' }, '10 3 * * *'],
      [{ kind: 'weekly', weekday: 2, time: '23:50', timezone: 'America/New_York' }, '50 23 * * 2'],
    ];
    for (const [fixed, cron] of pairs) {
      const together = [schedule(fixed), schedule({ kind: 'cron', cron, timezone: fixed.timezone })];
      // In a one-minute window the two count together only where their runs fall on the same minute.
      expect([cron, peakStartsPerWindow(together, 60, now)]).toEqual([cron, 2]);
    }
  });

  it('lays out a thousand vendors of one user', () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      schedule({ kind: 'daily', time: `${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}` }),
    );
    // 1 000 daily runs over 24 hours: 42 or 41 in each hour, a few more in the busiest hour-long window.
    expect(peakStartsPerWindow(many, HOUR, now)).toBeGreaterThanOrEqual(42);
    expect(peakStartsPerWindow(many, HOUR, now)).toBeLessThan(60);
  });
});
