import type { AlertChannelKind, AlertDeliveryStatus, AlertEvent, AlertRuleKind, CheckSeverity } from '@vendorwatch/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { crawlJobs } from './crawling';

/** Where a user's alerts go: an email address, or a webhook URL with its signing secret. */
export const alertChannels = pgTable(
  'alert_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<AlertChannelKind>().notNull(),
    target: text('target').notNull(),
    /** AES-256-GCM ciphertext of the webhook's signing secret (shown to the user once); null for email. */
    secretEncrypted: text('secret_encrypted'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_channels_user_idx').on(t.userId)],
);

/** What a user wants to hear about; each firing rule is delivered to every channel of the user. */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AlertRuleKind>().notNull(),
    /** check_fails: the least severity that alerts (null: any). */
    minSeverity: text('min_severity').$type<CheckSeverity>(),
    /** pages_changed: alert above this share of pages changed. */
    thresholdPercent: integer('threshold_percent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_rules_user_idx').on(t.userId)],
);

/**
 * One alert to one channel, and how its delivery went. The BullMQ job id is the row id; a rule
 * fires once per crawl and channel (the unique key), however often the crawl is evaluated.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id').references(() => alertChannels.id, { onDelete: 'set null' }),
    ruleId: uuid('rule_id').references(() => alertRules.id, { onDelete: 'set null' }),
    ruleKind: text('rule_kind').$type<AlertRuleKind | 'test'>().notNull(),
    crawlJobId: uuid('crawl_job_id').references(() => crawlJobs.id, { onDelete: 'set null' }),
    event: jsonb('event').$type<AlertEvent>().notNull(),
    status: text('status').$type<AlertDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    statusCode: integer('status_code'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('alert_deliveries_user_created_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('alert_deliveries_once_key')
      .on(t.channelId, t.ruleId, t.crawlJobId)
      .where(sql`${t.crawlJobId} is not null`),
  ],
);
