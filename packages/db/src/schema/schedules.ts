import type { CrawlMethod, ScheduleKind, ScheduleRunOutcome } from '@vendorwatch/contracts';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { crawlJobs } from './crawling';
import { vendors } from './vendors';
import { workspaceIdColumn } from './workspaces';

/**
 * A vendor's re-crawl schedule (one per vendor). The database is the truth: the BullMQ job schedulers
 * that fire the runs are derived from these rows and reconciled with them when a worker starts.
 */
export const vendorSchedules = pgTable(
  'vendor_schedules',
  {
    vendorId: uuid('vendor_id')
      .primaryKey()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    kind: text('kind').$type<ScheduleKind>().notNull(),
    /** hourly: the minute past each hour. */
    minute: integer('minute').notNull().default(0),
    /** daily and weekly: HH:MM in `timezone`. */
    time: text('time').notNull().default('03:00'),
    /** weekly: 0 = Sunday … 6 = Saturday. */
    weekday: integer('weekday').notNull().default(1),
    cron: text('cron').notNull().default(''),
    /** interval: seconds between runs (only allowed at or above the operator's minimum). */
    everySeconds: integer('every_seconds').notNull().default(3600),
    /** IANA time zone the times and the cron expression are read in. */
    timezone: text('timezone').notNull().default('UTC'),
    method: text('method').$type<CrawlMethod>().notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vendor_schedules_user_id_idx').on(t.userId), index('vendor_schedules_workspace_id_idx').on(t.workspaceId)],
);

/** One row per fired run: the crawl it started, or why it was skipped. */
export const scheduleRuns = pgTable(
  'schedule_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    /** The BullMQ job id of the run (scheduler id and slot): unique, so a run is recorded and acted on once. */
    runKey: text('run_key').notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    outcome: text('outcome').$type<ScheduleRunOutcome>().notNull(),
    reason: text('reason'),
    crawlJobId: uuid('crawl_job_id').references(() => crawlJobs.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('schedule_runs_vendor_run_key').on(t.vendorId, t.runKey),
    index('schedule_runs_vendor_scheduled_for_idx').on(t.vendorId, t.scheduledFor.desc()),
    index('schedule_runs_workspace_id_idx').on(t.workspaceId),
  ],
);

/** Per-workspace switches of the schedules: the pause that holds every one of the workspace's schedules. */
export const schedulePreferences = pgTable('schedule_preferences', {
  workspaceId: workspaceIdColumn().primaryKey(),
  /** Who set the switch last. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  paused: boolean('paused').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
