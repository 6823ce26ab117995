import { Injectable, Logger } from '@nestjs/common';
import { AlertsRepository } from '@vendorwatch/db';
import { SecretBox, type TypedJob } from '@vendorwatch/runtime';
import { UnrecoverableError } from 'bullmq';
import { AlertSender } from '../alerts/alert-sender';
import type { JobHandler } from '../queue/job-handler';

/**
 * Delivers one recorded alert to its channel. A failed attempt is recorded and thrown, so BullMQ
 * tries again with exponential backoff; the row says how many attempts were made and how the last went.
 */
@Injectable()
export class DeliverAlertHandler implements JobHandler<'deliverAlert'> {
  readonly job = 'deliverAlert' as const;
  private readonly logger = new Logger(DeliverAlertHandler.name);

  constructor(
    private readonly alerts: AlertsRepository,
    private readonly sender: AlertSender,
    private readonly secrets: SecretBox,
  ) {}

  async handle(job: TypedJob<'deliverAlert'>): Promise<{ status: 'delivered' | 'failed' }> {
    const found = await this.alerts.findDelivery(job.data.deliveryId);
    if (!found) throw new UnrecoverableError(`Alert delivery ${job.data.deliveryId} no longer exists`);
    const { delivery, channel } = found;
    if (delivery.status === 'delivered') return { status: 'delivered' };
    if (!channel) {
      await this.alerts.recordAttempt(delivery.id, { status: 'failed', statusCode: null, error: 'The channel was deleted' });
      throw new UnrecoverableError('The channel was deleted');
    }
    const outcome =
      channel.kind === 'webhook'
        ? await this.sender.webhook(channel.target, this.secrets.decrypt(channel.secretEncrypted ?? ''), delivery.event)
        : await this.sender.email(channel.target, delivery.event);
    const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    await this.alerts.recordAttempt(delivery.id, {
      status: outcome.ok ? 'delivered' : last ? 'failed' : 'pending',
      statusCode: outcome.statusCode,
      error: outcome.error,
    });
    if (outcome.ok) return { status: 'delivered' };
    this.logger.warn(
      `Alert ${delivery.id} to ${channel.kind} channel ${channel.id}: attempt ${job.attemptsMade + 1} failed: ${outcome.error}`,
    );
    throw new Error(outcome.error ?? 'Delivery failed');
  }
}
