import { Module } from '@nestjs/common';
import { CrawlerConfigsModule } from '../crawler-configs/crawler-configs.module';
import { CrawlerSettingsModule } from '../crawler-settings/crawler-settings.module';
import { JobQueuesModule } from '../job-queues/job-queues.module';
import { VendorsModule } from '../vendors/vendors.module';
import { CrawlSessionsController } from './crawl-sessions.controller';
import { CrawlsController } from './crawls.controller';
import { CrawlsService } from './crawls.service';

@Module({
  imports: [VendorsModule, CrawlerSettingsModule, CrawlerConfigsModule, JobQueuesModule],
  controllers: [CrawlsController, CrawlSessionsController],
  providers: [CrawlsService],
})
export class CrawlsModule {}
