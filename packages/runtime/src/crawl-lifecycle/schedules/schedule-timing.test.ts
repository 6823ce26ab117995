import { scheduleInputSchema, type ScheduleInput } from '@vendorwatch/contracts';
import { scheduleProblem, scheduleRepeat } from './schedule-timing';

const schedule = (input: ScheduleInput) => scheduleInputSchema.parse(input);
const HOUR = 3600;

describe('scheduleRepeat', () => {
  it.each<[ScheduleInput, ReturnType<typeof scheduleRepeat>]>([
    [{ kind: 'off' }, null],
    [
      { kind: 'hourly', minute: 15, timezone: 'Asia/Tokyo' },
      { pattern: '15 * * * *', tz: 'Asia/Tokyo' },
    ],
    [
      { kind: 'daily', time: '09:05', timezone: 'Europe/Berlin' },
      { pattern: '5 9 * * *', tz: 'Europe/Berlin' },
    ],
    [
      { kind: 'weekly', weekday: 0, time: '23:30' },
      { pattern: '30 23 * * 0', tz: 'UTC' },
    ],
    [
      { kind: 'cron', cron: '0 6 * * 1-5', timezone: 'America/New_York' },
      { pattern: '0 6 * * 1-5', tz: 'America/New_York' },
    ],
    [{ kind: 'interval', everySeconds: 7200 }, { every: 7_200_000 }],
  ])('%j repeats as %j', (input, repeat) => {
    expect(scheduleRepeat(schedule(input))).toEqual(repeat);
  });
});

describe('scheduleProblem', () => {
  const now = new Date('2030-03-01T00:00:00Z');

  it('accepts the fixed kinds and cron expressions at most hourly', () => {
    for (const input of [
      { kind: 'hourly' },
      { kind: 'daily' },
      { kind: 'weekly' },
      { kind: 'cron', cron: '0 * * * *' },
      { kind: 'cron', cron: '0 0 1 1 *' },
      { kind: 'interval', everySeconds: HOUR },
    ] as ScheduleInput[])
      expect(scheduleProblem(schedule(input), HOUR, now)).toBeNull();
  });

  it('refuses a cron expression whose runs come closer than the floor anywhere among its next occurrences', () => {
    const tooFrequent = 'Schedules may run at most once every 60 minutes';
    expect(scheduleProblem(schedule({ kind: 'cron', cron: '*/30 * * * *' }), HOUR, now)).toBe(tooFrequent);
    // Hourly but for one pair of runs a day.
    expect(scheduleProblem(schedule({ kind: 'cron', cron: '0,59 12 * * *' }), HOUR, now)).toBe(tooFrequent);
    expect(scheduleProblem(schedule({ kind: 'interval', everySeconds: 60 }), HOUR, now)).toBe(tooFrequent);
  });

  it('lets an operator floor admit faster schedules', () => {
    expect(scheduleProblem(schedule({ kind: 'cron', cron: '*/5 * * * *' }), 60, now)).toBeNull();
    expect(scheduleProblem(schedule({ kind: 'interval', everySeconds: 2 }), 1, now)).toBeNull();
  });

  it('names the parser’s reason for an expression it cannot read', () => {
    expect(scheduleProblem(schedule({ kind: 'cron', cron: '61 * * * *' }), HOUR, now)).toMatch(/^Invalid cron expression: /);
  });
});
