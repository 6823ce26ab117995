import { Module } from '@nestjs/common';
import { CrawlerConfigsController } from './crawler-configs.controller';
import { CrawlerConfigsService } from './crawler-configs.service';

@Module({ controllers: [CrawlerConfigsController], providers: [CrawlerConfigsService], exports: [CrawlerConfigsService] })
export class CrawlerConfigsModule {}
