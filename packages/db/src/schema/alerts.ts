import type { AlertChannelKind, AlertDeliveryStatus, AlertEvent, AlertRuleKind, CheckSeverity } from '@vendorwatch/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { crawlJobs } from './crawling';
import { workspaceIdColumn } from './workspaces';

/**
 * Where a workspace's alerts go: an email address (once its owner confirmed it), or a webhook URL with its
 * signing secret. A webhook URL is a secret too (a Slack hook URL lets anyone post): it is stored
 * encrypted, and only its masked form is kept in clear.
 */
export const alertChannels = pgTable(
  'alert_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    name: text('name').notNull(),
    kind: text('kind').$type<AlertChannelKind>().notNull(),
    /** What the user is shown: the email address, or the webhook URL masked. */
    target: text('target').notNull(),
    /** AES-256-GCM ciphertext of the webhook URL; null for email (and for a webhook stored before it was encrypted). */
    targetEncrypted: text('target_encrypted'),
    /** HMAC of the target under the encryption key: finds a second channel to the same place without decrypting. */
    targetFingerprint: text('target_fingerprint'),
    /** AES-256-GCM ciphertext of the webhook's signing secret (shown to the user once); null for email. */
    secretEncrypted: text('secret_encrypted'),
    /** When the email address was confirmed through the link sent to it (webhooks: when added); null while pending. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** SHA-256 of the pending confirmation link's token (single use), and when that link lapses. */
    confirmationTokenHash: text('confirmation_token_hash'),
    confirmationExpiresAt: timestamp('confirmation_expires_at', { withTimezone: true }),
    /** When a message the user asked for (a test alert, a confirmation link) was last sent: the cooldown's start. */
    lastRequestedSendAt: timestamp('last_requested_send_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alert_channels_user_idx').on(t.userId),
    index('alert_channels_workspace_idx').on(t.workspaceId),
    uniqueIndex('alert_channels_confirmation_token_key')
      .on(t.confirmationTokenHash)
      .where(sql`${t.confirmationTokenHash} is not null`),
  ],
);

/** What a workspace wants to hear about; each firing rule is delivered to every channel of the workspace. */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    kind: text('kind').$type<AlertRuleKind>().notNull(),
    /** check_fails: the least severity that alerts (null: any). */
    minSeverity: text('min_severity').$type<CheckSeverity>(),
    /** pages_changed: alert above this share of pages changed. */
    thresholdPercent: integer('threshold_percent'),
    /** certificate_expiring: alert when a certificate of the vendor's HTTPS origins expires within this many days. */
    withinDays: integer('within_days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alert_rules_user_idx').on(t.userId),
    index('alert_rules_workspace_idx').on(t.workspaceId),
    // One rule per kind and parameters in a workspace: a second identical rule would only send the same
    // alert again. Per workspace, not per creator: a member may keep the same rule in each of their workspaces.
    uniqueIndex('alert_rules_workspace_kind_parameters_key').on(
      t.workspaceId,
      t.kind,
      sql`coalesce(${t.minSeverity}, '')`,
      sql`coalesce(${t.thresholdPercent}, 0)`,
      sql`coalesce(${t.withinDays}, 0)`,
    ),
  ],
);

/**
 * One alert to one channel, and how its delivery went. The BullMQ job id is the row id. A crawl
 * sends each channel one message per kind of event (the rules of that kind that fired are merged
 * into it), however often the crawl is evaluated: `event_key` (crawl and kind) is unique per channel.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    channelId: uuid('channel_id').references(() => alertChannels.id, { onDelete: 'set null' }),
    ruleId: uuid('rule_id').references(() => alertRules.id, { onDelete: 'set null' }),
    ruleKind: text('rule_kind').$type<AlertRuleKind | 'test'>().notNull(),
    crawlJobId: uuid('crawl_job_id').references(() => crawlJobs.id, { onDelete: 'set null' }),
    /** `<crawl id>:<rule kind>` for a crawl's alert; null for test alerts (and deliveries recorded before it existed). */
    eventKey: text('event_key'),
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
    index('alert_deliveries_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
    uniqueIndex('alert_deliveries_event_once_key')
      .on(t.channelId, t.eventKey)
      .where(sql`${t.eventKey} is not null`),
    index('alert_deliveries_crawl_job_idx').on(t.crawlJobId),
  ],
);
