import { Module } from '@nestjs/common';
import { CrawlerConfigsModule } from '../crawler-configs/crawler-configs.module';
import { CrawlerSettingsModule } from '../crawler-settings/crawler-settings.module';
import { VendorsModule } from '../vendors/vendors.module';
import { CrawlQueueService } from './crawl-queue.service';
import { CrawlSessionsController } from './crawl-sessions.controller';
import { CrawlsController } from './crawls.controller';
import { CrawlsService } from './crawls.service';

@Module({
  imports: [VendorsModule, CrawlerSettingsModule, CrawlerConfigsModule],
  controllers: [CrawlsController, CrawlSessionsController],
  providers: [CrawlsService, CrawlQueueService],
  exports: [CrawlQueueService],
})
export class CrawlsModule {}
