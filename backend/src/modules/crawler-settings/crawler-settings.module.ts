import { Module } from '@nestjs/common';
import { VendorsModule } from '../vendors/vendors.module';
import { CrawlerSettingsController } from './crawler-settings.controller';
import { CrawlerSettingsService } from './crawler-settings.service';

@Module({
  imports: [VendorsModule],
  controllers: [CrawlerSettingsController],
  providers: [CrawlerSettingsService],
  exports: [CrawlerSettingsService],
})
export class CrawlerSettingsModule {}
