import { fill, MESSAGES, type ScheduleSettings } from '@vendorwatch/contracts';
import { CronExpressionParser } from 'cron-parser';

/** How BullMQ repeats a schedule: a cron pattern read in a time zone, or a fixed interval. */
export type ScheduleRepeat = { pattern: string; tz: string } | { every: number };

/** What decides when a schedule runs. */
export type ScheduleTiming = Pick<
  ScheduleSettings,
  'kind' | 'minute' | 'time' | 'weekday' | 'cron' | 'everySeconds' | 'timezone'
>;

/** The BullMQ repeat options of a schedule; null when it is off. */
export function scheduleRepeat(schedule: ScheduleTiming): ScheduleRepeat | null {
  const [hour, minute] = schedule.time.split(':').map(Number);
  const tz = schedule.timezone;
  switch (schedule.kind) {
    case 'off':
      return null;
    case 'hourly':
      return { pattern: `${schedule.minute} * * * *`, tz };
    case 'daily':
      return { pattern: `${minute} ${hour} * * *`, tz };
    case 'weekly':
      return { pattern: `${minute} ${hour} * * ${schedule.weekday}`, tz };
    case 'cron':
      return { pattern: schedule.cron, tz };
    case 'interval':
      return { every: schedule.everySeconds * 1000 };
  }
}

/** Occurrences of a cron expression looked at when judging how often it fires (a day of hourly runs and more). */
const CRON_SAMPLE = 200;

/**
 * Why the schedule may not be saved, or null: a cron expression the parser refuses, or a schedule
 * that would run more often than once per `minIntervalSeconds`. A cron expression is judged by the
 * shortest gap among its next occurrences, so `0,5 * * * *` is refused like `*\/5 * * * *`.
 */
export function scheduleProblem(schedule: ScheduleTiming, minIntervalSeconds: number, now = new Date()): string | null {
  const tooFrequent = fill(MESSAGES.schedules.tooFrequent, { minutes: Math.max(1, Math.round(minIntervalSeconds / 60)) });
  if (schedule.kind === 'interval') return schedule.everySeconds < minIntervalSeconds ? tooFrequent : null;
  if (schedule.kind !== 'cron') return null; // hourly at the least
  let times: number[];
  try {
    const expression = CronExpressionParser.parse(schedule.cron, { tz: schedule.timezone, currentDate: now, strict: false });
    times = expression.take(CRON_SAMPLE).map((date) => date.getTime());
  } catch (error) {
    return fill(MESSAGES.schedules.invalidCron, { reason: (error as Error).message });
  }
  if (times.length === 0) return fill(MESSAGES.schedules.invalidCron, { reason: 'it never fires' });
  for (let i = 1; i < times.length; i++) if (times[i]! - times[i - 1]! < minIntervalSeconds * 1000) return tooFrequent;
  return null;
}
