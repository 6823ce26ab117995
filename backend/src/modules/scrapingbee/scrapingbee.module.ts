import { Module } from '@nestjs/common';
import { CrawlerConfigsModule } from '../crawler-configs/crawler-configs.module';
import { ScrapingBeeController } from './scrapingbee.controller';
import { ScrapingBeeService } from './scrapingbee.service';

@Module({ imports: [CrawlerConfigsModule], controllers: [ScrapingBeeController], providers: [ScrapingBeeService] })
export class ScrapingBeeModule {}
