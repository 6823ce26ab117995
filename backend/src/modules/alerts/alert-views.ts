import type { AlertDelivery } from '@vendorwatch/contracts';
import type { AlertsRepository } from '@vendorwatch/db';

type DeliveryRow = Awaited<ReturnType<AlertsRepository['listDeliveries']>>['rows'][number];

/** A delivery as the API shows it: the event's subject, not its whole body. */
export const deliveryOf = (row: DeliveryRow): AlertDelivery => ({
  id: row.id,
  channelId: row.channelId,
  channelName: row.channelName,
  ruleKind: row.ruleKind,
  crawlJobId: row.crawlJobId,
  subject: row.event.subject,
  status: row.status,
  attempts: row.attempts,
  statusCode: row.statusCode,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});
