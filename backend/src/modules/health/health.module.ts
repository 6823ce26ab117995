import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { CrawlsModule } from '../crawls/crawls.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({
  imports: [TerminusModule.forRoot({ logger: false }), CrawlsModule],
  controllers: [HealthController],
  providers: [HealthService],
})
export class HealthModule {}
