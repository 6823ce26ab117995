import { z } from 'zod';
import { CRAWL_METHODS, crawlRunSettingsSchema } from '../crawl';
import { LIMITS } from '../limits';
import { fill, MESSAGES } from '../messages';
import { isoDateTime } from './common';
import { crawlRunSettingsInputSchema } from './crawl-job';

export const SCHEDULE_KINDS = ['off', 'hourly', 'daily', 'weekly', 'cron', 'interval'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

export const SCHEDULE_RUN_OUTCOMES = ['started', 'skipped', 'failed'] as const;
export type ScheduleRunOutcome = (typeof SCHEDULE_RUN_OUTCOMES)[number];

/** Whether this JavaScript runtime knows the IANA zone (browsers and Node share the ICU names). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const INTERVAL_INVALID = fill(MESSAGES.schedules.invalidInterval, { max: LIMITS.schedule.maxIntervalSeconds });

/**
 * PUT /api/vendors/:id/schedule. One flat shape for every kind (the form edits it as is); the
 * fields a kind does not use keep their values, so switching kinds back and forth loses nothing.
 * The cron expression's syntax and every kind's frequency are checked by the API, against the
 * operator's minimum interval.
 */
export const scheduleInputSchema = z
  .object({
    kind: z.enum(SCHEDULE_KINDS, { error: MESSAGES.schedules.invalidKind }),
    minute: z
      .number({ error: MESSAGES.schedules.invalidMinute })
      .int({ error: MESSAGES.schedules.invalidMinute })
      .min(0, { error: MESSAGES.schedules.invalidMinute })
      .max(59, { error: MESSAGES.schedules.invalidMinute })
      .default(0),
    time: z
      .string({ error: MESSAGES.schedules.invalidTime })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: MESSAGES.schedules.invalidTime })
      .default('03:00'),
    weekday: z
      .number({ error: MESSAGES.schedules.invalidWeekday })
      .int({ error: MESSAGES.schedules.invalidWeekday })
      .min(0, { error: MESSAGES.schedules.invalidWeekday })
      .max(6, { error: MESSAGES.schedules.invalidWeekday })
      .default(1),
    cron: z
      .string({ error: MESSAGES.schedules.cronRequired })
      .trim()
      .max(LIMITS.schedule.cronMaxLength, {
        error: fill(MESSAGES.schedules.cronTooLong, { max: LIMITS.schedule.cronMaxLength }),
      })
      .default(''),
    everySeconds: z
      .number({ error: INTERVAL_INVALID })
      .int({ error: INTERVAL_INVALID })
      .min(1, { error: INTERVAL_INVALID })
      .max(LIMITS.schedule.maxIntervalSeconds, { error: INTERVAL_INVALID })
      .default(LIMITS.schedule.minIntervalSeconds),
    timezone: z
      .string({ error: MESSAGES.schedules.invalidTimezone })
      .trim()
      .min(1, { error: MESSAGES.schedules.invalidTimezone })
      .max(LIMITS.schedule.timezoneMaxLength, { error: MESSAGES.schedules.invalidTimezone })
      .refine(isTimeZone, { error: MESSAGES.schedules.invalidTimezone })
      .default('UTC'),
    method: z.enum(CRAWL_METHODS, { error: MESSAGES.crawls.invalidMethod }).default('http'),
    settings: crawlRunSettingsInputSchema.default(crawlRunSettingsInputSchema.parse({})),
  })
  .superRefine((value, context) => {
    if (value.kind !== 'cron') return;
    if (!value.cron) context.addIssue({ code: 'custom', path: ['cron'], message: MESSAGES.schedules.cronRequired });
    else if (value.cron.split(/\s+/).length !== 5)
      context.addIssue({ code: 'custom', path: ['cron'], message: MESSAGES.schedules.cronFiveFields });
  });
export type ScheduleInput = z.input<typeof scheduleInputSchema>;
export type ScheduleSettings = z.output<typeof scheduleInputSchema>;

/** PUT /api/schedules/pause: the user-wide switch. */
export const schedulePauseSchema = z.object({
  paused: z.boolean({ error: MESSAGES.schedules.pausedMustBeBoolean }),
});
export type SchedulePause = z.output<typeof schedulePauseSchema>;

/** A vendor's schedule as the API shows it. */
export const vendorScheduleSchema = z
  .object({
    vendorId: z.uuid(),
    kind: z.enum(SCHEDULE_KINDS),
    minute: z.number().int(),
    time: z.string(),
    weekday: z.number().int(),
    cron: z.string(),
    everySeconds: z.number().int(),
    timezone: z.string(),
    method: z.enum(CRAWL_METHODS),
    settings: crawlRunSettingsSchema,
    /** When the next run fires; null when off, or when the user paused every schedule. */
    nextRunAt: isoDateTime.nullable(),
    paused: z.boolean(),
    updatedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'VendorSchedule' });
export type VendorSchedule = z.output<typeof vendorScheduleSchema>;

/** GET /api/schedules: the pause switch and every vendor's next run, for the vendors list. */
export const scheduleOverviewSchema = z
  .object({
    paused: z.boolean(),
    schedules: z.array(z.object({ vendorId: z.uuid(), kind: z.enum(SCHEDULE_KINDS), nextRunAt: isoDateTime.nullable() })),
  })
  .meta({ id: 'ScheduleOverview' });
export type ScheduleOverview = z.output<typeof scheduleOverviewSchema>;

export const scheduleRunSchema = z
  .object({
    id: z.uuid(),
    scheduledFor: isoDateTime,
    outcome: z.enum(SCHEDULE_RUN_OUTCOMES),
    reason: z.string().nullable(),
    crawlJobId: z.uuid().nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'ScheduleRun' });
export type ScheduleRun = z.output<typeof scheduleRunSchema>;
