import { RATE_LIMIT_MESSAGES } from '@vendorwatch/contracts';
import { CronExpressionParser } from 'cron-parser';
import type { AppConfig } from '../../config';
import { scheduleRepeat, type ScheduleTiming } from './schedule-timing';

const MINUTES_PER_DAY = 24 * 60;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
/** The Unix epoch began on a Thursday: a week counted from it starts there (weekday 4). */
const EPOCH_WEEKDAY = 4;
/** Runs of one cron expression laid out, at most (one a minute for a day and more). */
const MAX_CRON_RUNS = 2000;

/**
 * Why a schedule may not be saved beside the user's other schedules, or null: together they would
 * start more crawls in some window than the user's crawl-start allowance (scheduled crawls count
 * against it like crawls started by hand). The message says how many starts per window remain.
 */
export function scheduleAllowanceProblem(
  schedule: ScheduleTiming,
  others: readonly ScheduleTiming[],
  config: Pick<AppConfig, 'CRAWL_STARTS_PER_WINDOW' | 'CRAWL_STARTS_WINDOW_SECONDS'>,
  now = new Date(),
): string | null {
  const limit = config.CRAWL_STARTS_PER_WINDOW;
  const window = config.CRAWL_STARTS_WINDOW_SECONDS;
  if (!scheduleRepeat(schedule) || peakStartsPerWindow([...others, schedule], window, now) <= limit) return null;
  const used = peakStartsPerWindow(others, window, now);
  return RATE_LIMIT_MESSAGES.scheduledStarts(limit, window, used, Math.max(0, limit - used));
}

/**
 * The most crawls a set of schedules starts within any window of `windowSeconds`: what the user's
 * crawl-start allowance must cover. Every run of a week is put on the minute of the week it falls
 * on (UTC, with each time zone's offset now), and a window slides round the week; an interval
 * schedule starts the same number of runs in every window, so it adds that number. Hourly, daily
 * and weekly runs are placed by arithmetic, so a user with a thousand vendors saves in milliseconds;
 * a cron expression is read by its next runs.
 */
export function peakStartsPerWindow(schedules: readonly ScheduleTiming[], windowSeconds: number, now = new Date()): number {
  const week = new Int32Array(MINUTES_PER_WEEK);
  const offsets = new Map<string, number>();
  const offsetOf = (tz: string) => offsets.get(tz) ?? offsets.set(tz, utcOffsetMinutes(tz, now)).get(tz)!;
  const at = (minuteOfWeek: number) => (week[mod(minuteOfWeek, MINUTES_PER_WEEK)]! += 1);
  let everyWindow = 0;
  for (const schedule of schedules) {
    const repeat = scheduleRepeat(schedule);
    if (!repeat) continue;
    if ('every' in repeat) {
      everyWindow += Math.ceil((windowSeconds * 1000) / repeat.every);
      continue;
    }
    const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
    const offset = offsetOf(repeat.tz);
    switch (schedule.kind) {
      case 'hourly':
        for (let h = 0; h < 7 * 24; h++) at(h * 60 + schedule.minute - offset);
        break;
      case 'daily':
        for (let day = 0; day < 7; day++) at(day * MINUTES_PER_DAY + hour * 60 + minute - offset);
        break;
      case 'weekly':
        at(mod(schedule.weekday - EPOCH_WEEKDAY, 7) * MINUTES_PER_DAY + hour * 60 + minute - offset);
        break;
      default:
        for (const run of cronRuns(repeat.pattern, repeat.tz, now)) at(Math.floor(run / 60_000));
    }
  }
  return maxWindowSum(week, Math.ceil(windowSeconds / 60)) + everyWindow;
}

/** The largest sum of `size` consecutive minutes, round the week. */
function maxWindowSum(week: Int32Array, size: number): number {
  const span = Math.min(size, MINUTES_PER_WEEK);
  let sum = 0;
  for (let i = 0; i < span; i++) sum += week[i]!;
  let peak = sum;
  for (let start = 1; start < MINUTES_PER_WEEK; start++) {
    sum += week[(start + span - 1) % MINUTES_PER_WEEK]! - week[start - 1]!;
    peak = Math.max(peak, sum);
  }
  return peak;
}

/** A week of a cron expression's runs from `from` (Unix ms); an expression that stops firing ends them. */
function cronRuns(pattern: string, tz: string, from: Date): number[] {
  const until = from.getTime() + MINUTES_PER_WEEK * 60_000;
  const runs: number[] = [];
  try {
    const expression = CronExpressionParser.parse(pattern, { tz, currentDate: from, strict: false });
    while (runs.length < MAX_CRON_RUNS) {
      const run = expression.next().getTime();
      if (run >= until) break;
      runs.push(run);
    }
  } catch {
    // No further run (scheduleProblem refuses expressions that cannot be read before they are saved).
  }
  return runs;
}

/** How far the zone's clock is ahead of UTC at `at`, in minutes. */
function utcOffsetMinutes(tz: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((local - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

const mod = (value: number, by: number) => ((value % by) + by) % by;
