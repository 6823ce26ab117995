/**
 * Alerts: per user, rules that watch each crawl's outcome and comparison, and channels (email,
 * signed webhook) the alerts are delivered to. Every delivery is recorded with its outcome.
 */
import { z } from 'zod';
import { CHECK_SEVERITIES } from './compliance';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { isHttpUrl } from './schemas/common';

const M = MESSAGES.alerts;

export const ALERT_RULE_KINDS = [
  'label_drop',
  'check_fails',
  'policy_page_changed',
  'pages_changed',
  'crawl_failed',
  'certificate_expiring',
] as const;
export type AlertRuleKind = (typeof ALERT_RULE_KINDS)[number];
export const ALERT_RULE_LABELS: Record<AlertRuleKind, string> = {
  label_drop: 'Compliance label drops',
  check_fails: 'A check newly fails',
  policy_page_changed: 'A policy page changes',
  pages_changed: 'More than N % of pages change',
  crawl_failed: 'A crawl fails',
  certificate_expiring: 'A certificate expires within N days',
};

export const ALERT_CHANNEL_KINDS = ['email', 'webhook'] as const;
export type AlertChannelKind = (typeof ALERT_CHANNEL_KINDS)[number];

/** An email channel delivers once its address is confirmed through the link sent to it; a webhook at once. */
export const ALERT_CHANNEL_STATUSES = ['pending', 'confirmed'] as const;
export type AlertChannelStatus = (typeof ALERT_CHANNEL_STATUSES)[number];

export const ALERT_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type AlertDeliveryStatus = (typeof ALERT_DELIVERY_STATUSES)[number];

/** Webhook requests carry these: the Unix time in seconds, and `sha256=` HMAC-SHA256 of `timestamp.body`. */
export const WEBHOOK_HEADERS = { timestamp: 'x-vendorwatch-timestamp', signature: 'x-vendorwatch-signature' } as const;

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}\.[^\s@]{2,}$/;

export const alertChannelInputSchema = z
  .object({
    name: z
      .string({ error: M.nameRequired })
      .trim()
      .min(1, { error: M.nameRequired })
      .max(LIMITS.alerts.nameMaxLength, { error: M.nameTooLong }),
    kind: z.enum(ALERT_CHANNEL_KINDS, { error: M.invalidChannelKind }),
    target: z
      .string({ error: M.targetRequired })
      .trim()
      .min(1, { error: M.targetRequired })
      .max(2048, { error: M.targetTooLong }),
  })
  .superRefine((value, ctx) => {
    const valid = value.kind === 'email' ? value.target.length <= 254 && EMAIL.test(value.target) : isHttpUrl(value.target);
    if (!valid)
      ctx.addIssue({ code: 'custom', path: ['target'], message: value.kind === 'email' ? M.invalidEmail : M.invalidWebhookUrl });
  });
export type AlertChannelInput = z.output<typeof alertChannelInputSchema>;

export const alertRuleInputSchema = z
  .object({
    kind: z.enum(ALERT_RULE_KINDS, { error: M.invalidRuleKind }),
    minSeverity: z.enum(CHECK_SEVERITIES, { error: M.invalidSeverity }).nullable().default(null),
    thresholdPercent: z
      .number({ error: M.invalidPercent })
      .int({ error: M.invalidPercent })
      .min(1, { error: M.invalidPercent })
      .max(100, { error: M.invalidPercent })
      .nullable()
      .default(null),
    /** certificate_expiring: alert when a certificate of the vendor's HTTPS origins ends within this many days (default 30). */
    withinDays: z
      .number({ error: M.invalidDays })
      .int({ error: M.invalidDays })
      .min(LIMITS.certificateExpiryDays.min, { error: M.invalidDays })
      .max(LIMITS.certificateExpiryDays.max, { error: M.invalidDays })
      .nullable()
      .default(null),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'pages_changed' && value.thresholdPercent === null)
      ctx.addIssue({ code: 'custom', path: ['thresholdPercent'], message: M.invalidPercent });
  });
export type AlertRuleInput = z.output<typeof alertRuleInputSchema>;

/** POST /api/alerts/confirm-email: the token of the link sent to an email channel's address. */
export const alertEmailConfirmationSchema = z.object({
  token: z
    .string({ error: M.confirmationInvalid })
    .min(1, { error: M.confirmationInvalid })
    .max(LIMITS.alerts.tokenMaxLength, { error: M.confirmationInvalid }),
});
export type AlertEmailConfirmation = z.output<typeof alertEmailConfirmationSchema>;

export const confirmedAlertEmailSchema = z
  .object({ email: z.string().meta({ description: 'The address now confirmed for alerts' }) })
  .meta({ id: 'ConfirmedAlertEmail' });
export type ConfirmedAlertEmail = z.output<typeof confirmedAlertEmailSchema>;

export const alertChannelSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    kind: z.enum(ALERT_CHANNEL_KINDS),
    target: z.string().meta({ description: 'The email address, or the webhook URL masked (it is a secret)' }),
    status: z
      .enum(ALERT_CHANNEL_STATUSES)
      .meta({ description: 'pending: an email address not yet confirmed through the link sent to it (nothing is sent)' }),
    createdAt: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'AlertChannel' });
export type AlertChannel = z.output<typeof alertChannelSchema>;

export const createdAlertChannelSchema = alertChannelSchema
  .extend({
    secret: z.string().nullable().meta({ description: 'The webhook signing secret, shown this once (null for email channels)' }),
  })
  .meta({ id: 'CreatedAlertChannel' });
export type CreatedAlertChannel = z.output<typeof createdAlertChannelSchema>;

export const alertRuleSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(ALERT_RULE_KINDS),
    minSeverity: z.enum(CHECK_SEVERITIES).nullable(),
    thresholdPercent: z.number().int().nullable(),
    withinDays: z.number().int().nullable(),
    createdAt: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'AlertRule' });
export type AlertRule = z.output<typeof alertRuleSchema>;

export const alertDeliverySchema = z
  .object({
    id: z.uuid(),
    channelId: z.uuid().nullable(),
    channelName: z.string().nullable(),
    ruleKind: z.enum([...ALERT_RULE_KINDS, 'test']),
    crawlJobId: z.uuid().nullable(),
    subject: z.string(),
    status: z.enum(ALERT_DELIVERY_STATUSES),
    attempts: z.number().int(),
    statusCode: z.number().int().nullable(),
    error: z.string().nullable(),
    createdAt: z.string().meta({ format: 'date-time' }),
    deliveredAt: z.string().meta({ format: 'date-time' }).nullable(),
  })
  .meta({ id: 'AlertDelivery' });
export type AlertDelivery = z.output<typeof alertDeliverySchema>;

/** The JSON a webhook receives (and, as text, what an email says). */
export interface AlertEvent {
  rule: AlertRuleKind | 'test';
  subject: string;
  vendorId: string | null;
  vendorName: string | null;
  crawlJobId: string | null;
  /** The change in the app. */
  link: string;
  details: string[];
  occurredAt: string;
}

export interface DeliverAlertPayload {
  deliveryId: string;
}
