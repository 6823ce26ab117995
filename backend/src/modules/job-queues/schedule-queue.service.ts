import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, createQueue, VendorSchedulers, type AppConfig, type TypedQueue } from '@vendorwatch/runtime';

/** The API's handle on the vendors' BullMQ job schedulers: it upserts and removes them, workers fire them. */
@Injectable()
export class ScheduleQueueService extends VendorSchedulers implements OnModuleDestroy {
  private readonly schedulesQueue: TypedQueue<'scheduledCrawl'>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const queue = createQueue(config, 'scheduledCrawl', 'producer');
    super(queue);
    this.schedulesQueue = queue;
  }

  async onModuleDestroy(): Promise<void> {
    await this.schedulesQueue.close();
  }
}
