import { LIMITS, type DeliverAlertPayload } from '@vendorwatch/contracts';
import { JOBS } from '../queue/jobs';
import type { TypedQueue } from '../queue/queues';

/** Enqueues a recorded delivery; its row id is the job id. Failed attempts are retried with exponential backoff. */
export async function enqueueAlertDelivery(queue: TypedQueue<'deliverAlert'>, deliveryId: string): Promise<void> {
  const payload: DeliverAlertPayload = { deliveryId };
  await queue.add(JOBS.deliverAlert.name, payload, {
    jobId: deliveryId,
    attempts: LIMITS.alerts.deliveryAttempts,
    backoff: { type: 'exponential', delay: LIMITS.alerts.backoffMs },
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  });
}
