import { Inject, Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CrawlerConfigsRepository, CrawlerSettingsRepository, CrawlJobsRepository, VendorsRepository } from '@vendorwatch/db';
import { APP_CONFIG, CrawlStarter, JobQueues, VendorSchedulers, type AppConfig } from '@vendorwatch/runtime';

/**
 * The API's side of the queues: the one gateway (it enqueues, cancels, counts and reads heartbeats; it
 * never runs a job), the vendors' job schedulers, and the one path that starts crawls, shared with the
 * workers' scheduled runs. Its connections are producers: while Redis is unreachable a call fails at
 * once (503) rather than hold the request.
 */
@Module({
  providers: [
    {
      provide: JobQueues,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new JobQueues(config, { role: 'producer', connectionName: 'api' }),
    },
    {
      provide: VendorSchedulers,
      inject: [JobQueues],
      useFactory: (queues: JobQueues) => new VendorSchedulers(queues),
    },
    {
      provide: CrawlStarter,
      inject: [VendorsRepository, CrawlerSettingsRepository, CrawlerConfigsRepository, CrawlJobsRepository, JobQueues],
      useFactory: (
        vendors: VendorsRepository,
        crawlerSettings: CrawlerSettingsRepository,
        crawlerConfigs: CrawlerConfigsRepository,
        jobs: CrawlJobsRepository,
        queues: JobQueues,
      ) => new CrawlStarter({ vendors, crawlerSettings, crawlerConfigs, jobs, queues }),
    },
  ],
  exports: [JobQueues, VendorSchedulers, CrawlStarter],
})
export class JobQueuesModule implements OnModuleInit, OnModuleDestroy {
  constructor(@Inject(JobQueues) private readonly queues: JobQueues) {}

  onModuleInit(): Promise<void> {
    return this.queues.ready();
  }

  onModuleDestroy(): Promise<void> {
    return this.queues.close();
  }
}
