import { createQueue, enqueueAlertDelivery, type AppConfig, type TypedQueue } from '@vendorwatch/runtime';

/** The alerts queue as the worker enqueues deliveries on it (closed with the worker's resources). */
export class AlertDeliveryQueue {
  private readonly queue: TypedQueue<'deliverAlert'>;

  constructor(config: AppConfig) {
    this.queue = createQueue(config, 'deliverAlert');
  }

  enqueue(deliveryId: string): Promise<void> {
    return enqueueAlertDelivery(this.queue, deliveryId);
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
