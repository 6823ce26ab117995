import { Injectable } from '@nestjs/common';
import { AlertsRepository } from '@vendorwatch/db';
import { deliveryTarget, SecretBox, type TypedJob } from '@vendorwatch/runtime';
import { DelayedError, UnrecoverableError } from 'bullmq';
import { AlertSender } from '../alerts/alert-sender';
import { DeliverySlots } from '../alerts/delivery-slots';
import type { JobHandler, JobRunContext } from '../queue/job-handler';

/** How soon a delivery held back by its user's in-flight cap looks again. */
const USER_BUSY_RETRY_MS = 1_000;

/**
 * Delivers one recorded alert to its channel. A failed attempt is recorded and thrown, so BullMQ
 * tries again with exponential backoff; the row says how many attempts were made and how the last went.
 * A user has at most ALERT_DELIVERIES_IN_FLIGHT_PER_USER deliveries in flight: one more waits (not
 * counted as an attempt) and the worker's slot goes to someone else's alert meanwhile.
 */
@Injectable()
export class DeliverAlertHandler implements JobHandler<'deliverAlert'> {
  readonly job = 'deliverAlert' as const;
  constructor(
    private readonly alerts: AlertsRepository,
    private readonly sender: AlertSender,
    private readonly secrets: SecretBox,
    private readonly slots: DeliverySlots,
  ) {}

  async handle(
    job: TypedJob<'deliverAlert'>,
    { signal, token, log }: JobRunContext,
  ): Promise<{ status: 'delivered' | 'failed' }> {
    const found = await this.alerts.findDelivery(job.data.deliveryId);
    if (!found) throw new UnrecoverableError(`Alert delivery ${job.data.deliveryId} no longer exists`);
    const { delivery, channel } = found;
    if (delivery.status === 'delivered') return { status: 'delivered' };
    if (!channel?.confirmedAt) {
      const reason = channel ? 'The email address is not confirmed yet' : 'The channel was deleted';
      await this.alerts.recordAttempt(delivery.id, { status: 'failed', statusCode: null, error: reason });
      throw new UnrecoverableError(reason);
    }
    if (!(await this.slots.acquire(delivery.userId, delivery.id))) {
      await job.moveToDelayed(Date.now() + USER_BUSY_RETRY_MS, token);
      throw new DelayedError();
    }
    let outcome;
    try {
      const target = deliveryTarget(this.secrets, channel);
      outcome =
        channel.kind === 'webhook'
          ? await this.sender.webhook(target, this.secrets.decrypt(channel.secretEncrypted ?? ''), delivery.event, signal)
          : await this.sender.email(target, delivery.event);
    } finally {
      await this.slots.release(delivery.userId, delivery.id);
    }
    const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    await this.alerts.recordAttempt(delivery.id, {
      status: outcome.ok ? 'delivered' : last ? 'failed' : 'pending',
      statusCode: outcome.statusCode,
      error: outcome.error,
    });
    if (outcome.ok) return { status: 'delivered' };
    log.warn(
      `Alert ${delivery.id} to ${channel.kind} channel ${channel.id}: attempt ${job.attemptsMade + 1} failed: ${outcome.error}`,
    );
    throw new Error(outcome.error ?? 'Delivery failed');
  }
}
